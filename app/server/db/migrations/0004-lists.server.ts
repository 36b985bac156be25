import { SqliteAdapter, sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The transfer lists (spec 01 "Transfer list", "Completed transfers"): one covering index for the property
 * managers' lists, and the saved search criteria kept per user and per tab.
 *
 * A manager's list counts every transfer of the tenant on each call (the status-filter counts) and sorts by
 * any column. At 100,000 transfers a tenant holds ~45,000 of them; reading each one from the table costs
 * ~50 ms, reading them from an index that holds every column the list filters, groups and sorts on costs
 * ~3 ms. deleted_at is a column (not a partial-index condition) because SQLite only treats an index as
 * covering when every column the query mentions is in it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("transfers_list_tenant")
    .on("transfers")
    .columns([
      "tenant_id",
      "status",
      "deleted_at",
      "modified_at",
      "id",
      "initiator_role",
      "action_is_needed",
      "finalized_at_property_manager",
      "entry_date",
      "membership_decision_date",
      "under_investigation_since",
      "expired",
      "sale_status",
      "unresolved_messages",
      "search_text",
      "object_number",
      "association_name",
      "street",
      "transfer_type",
    ])
    .execute();

  // SQLite plans with the statistics of the last ANALYZE (npm run seed:bulk runs one). Statistics that know the
  // old indexes but not the new one make the planner pass it over, so they are refreshed here when present.
  // PostgreSQL's autovacuum keeps its own statistics.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const stats = await sql<{
      n: number;
    }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (Number(stats.rows[0]?.n ?? 0) > 0) await sql`analyze transfers`.execute(db);
  }

  await db.schema
    .createTable("saved_searches")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("saved_searches_pk", ["user_id", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("saved_searches").ifExists().execute();
  await db.schema.dropIndex("transfers_list_tenant").ifExists().execute();
}
