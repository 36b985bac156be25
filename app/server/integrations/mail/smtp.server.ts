import type * as Nodemailer from "nodemailer";
import { lazyModule } from "../../platform/lazy-module.server";
import type { Mailer, OutgoingMail } from "./types.server";

/** nodemailer is loaded when an SMTP mailer is made (MAIL=smtp://…), not by the outbox's installs and tests. */
const loadNodemailer = lazyModule<typeof Nodemailer>("nodemailer");

/**
 * MAIL=smtp://user:pass@host:port (or smtps://): the e-mail goes to that server through nodemailer. A server that
 * is down or refuses makes `send` throw, and the job that called it is retried later (decision 021).
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = loadNodemailer().createTransport(url, { from });
  return {
    kind: "smtp",
    async send(mail: OutgoingMail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
