import type { Db } from "../kysely.server";
import { providers, tenants } from "./tenants.server";
import { demoUsers, officeMemberships, offices } from "./users.server";

/** Demo data for a fresh database. Idempotent: rows that exist are left as they are. */
export async function seed(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const provider of providers) {
      await trx
        .insertInto("management_providers")
        .values(provider)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    for (const tenant of tenants) {
      await trx
        .insertInto("tenants")
        .values(tenant)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    for (const office of offices) {
      await trx
        .insertInto("offices")
        .values(office)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    for (const user of demoUsers) {
      await trx
        .insertInto("users")
        .values(user)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const membership of officeMemberships) {
      await trx
        .insertInto("user_offices")
        .values(membership)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("tenants")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}
