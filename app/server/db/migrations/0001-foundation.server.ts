import { sql, type Kysely } from "kysely";

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say it is now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("management_providers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("logo_url", "text", (c) => c.notNull())
    .addColumn("logo_alt_text", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tenants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('pm', 'board', 'individuals')`))
    .addColumn("primary_color", "text", (c) => c.notNull())
    .addColumn("secondary_color", "text", (c) => c.notNull())
    .addColumn("logo_url", "text", (c) => c.notNull())
    .addColumn("logo_alt_text", "text", (c) => c.notNull())
    .addColumn("inverted_logo_url", "text", (c) => c.notNull())
    .addColumn("bg", "text")
    .addColumn("dark_bg", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("alt_text", "text")
    .addColumn("promote_app", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider_id", "text", (c) => c.references("management_providers.id"))
    .addColumn("support_email", "text")
    .addColumn("support_phone", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tenants_type_sort").on("tenants").columns(["type", "sort_order"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tenants").execute();
  await db.schema.dropTable("management_providers").execute();
}
