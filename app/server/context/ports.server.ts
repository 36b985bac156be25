import { getDb } from "../db/db.server";
import type { Db } from "../db/kysely.server";
import type { Ports, PropertyManagers } from "../domain/core/context.server";
import { getBankIdClient } from "../integrations/bankid/index.server";
import { getCompanyRegistry } from "../integrations/company-registry/index.server";
import { getCreditBureau } from "../integrations/credit-bureau/index.server";
import {
  getPropertyManagerSystems,
  propertyManagersConfig,
  searchPropertyObjects,
} from "../integrations/property-managers/index.server";
import { getStorage } from "../integrations/storage/index.server";
import { getEnv } from "../platform/env.server";

/** The ports to external systems: the configured client or simulator of each (decision 033). */
export type ExternalPorts = Pick<
  Ports,
  "storage" | "bankid" | "propertyManagers" | "creditBureau" | "companyRegistry"
>;

/**
 * A port that asks for the configured instance each time it is used: nothing is created (no simulator, no SDK
 * client) until a use case needs it, and a changed configuration (a test's DATA_DIR) is honoured as the getters
 * honour it.
 */
function forward<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    has: (_target, key) => Reflect.has(current(), key),
  });
}

function propertyManagers(db?: () => Db): PropertyManagers {
  const systems = () => getPropertyManagerSystems(getEnv(), db ?? getDb);
  return {
    systemOf: (providerId) => systems().find((s) => s.providerId === providerId) ?? null,
    search: (request, options) =>
      searchPropertyObjects(request, {
        ...options,
        systems: systems(),
        timeLimitMs: propertyManagersConfig(getEnv()).searchLimitMs,
      }),
    cacheable: db === undefined,
  };
}

/** The process's own ports, over its own database. */
const processPorts: ExternalPorts = {
  storage: forward(getStorage),
  bankid: forward(() => getBankIdClient()),
  propertyManagers: propertyManagers(),
  creditBureau: forward(() => getCreditBureau()),
  companyRegistry: forward(() => getCompanyRegistry()),
};

const ownPorts = new WeakMap<Db, ExternalPorts>();

/**
 * The configured ports. The simulators of the credit bureau and the property managers read names and objects from
 * a database: a database other than the process's (a test's) gets simulators of its own, made once for it.
 */
export function configuredPorts(db?: Db): ExternalPorts {
  if (db === undefined || db === globalThis.__dbHandle?.db) return processPorts;
  let ports = ownPorts.get(db);
  if (!ports) {
    const bureau = getCreditBureau(getEnv(), () => db);
    ports = { ...processPorts, propertyManagers: propertyManagers(() => db), creditBureau: bureau };
    ownPorts.set(db, ports);
  }
  return ports;
}
