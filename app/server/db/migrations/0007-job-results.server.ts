import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What a finished job reports (decision 016, Results): JSON written by the runner when the
 * handler returns one, e.g. the board refresh's engagements added and removed, or the retention counts per rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("result", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").dropColumn("result").execute();
}
