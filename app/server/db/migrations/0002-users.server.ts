import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("offices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id"))
    .addColumn("personal_number", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('PropertyManager', 'BoardMember')`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('Pending', 'Inactive', 'Active')`))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("actions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("office_id", "text", (c) => c.references("offices.id"))
    .addColumn("registered_at", "text")
    .addColumn("terms_accepted_at", "text")
    .addColumn("provisioned_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_tenant").on("users").column("tenant_id").execute();

  await db.schema
    .createTable("user_offices")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("office_id", "text", (c) => c.notNull().references("offices.id").onDelete("cascade"))
    .addColumn("office_role", "text", (c) =>
      c.notNull().check(sql`office_role in ('Owner', 'Administrator', 'Member')`),
    )
    .addPrimaryKeyConstraint("user_offices_pk", ["user_id", "office_id"])
    .execute();
  // One Owner per office (terms of use): a partial unique index works on both SQLite and PostgreSQL.
  await sql`CREATE UNIQUE INDEX user_offices_one_owner ON user_offices (office_id) WHERE office_role = 'Owner'`.execute(
    db,
  );

  // A BankID sign-in in progress. The QR secret stays here, never in the browser's cookie.
  await db.schema
    .createTable("login_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_ref", "text", (c) => c.notNull().unique())
    .addColumn("auto_start_token", "text", (c) => c.notNull())
    .addColumn("qr_start_token", "text", (c) => c.notNull())
    .addColumn("qr_start_secret", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull().check(sql`device in ('ThisDevice', 'OtherDevice')`))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id"))
    .addColumn("return_to", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'failed', 'complete', 'consumed', 'cancelled')`),
    )
    .addColumn("hint_code", "text")
    .addColumn("personal_number", "text")
    .addColumn("given_name", "text")
    .addColumn("surname", "text")
    .addColumn("last_collected_at", "text")
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("login_orders_started").on("login_orders").column("started_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_orders").execute();
  await db.schema.dropTable("user_offices").execute();
  await db.schema.dropTable("users").execute();
  await db.schema.dropTable("offices").execute();
}
