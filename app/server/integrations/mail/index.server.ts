import { getDb } from "../../db/db.server";
import type { Db } from "../../db/kysely.server";
import { getEnv } from "../../platform/env.server";
import { observed } from "../observed.server";
import { createOutboxMailer } from "./outbox.server";
import { createSmtpMailer } from "./smtp.server";
import type { Mailer } from "./types.server";

export * from "./types.server";
export { createOutboxMailer, outboxMails } from "./outbox.server";
export { createSmtpMailer } from "./smtp.server";

let cached: { key: string; mailer: Mailer } | undefined;

/**
 * The configured mailer: the outbox table (MAIL=outbox, the default; in `db` when given, else the product's
 * database) or an SMTP server (MAIL=smtp://…).
 */
export function getMailer(db?: Db): Mailer {
  const env = getEnv();
  const labels = { system: "mail", provider: env.MAIL === "outbox" ? "outbox" : "smtp" };
  const observe = (mailer: Mailer) => observed(mailer, labels, ["send"]);
  if (db && env.MAIL === "outbox") return observe(createOutboxMailer(db));
  const key = `${env.MAIL}|${env.MAIL_FROM}|${env.databaseUrl}`;
  if (cached?.key !== key) {
    cached = {
      key,
      mailer: env.MAIL === "outbox" ? createOutboxMailer(getDb()) : createSmtpMailer(env.MAIL, env.MAIL_FROM),
    };
  }
  return observe(cached.mailer);
}
