import * as z from "zod";
import { performAutomaticReview } from "../../domain/automatic-review/run.server";
import {
  AUTOMATIC_REVIEW_JOB,
  AUTOMATIC_REVIEW_MAX_ATTEMPTS,
} from "../../domain/automatic-review/queue.server";
import { defineJob } from "../registry.server";

/**
 * The automatic review of one transfer (spec 02 §2.6; domain/review): enqueued when the application is sent and
 * after every change that can alter a result (sale stop set or removed, a required document verified). The key is
 * given up first, so a change while this run reads enqueues another run. A run that meets an analysis still in
 * progress, or a manager system that does not answer, fails and is retried; the last attempt reviews with what it
 * has (the checks that need the missing part deviate).
 */
export const automaticReviewJob = defineJob({
  type: AUTOMATIC_REVIEW_JOB,
  schema: z.object({ transferId: z.string().min(1) }),
  maxAttempts: AUTOMATIC_REVIEW_MAX_ATTEMPTS,
  async handler({ transferId }, { jobId, attempt, context }) {
    const ctx = context();
    await ctx.jobs.release(ctx.db, jobId);
    return {
      ...(await performAutomaticReview(ctx, transferId, {
        lastAttempt: attempt >= AUTOMATIC_REVIEW_MAX_ATTEMPTS,
      })),
    };
  },
});
