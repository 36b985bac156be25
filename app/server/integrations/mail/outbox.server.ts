import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { Mailer, OutgoingMail } from "./types.server";

/** MAIL=outbox: every e-mail is stored in `mail_outbox` instead of leaving the machine (read at /dev/mail). */
export function createOutboxMailer(db: Db, now: () => Date = () => new Date()): Mailer {
  return {
    kind: "outbox",
    async send(mail: OutgoingMail) {
      await db
        .insertInto("mail_outbox")
        .values({
          id: crypto.randomUUID(),
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          created_at: now().toISOString(),
        })
        .execute();
    },
  };
}

/** The newest stored e-mails first. */
export function outboxMails(db: Db, limit = 50) {
  return db.selectFrom("mail_outbox").selectAll().orderBy("created_at", "desc").limit(limit).execute();
}
