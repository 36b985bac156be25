import type { Db } from "../../db/kysely.server";
import { addFractions, compareFractions } from "~/lib/share";
import { generatePersonnummer } from "~/lib/personnummer";
import { normalizeIdentifierForSearch, normalizeSearchQuery } from "./query.server";
import {
  PropertyManagerError,
  type Fraction,
  type ManagerRules,
  type ObjectSearchAnswer,
  type ObjectSearchQuery,
  type PropertyManagerSystem,
  type PropertyObject,
  type PropertyOwner,
  type ProviderId,
  type TransferCase,
  type TransferCaseRequest,
} from "./types.server";

/** How a simulated system behaves: `down` refuses every call, `partial` answers a search with part of its hits. */
export type SimulatedState = "up" | "down" | "partial";

export interface PropertyManagerSimulatorOptions {
  providerId: ProviderId;
  /** The database whose property_objects (and the owners below) the system holds. */
  db: () => Db;
  /** Added to every call, as the provider's network and back end would. */
  latencyMs?: number;
  state?: SimulatedState;
  now?: () => Date;
}

/** Each provider's acquirer rules (spec 03 §3 rules.acquirer), different so every combination can be tried. */
export const SIMULATED_RULES: Record<ProviderId, ManagerRules> = {
  mock: { requirePhoneNumber: false, requireEmail: false },
  simpleko: { requirePhoneNumber: false, requireEmail: true },
  fastighetsagarna: { requirePhoneNumber: true, requireEmail: true },
  riksbyggen: { requirePhoneNumber: true, requireEmail: false },
};

/** 50-400 ms, the spread scripts/bench-search.ts measures with, so results visibly arrive one provider at a time. */
export const DEFAULT_LATENCY_MS: Record<ProviderId, number> = {
  mock: 50,
  simpleko: 150,
  fastighetsagarna: 250,
  riksbyggen: 400,
};

const WHOLE: Fraction = { numerator: 1, denominator: 1 };

type ObjectRow = {
  id: string;
  object_number: string;
  description: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  tenant_id: string;
  under_maintenance: number;
  organisation_number: string;
  association_name: string;
};

/**
 * A manager system simulated over the portal's own register: the objects are the seeded property_objects of
 * this provider, and an object's owners are who the portal's transfers say own it today: the acquirers of its
 * latest transfer when that transfer ended in an approved membership, else that transfer's transferors (a
 * sale in progress, refused or aborted leaves the sellers owning it). An object no transfer has touched gets a
 * made-up owner derived from its id, the same every run; a share nobody holds goes to such an owner too, so
 * the owners always add up to the whole. No table of its own, and no migration.
 */
export class PropertyManagerSimulator implements PropertyManagerSystem {
  readonly providerId: ProviderId;
  latencyMs: number;
  state: SimulatedState;
  private readonly db: () => Db;
  private readonly now: () => Date;
  private readonly cases = new Map<string, TransferCase & { request: TransferCaseRequest }>();

  constructor(options: PropertyManagerSimulatorOptions) {
    this.providerId = options.providerId;
    this.db = options.db;
    this.latencyMs = options.latencyMs ?? DEFAULT_LATENCY_MS[options.providerId];
    this.state = options.state ?? "up";
    this.now = options.now ?? (() => new Date());
  }

  async searchObjects(
    query: ObjectSearchQuery,
    options: { signal?: AbortSignal } = {},
  ): Promise<ObjectSearchAnswer> {
    const { identifier, organisationNumber } = normalizeSearchQuery(query, this.providerId, this.now());
    await this.answerDelay(options.signal);
    const db = this.db();
    const viaTransfers = await db
      .selectFrom("transfer_parties as p")
      .innerJoin("transfers as t", "t.id", "p.transfer_id")
      .select("t.object_id")
      .distinct()
      .where("p.identifier_value", "=", identifier.value)
      .where("p.identifier_type", "=", identifier.type)
      .where("p.kind", "in", ["Transferor", "Acquirer"])
      .where("t.provider_id", "=", this.providerId)
      .execute();
    const untouched = await db
      .selectFrom("property_objects as o")
      .select("o.id")
      .where("o.provider_id", "=", this.providerId)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom("transfers as t").select("t.id").whereRef("t.object_id", "=", "o.id")),
        ),
      )
      .execute();
    const candidates = [
      ...new Set([
        ...viaTransfers.map((r) => r.object_id),
        ...untouched.filter((r) => derivedOwner(r.id).identifier.value === identifier.value).map((r) => r.id),
      ]),
    ];
    const objects = (await this.load(candidates, organisationNumber)).filter((o) =>
      o.owners.some((w) => w.identifier.type === identifier.type && w.identifier.value === identifier.value),
    );
    if (this.state === "partial") return { objects: objects.filter((_, i) => i % 2 === 0), complete: false };
    return { objects, complete: true };
  }

  async getObject(objectId: string, options: { signal?: AbortSignal } = {}): Promise<PropertyObject | null> {
    await this.answerDelay(options.signal);
    const [object] = await this.load([objectId]);
    return object ?? null;
  }

  async createTransferCase(
    request: TransferCaseRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<TransferCase> {
    await this.answerDelay(options.signal);
    const [object] = await this.load([request.objectId]);
    if (!object) throw new PropertyManagerError(this.providerId, "notFound", "No such object");
    if (!request.transferId.trim() || request.transferors.length === 0) {
      throw new PropertyManagerError(
        this.providerId,
        "invalidRequest",
        "A case needs a transfer id and transferors",
      );
    }
    for (const transferor of request.transferors) {
      const identifier = normalizeIdentifierForSearch(transferor.identifier, this.providerId, this.now());
      const owner = object.owners.find(
        (o) => o.identifier.type === identifier.type && o.identifier.value === identifier.value,
      );
      if (!owner || compareFractions(transferor.share, owner.share) > 0) {
        throw new PropertyManagerError(
          this.providerId,
          "invalidRequest",
          "A transferor is not an owner of that share",
        );
      }
    }
    const key = `${request.objectId}\u0000${request.transferId}`;
    const existing = this.cases.get(key);
    if (existing) return { caseId: existing.caseId };
    const created = { caseId: `${this.providerId}-case-${this.cases.size + 1}`, request };
    this.cases.set(key, created);
    return { caseId: created.caseId };
  }

  /** The cases created so far (for tests and the dev pages). */
  transferCases(): Array<TransferCase & { request: TransferCaseRequest }> {
    return [...this.cases.values()];
  }

  private async answerDelay(signal: AbortSignal | undefined): Promise<void> {
    if (this.state === "down") {
      throw new PropertyManagerError(this.providerId, "unavailable", "The system is down (simulated)");
    }
    await delay(this.latencyMs, signal).catch((cause: unknown) => {
      throw new PropertyManagerError(this.providerId, "unavailable", "The call was abandoned", { cause });
    });
  }

  private async load(objectIds: string[], organisationNumber?: string): Promise<PropertyObject[]> {
    if (objectIds.length === 0) return [];
    const db = this.db();
    let query = db
      .selectFrom("property_objects as o")
      .innerJoin("associations as a", "a.id", "o.association_id")
      .select([
        "o.id",
        "o.object_number",
        "o.description",
        "o.street",
        "o.postal_code",
        "o.city",
        "o.country",
        "o.tenant_id",
        "o.under_maintenance",
        "a.organisation_number",
        "a.name as association_name",
      ])
      .where("o.provider_id", "=", this.providerId)
      .where("o.id", "in", objectIds);
    if (organisationNumber) query = query.where("a.organisation_number", "=", organisationNumber);
    const rows: ObjectRow[] = await query.orderBy("a.name").orderBy("o.object_number").execute();
    if (rows.length === 0) return [];
    const owners = await this.ownersOf(rows.map((r) => r.id));
    return rows.map((row) => ({
      objectId: row.id,
      providerId: this.providerId,
      tenantId: row.tenant_id,
      objectNumber: row.object_number,
      name: `${row.street}, ${row.description}`,
      description: row.description,
      association: { organisationNumber: row.organisation_number, name: row.association_name },
      address: { street: row.street, postalCode: row.postal_code, city: row.city, country: row.country },
      underMaintenance: Number(row.under_maintenance) === 1,
      rules: SIMULATED_RULES[this.providerId],
      owners: owners.get(row.id) ?? [derivedOwner(row.id)],
    }));
  }

  private async ownersOf(objectIds: string[]): Promise<Map<string, PropertyOwner[]>> {
    const db = this.db();
    const transfers = await db
      .selectFrom("transfers")
      .select(["id", "object_id", "status", "created_at"])
      .where("object_id", "in", objectIds)
      .execute();
    const latest = new Map<string, (typeof transfers)[number]>();
    for (const t of transfers) {
      const current = latest.get(t.object_id);
      if (!current || `${t.created_at}\u0000${t.id}` > `${current.created_at}\u0000${current.id}`) {
        latest.set(t.object_id, t);
      }
    }
    if (latest.size === 0) return new Map();
    const parties = await db
      .selectFrom("transfer_parties")
      .selectAll()
      .where(
        "transfer_id",
        "in",
        [...latest.values()].map((t) => t.id),
      )
      .where("kind", "in", ["Transferor", "Acquirer"])
      .orderBy("sort_order")
      .execute();
    const result = new Map<string, PropertyOwner[]>();
    for (const [objectId, transfer] of latest) {
      const sold = transfer.status === "MembershipApproved";
      const owners = parties
        .filter((p) => p.transfer_id === transfer.id && p.kind === (sold ? "Acquirer" : "Transferor"))
        .map((p): PropertyOwner => {
          const share = sold
            ? fraction(p.transfer_share_numerator, p.transfer_share_denominator)
            : (fraction(p.owner_share_numerator, p.owner_share_denominator) ??
              fraction(p.transfer_share_numerator, p.transfer_share_denominator));
          return {
            identifier: {
              type: p.identifier_type as PropertyOwner["identifier"]["type"],
              value: p.identifier_value,
            },
            firstName: p.first_name,
            lastName: p.last_name,
            share: share ?? WHOLE,
          };
        });
      if (owners.length === 0) continue;
      const held = addFractions(...owners.map((o) => o.share));
      if (compareFractions(held, WHOLE) < 0) {
        const rest = addFractions(WHOLE, { numerator: -held.numerator, denominator: held.denominator });
        owners.push({ ...derivedOwner(objectId), share: rest });
      }
      result.set(objectId, owners);
    }
    return result;
  }
}

function fraction(numerator: number | null, denominator: number | null): Fraction | null {
  return numerator !== null && denominator !== null && denominator > 0 ? { numerator, denominator } : null;
}

const GIVEN_NAMES = [
  "Astrid",
  "Bertil",
  "Cecilia",
  "Dag",
  "Ellen",
  "Folke",
  "Greta",
  "Harald",
  "Ingela",
  "Jonas",
];
const SURNAMES = [
  "Almqvist",
  "Bergman",
  "Carlsson",
  "Dahl",
  "Ek",
  "Fors",
  "Grahn",
  "Hedlund",
  "Ivarsson",
  "Järv",
];

/** An owner made up from the object id: the same person every run, with a valid personal number. */
export function derivedOwner(objectId: string): PropertyOwner {
  let hash = 0x811c9dc5;
  for (const char of objectId) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const birth = { year: 1940 + (hash % 60), month: 1 + ((hash >>> 6) % 12), day: 1 + ((hash >>> 10) % 28) };
  return {
    identifier: { type: "SocialSecurityNumber", value: generatePersonnummer(birth, (hash >>> 15) % 1000) },
    firstName: GIVEN_NAMES[(hash >>> 3) % GIVEN_NAMES.length]!,
    lastName: SURNAMES[(hash >>> 7) % SURNAMES.length]!,
    share: WHOLE,
  };
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as unknown);
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as unknown);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
