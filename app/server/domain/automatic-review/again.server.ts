import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import { TransferRefSchema } from "~/schemas/transfer";
import type { TransferStatus } from "~/lib/transfer";
import type { JobQueue, UseCaseContext } from "../core/context.server";
import { event } from "../core/events.server";
import type { TransferHook } from "../core/hooks.server";
import { parse } from "../core/parse.server";
import { run, type UseCaseResult } from "../core/pipeline.server";
import { tasksWith } from "../transfers/tasks.server";
import { enqueueAutomaticReview } from "./queue.server";

/**
 * The statuses in which a change can alter the automatic review's result and the review is run again: from the
 * sent application until the board's decision (after it, the review has no further use).
 */
const REVIEW_AGAIN_IN: readonly TransferStatus[] = [
  "ApplicationSent",
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
];

function reviewsAgain(row: TransferRow): boolean {
  return REVIEW_AGAIN_IN.includes(row.status as TransferStatus) && row.aborting !== 1;
}

async function enqueueAgain(jobs: JobQueue, trx: Db, row: TransferRow, at: string) {
  if (reviewsAgain(row)) await enqueueAutomaticReview(jobs, trx, row.id, new Date(at));
}

/**
 * The review runs again when a step raises `reviewedFactsChanged` (a sale stop set or removed, an accepted
 * change request, an accepted supplement answer): the AutomaticReview task starts in the same write, the job is
 * enqueued in the same transaction, and the task's live event follows the commit.
 */
export const reviewAgainHook: TransferHook = {
  signal: "reviewedFactsChanged",
  patch: (row) => (reviewsAgain(row) ? { running_tasks: tasksWith(row, "AutomaticReview") } : {}),
  write: (ctx, trx, { row }, at) => enqueueAgain(ctx.jobs, trx, row, at),
  events: (row) =>
    reviewsAgain(row)
      ? [event(row.id, "transferTaskStarted", { transferId: row.id, task: "AutomaticReview" })]
      : [],
};

/**
 * Run the automatic review again after a change outside a transfer use case (a required document verified): the
 * AutomaticReview task starts and the job is enqueued. Nothing happens (null) outside REVIEW_AGAIN_IN.
 */
export async function rerunAutomaticReview(
  ctx: UseCaseContext,
  input: unknown,
): Promise<UseCaseResult | null> {
  const { transferId } = parse(TransferRefSchema, input);
  const row = await ctx.db
    .selectFrom("transfers")
    .selectAll()
    .where("id", "=", transferId)
    .executeTakeFirst();
  if (!row || !reviewsAgain(row)) return null;
  return run(ctx, transferId, {
    useCase: null,
    signals: ["reviewedFactsChanged"],
    audit: ({ row: current }) => ({
      entity: "automatic_review",
      entityId: current.id,
      action: "rerunAutomaticReview",
      before: null,
      after: { runningTasks: "AutomaticReview" },
    }),
  });
}
