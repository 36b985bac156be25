import type { Db } from "../db/kysely.server";
import { reviewAgainHook } from "../domain/automatic-review/again.server";
import type { Actor, JobQueue, Ports, UseCaseContext } from "../domain/core/context.server";
import { jobQueue } from "./job-queue.server";
import type { LivePublisher } from "../domain/core/events.server";
import type { TransferHook } from "../domain/core/hooks.server";
import { transferSummaryHook } from "../domain/documents/summary.server";
import { listCountsHook } from "../domain/transfers/lists/counts.server";
import { configuredPorts } from "./ports.server";

/**
 * The composition root of the use cases (decision 033): which features react to a changed transfer, and the
 * context a request or a job runs its use cases with.
 */

/** In this order: a new review's task is part of the same write as the summary's refresh. */
export const TRANSFER_HOOKS: readonly TransferHook[] = [reviewAgainHook, transferSummaryHook, listCountsHook];

export interface ContextOptions {
  /** The job queue (the jobs table) unless a test counts what is enqueued. */
  jobs?: JobQueue;
  live?: LivePublisher;
  now?: Date;
  /** Another port instead of the configured one (a test's own simulator). */
  ports?: Partial<Ports>;
}

export function buildUseCaseContext(
  db: Db,
  actor: Actor | "system",
  options: ContextOptions = {},
): UseCaseContext {
  return {
    ...configuredPorts(db),
    jobs: options.jobs ?? jobQueue,
    live: options.live,
    ...options.ports,
    db,
    actor,
    now: options.now,
    hooks: TRANSFER_HOOKS,
  };
}
