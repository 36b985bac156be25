import type { JobState } from "~/schemas/jobs";
import type { Defaulted } from "./columns.server";

// ---- Background jobs, and the e-mail they send.

/** An e-mail kept by MAIL=outbox instead of being sent (migration 0009). */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

/** A background job (migration 0006). */
export interface JobsTable {
  id: string;
  type: string;
  /** JSON of the job's input, parsed by its definition's schema when it runs. */
  payload: string;
  transfer_id: string | null;
  state: JobState;
  run_at: string;
  attempts: Defaulted<number>;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  dedupe_key: string | null;
  created_at: string;
  finished_at: string | null;
  /** JSON the handler returned (migration 0007), e.g. a refresh's counts. */
  result: string | null;
  /** The W3C traceparent of the request or job that enqueued it (migration 0011), null when nothing was traced. */
  trace_parent: string | null;
}
