import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The mail outbox (docs/decisions/021-mail.md): with MAIL=outbox (the default) every sent e-mail is stored here
 * instead of leaving the machine, readable at /dev/mail outside production. The job `mail.send` writes it. Also an
 * index for the unhandled-messages counter (spec 02 §2.9; the messages brought the mail).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_outbox_created").on("mail_outbox").column("created_at").execute();
  // The unhandled-messages counter and worklist (spec 02 §2.9): a transfer's open messages, with what decides whose
  // they are, read from the index alone instead of one table row per message.
  await db.schema
    .createIndex("messages_open_by_transfer")
    .on("messages")
    .columns(["transfer_id", "resolved", "parent_id", "recipient", "sent_by_role", "latest_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("messages_open_by_transfer").execute();
  await db.schema.dropTable("mail_outbox").execute();
}
