import {
  DEMO_BOARD_PEOPLE,
  FORMER_BOARD_MEMBER,
  OTHER_BOARD_PEOPLE,
} from "../../app/server/integrations/company-registry/index.server";
import type { Db } from "../../app/server/db/kysely.server";

// What the database already holds that a run must fit around: the tenants, their managers and private users,
// the numbers and names already taken, and the next bulk id of each kind.

export const BULK_ID_PREFIX = {
  association: "bulk-a-",
  object: "bulk-o-",
  transfer: "bulk-t-",
  party: "bulk-p-",
} as const;

export interface Context {
  tenants: Array<{ id: string; providerId: string }>;
  managers: Map<string, string[]>;
  privateCreators: Array<{ id: string; personalNumber: string; firstName: string; lastName: string }>;
  organisationNumbers: Set<string>;
  associationNames: Set<string>;
  objectNumbers: Set<string>;
  usedCodes: Map<string, Set<number>>;
  reservedPersonalNumbers: Set<string>;
  nextIndex: { association: number; object: number; transfer: number; party: number };
}

export async function loadContext(db: Db, tenantIds: readonly string[]): Promise<Context> {
  const tenantRows = await db
    .selectFrom("tenants")
    .select(["id", "provider_id", "type"])
    .where("id", "in", [...tenantIds])
    .execute();
  const tenants = tenantIds.map((id) => {
    const row = tenantRows.find((t) => t.id === id);
    if (!row) throw new Error(`Unknown tenant ${id}: seed the demo data first`);
    if (row.type !== "pm" || !row.provider_id) throw new Error(`Tenant ${id} is not a property manager`);
    return { id, providerId: row.provider_id };
  });

  const users = await db
    .selectFrom("users")
    .select(["id", "tenant_id", "role", "features", "personal_number", "first_name", "last_name"])
    .where("status", "=", "Active")
    .orderBy("id")
    .execute();
  const managers = new Map<string, string[]>();
  for (const user of users) {
    if (user.role !== "PropertyManager") continue;
    managers.set(user.tenant_id, [...(managers.get(user.tenant_id) ?? []), user.id]);
  }
  const privateCreators = users
    .filter((u) => (JSON.parse(u.features) as string[]).includes("private_agreement"))
    .map((u) => ({
      id: u.id,
      personalNumber: u.personal_number,
      firstName: u.first_name,
      lastName: u.last_name,
    }));

  const associations = await db.selectFrom("associations").select(["organisation_number", "name"]).execute();
  const objects = await db
    .selectFrom("property_objects")
    .select(["tenant_id", "object_number"])
    .where("tenant_id", "in", [...tenantIds])
    .execute();
  const usedCodes = new Map<string, Set<number>>(tenantIds.map((id) => [id, new Set<number>()]));
  for (const object of objects) {
    const code = /^(\d+)-/.exec(object.object_number)?.[1];
    if (code) usedCodes.get(object.tenant_id)?.add(Number(code));
  }

  const reservedPersonalNumbers = new Set<string>([
    ...users.map((u) => u.personal_number),
    ...[...DEMO_BOARD_PEOPLE, FORMER_BOARD_MEMBER, ...OTHER_BOARD_PEOPLE].map((p) => p.personalNumber),
  ]);

  return {
    tenants,
    managers,
    privateCreators,
    organisationNumbers: new Set(associations.map((a) => a.organisation_number)),
    associationNames: new Set(associations.map((a) => a.name)),
    objectNumbers: new Set(objects.map((o) => `${o.tenant_id}|${o.object_number}`)),
    usedCodes,
    reservedPersonalNumbers,
    nextIndex: {
      association: await nextIndex(db, "associations", BULK_ID_PREFIX.association),
      object: await nextIndex(db, "property_objects", BULK_ID_PREFIX.object),
      transfer: await nextIndex(db, "transfers", BULK_ID_PREFIX.transfer),
      party: await nextIndex(db, "transfer_parties", BULK_ID_PREFIX.party),
    },
  };
}

async function nextIndex(
  db: Db,
  table: "associations" | "property_objects" | "transfers" | "transfer_parties",
  prefix: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("last"))
    .where("id", "like", `${prefix}%`)
    .executeTakeFirst();
  const last = row?.last ? Number(String(row.last).slice(prefix.length)) : 0;
  return Number.isFinite(last) ? last + 1 : 1;
}

export const bulkId = (prefix: string, n: number) => `${prefix}${String(n).padStart(8, "0")}`;
