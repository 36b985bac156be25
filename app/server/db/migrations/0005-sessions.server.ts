import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sessions live on the server (decision 012): the cookie carries only a signed random id, so log-out, a user's
 * deactivation and expiry end a session at once. `sign_in_starts` counts BankID order starts per client address and
 * per browser for the sign-in throttle (decision 012 too); both work across instances that share the database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("sign_in_starts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_starts_bucket")
    .on("sign_in_starts")
    .columns(["bucket", "started_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_starts").execute();
  await db.schema.dropTable("sessions").execute();
}
