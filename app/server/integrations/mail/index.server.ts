import { getDb } from "../../db/db.server";
import type { Db } from "../../db/kysely.server";
import { getEnv } from "../../platform/env.server";
import { createOutboxMailer } from "./outbox.server";
import { createSmtpMailer } from "./smtp.server";
import type { Mailer } from "./types.server";
import { metered } from "../metered.server";

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
  if (db && env.MAIL === "outbox")
    return metered(createOutboxMailer(db), { system: "mail", provider: "outbox" }, ["send"]);
  const key = `${env.MAIL}|${env.MAIL_FROM}|${env.databaseUrl}`;
  if (cached?.key !== key) {
    cached = {
      key,
      mailer: env.MAIL === "outbox" ? createOutboxMailer(getDb()) : createSmtpMailer(env.MAIL, env.MAIL_FROM),
    };
  }
  return metered(cached.mailer, { system: "mail", provider: cached.mailer.kind }, ["send"]);
}
