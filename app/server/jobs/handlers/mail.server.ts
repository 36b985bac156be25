import * as z from "zod";
import { MAIL_JOB } from "../../domain/mail.server";
import { getMailer } from "../../integrations/mail/index.server";
import { defineJob } from "../registry.server";

export const SEND_MAIL = MAIL_JOB;

export const MailPayloadSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string().min(1),
});
export type MailPayload = z.infer<typeof MailPayloadSchema>;

/**
 * Sends one e-mail through the configured mailer (decision 021). Enqueued in the transaction of the change it
 * tells about; a mail server that is down fails the attempt and the runner retries with its backoff
 * (10 s × 4ⁿ, at most an hour); ten attempts span about six hours before the job waits for an operator.
 */
export const sendMailJob = defineJob({
  type: SEND_MAIL,
  schema: MailPayloadSchema,
  maxAttempts: 10,
  async handler(mail, { db }) {
    const mailer = getMailer(db);
    await mailer.send(mail);
    return { to: mail.to, via: mailer.kind };
  },
});
