import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The document analysis of a transfer's required documents (decision 020; contract in
 * integrations/document-analysis/types.server.ts): one row per transfer, replaced on every new analysis. The wizard
 * pre-fills from it (proposedApplication) and the automatic review compares against it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("document_analyses")
    .addColumn("transfer_id", "text", (c) => c.primaryKey().references("transfers.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('InProgress', 'Ready', 'Failed')`))
    .addColumn("extraction", "text")
    .addColumn("failure", "text")
    .addColumn("document_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_analyses").execute();
}
