import type { Db } from "../../db/kysely.server";
import type { JobQueue } from "../core/context.server";

/** The job that runs the automatic review of one transfer (jobs/handlers/automatic-review.server). */
export const AUTOMATIC_REVIEW_JOB = "transfer.automaticReview";

/**
 * Called in the transaction of the change that needs a (new) review: one waiting job per transfer however many
 * changes come before it runs (the coalescing key of queue.server), and none when the change rolls back. The
 * handler gives the key up before it reads anything, so a change during a run enqueues another run.
 */
export function enqueueAutomaticReview(
  jobs: JobQueue,
  trx: Db,
  transferId: string,
  now: Date,
): Promise<string | null> {
  return jobs.enqueue(
    trx,
    {
      type: AUTOMATIC_REVIEW_JOB,
      payload: { transferId },
      transferId,
      maxAttempts: AUTOMATIC_REVIEW_MAX_ATTEMPTS,
      dedupeKey: `${AUTOMATIC_REVIEW_JOB}:${transferId}`,
      coalesce: true,
    },
    now,
  );
}

/**
 * Attempts of one run: an analysis still in progress or a manager system that does not answer make a run try
 * again later (10 s, 40 s, 160 s, 640 s with the runner's back-off); the last attempt reviews with what it has.
 */
export const AUTOMATIC_REVIEW_MAX_ATTEMPTS = 5;
