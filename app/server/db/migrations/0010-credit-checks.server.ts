import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One live credit check per person and transfer (issue 20 item 2; docs/decisions/027-credit-check-orders.md): a
 * partial unique index over the orders that are not Error or Cancelled, the same rule as the policy's
 * `orderAlreadyPresent`. Two board members ordering at once (two requests, two instances, SQLite or PostgreSQL)
 * thus make exactly one order; the second insert fails on the index and is answered as already ordered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index credit_check_orders_one_live on credit_check_orders (transfer_id, identifier_value) where status in ('Pending', 'Success', 'SuccessWithoutResult')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("credit_check_orders_one_live").execute();
}
