import type { Db } from "../db/kysely.server";
import { providers, tenants } from "./tenants.server";
import { demoUsers, officeMemberships, offices } from "./users.server";
import { seedTransfers } from "./transfers.server";

/**
 * Demo data for a fresh database. Idempotent: rows that exist are left as they are. With `filesDir` it also
 * seeds the demo transfers, whose documents are real PDF files written there (the disk storage's folder).
 */
export async function seed(db: Db, options: { filesDir?: string; now?: Date } = {}): Promise<void> {
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
  if (options.filesDir) await seedTransfers(db, { filesDir: options.filesDir, now: options.now });
}

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("tenants")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}
