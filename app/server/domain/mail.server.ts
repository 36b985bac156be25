import type { Db } from "../db/kysely.server";
import type { JobQueue } from "./core/context.server";

/** The job that sends one e-mail (handler: jobs/handlers/mail.server.ts; decision 021). */
export const MAIL_JOB = "mail.send";

export interface MailToSend {
  to: string;
  subject: string;
  text: string;
}

/**
 * Queues an e-mail in the transaction of the change it tells about: a committed change always gets its e-mail, a
 * rolled-back one never does, and a mail server that is down only delays it (the job retries).
 */
export function enqueueMail(
  jobs: JobQueue,
  trx: Db,
  mail: MailToSend,
  options: { transferId?: string | null; dedupeKey?: string; now?: Date } = {},
) {
  return jobs.enqueue(
    trx,
    { type: MAIL_JOB, payload: mail, transferId: options.transferId ?? null, dedupeKey: options.dedupeKey },
    options.now,
  );
}
