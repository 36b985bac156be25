import nodemailer from "nodemailer";
import type { Mailer, OutgoingMail } from "./types.server";

/**
 * MAIL=smtp://user:pass@host:port (or smtps://): the e-mail goes to that server through nodemailer. A server that
 * is down or refuses makes `send` throw, and the job that called it is retried later (decision 021).
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    kind: "smtp",
    async send(mail: OutgoingMail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
