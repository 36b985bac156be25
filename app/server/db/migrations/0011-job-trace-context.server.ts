import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The W3C `traceparent` of what enqueued a job (decision 046): the job's run is traced as a child of the request or
 * job that asked for it, whichever instance runs it and however much later. Null when nothing was traced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("trace_parent", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").dropColumn("trace_parent").execute();
}
