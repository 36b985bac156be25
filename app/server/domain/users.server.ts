import type { Db } from "../db/kysely.server";
import { parseJsonList } from "../db/json-columns.server";
import type { UserRole, UserRow, UserStatus } from "../db/schema.server";

export const FEATURES = ["board_member", "property_manager_proxy", "private_agreement"] as const;
export type Feature = (typeof FEATURES)[number];

export const DEFAULT_ACTIONS = [
  "requestCreditCheck",
  "showCreditCheck",
  "approveApplication",
  "approveMembershipApplication",
  "requestAdditionalInformation",
  "reviewApplication",
  "reviewMembership",
  "listTransfers",
  "cancelTransfer",
  "deleteTransfer",
  "flagSalesStopped",
  "flagUnderInvestigation",
] as const;
export type ActionName = (typeof DEFAULT_ACTIONS)[number];

/** The user of spec 01 §3 as the server works with it. */
export interface User {
  id: string;
  tenantId: string;
  tenantDisplayName: string;
  tenantType: string;
  personalNumber: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: UserRole;
  status: UserStatus;
  features: Feature[];
  actions: string[];
  office: { id: string; name: string } | null;
  offices: Array<{ id: string; name: string; officeRole: string }>;
  registered: boolean;
  provisioned: boolean;
}

export async function getUserById(db: Db, id: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenant_id")
    .leftJoin("offices", "offices.id", "users.office_id")
    .selectAll("users")
    .select([
      "tenants.display_name as tenant_display_name",
      "tenants.type as tenant_type",
      "offices.name as office_name",
    ])
    .where("users.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const offices = await db
    .selectFrom("user_offices")
    .innerJoin("offices", "offices.id", "user_offices.office_id")
    .select(["offices.id", "offices.name", "user_offices.office_role"])
    .where("user_offices.user_id", "=", id)
    .orderBy("offices.name")
    .execute();
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantDisplayName: row.tenant_display_name,
    tenantType: row.tenant_type,
    personalNumber: row.personal_number,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    status: row.status,
    features: parseJsonList(row.features).filter((f): f is Feature =>
      (FEATURES as readonly string[]).includes(f),
    ),
    actions: parseJsonList(row.actions),
    office: row.office_id && row.office_name ? { id: row.office_id, name: row.office_name } : null,
    offices: offices.map((o) => ({ id: o.id, name: o.name, officeRole: o.office_role })),
    registered: row.registered_at !== null,
    provisioned: row.provisioned_at !== null,
  };
}

export async function findUserIdByPersonalNumber(db: Db, personalNumber: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("personal_number", "=", personalNumber)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The first sign-in of a person: a Pending user in the tenant they signed in through. */
export async function createPendingUser(
  db: Db,
  input: { tenantId: string; tenantType: string; personalNumber: string; givenName: string; surname: string },
  now = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  const stamp = now.toISOString();
  await db
    .insertInto("users")
    .values({
      id,
      tenant_id: input.tenantId,
      personal_number: input.personalNumber,
      first_name: titleCase(input.givenName),
      last_name: titleCase(input.surname),
      email: null,
      role: input.tenantType === "pm" ? "PropertyManager" : "BoardMember",
      status: "Pending",
      features: "[]",
      actions: "[]",
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.column("personal_number").doNothing())
    .execute();
  return (await findUserIdByPersonalNumber(db, input.personalNumber)) ?? id;
}

/** BankID sometimes gives names in capitals: "ANNA-KARIN SVENSSON" -> "Anna-Karin Svensson". */
export function titleCase(name: string): string {
  if (name !== name.toUpperCase()) return name.trim();
  return name
    .trim()
    .toLocaleLowerCase("sv-SE")
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_m, sep: string, letter: string) => sep + letter.toLocaleUpperCase("sv-SE"),
    );
}

export async function updateContactDetails(
  db: Db,
  userId: string,
  input: { firstName: string; lastName: string; email: string },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      updated_at: now.toISOString(),
    })
    .where("id", "=", userId)
    .execute();
}

/** Registration: contact details and accepted terms; provisioning decides the status afterwards. */
export async function registerUser(
  db: Db,
  userId: string,
  input: { firstName: string; lastName: string; email: string },
  now = new Date(),
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable("users")
    .set({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      registered_at: stamp,
      terms_accepted_at: stamp,
      updated_at: stamp,
    })
    .where("id", "=", userId)
    .where("status", "=", "Pending")
    .where("registered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes a user's status; any status but Active ends the user's sessions at once (decision 012). */
export async function setStatus(db: Db, userId: string, status: UserStatus, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ status, updated_at: now.toISOString() })
      .where("id", "=", userId)
      .execute();
    if (status !== "Active") await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
}

export type { UserRow };
