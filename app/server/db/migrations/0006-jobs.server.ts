import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Background jobs (decision 013): a job is a row, enqueued in the same transaction as the change that
 * needs it, claimed by one runner at a time under a lease (`locked_by`, `locked_until`), retried with backoff and
 * left `dead` for operators after its last attempt. `dedupe_key` lets a periodic slot, or a job that must exist
 * once per change, be enqueued only once however many instances try.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("transfer_id", "text")
    .addColumn("state", "text", (c) =>
      c.notNull().check(sql.raw("state in ('queued', 'running', 'done', 'failed', 'dead')")),
    )
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  // Claiming reads the oldest due job of a state; operators list by state.
  await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_at"]).execute();
  await db.schema.createIndex("jobs_transfer").on("jobs").column("transfer_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
