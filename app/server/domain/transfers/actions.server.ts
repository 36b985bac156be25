import { TransferRefSchema } from "~/schemas/transfer";
import type { TransferActionType } from "~/lib/transfer";
import type { UseCaseContext } from "../core/context.server";
import { event } from "../core/events.server";
import type { TransferPatch, TransferSignal } from "../core/hooks.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import type { UseCase } from "./lifecycle.server";
import { transferAction } from "./policies.server";
import { tasksWith, tasksWithout } from "./tasks.server";

/** The transfer's own actions of spec 02 §4: to the association, abort, and the flags. */

export function sendToMembershipReview(ctx: UseCaseContext, input: unknown) {
  const { transferId, version } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "sendToMembershipReview",
    offered: transferAction("SendToMembershipReview"),
    expectedVersion: version,
    events: (row) => [event(row.id, "transferApproved", { transferId: row.id })],
  });
}

/** The job that finishes an abort (jobs/handlers/complete-abort.server). */
export const COMPLETE_ABORT_JOB = "transfer.completeAbort";

export function abortTransfer(ctx: UseCaseContext, input: unknown) {
  const { transferId, version } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "abort",
    offered: transferAction("AbortTransfer"),
    expectedVersion: version,
    patch: (row) => ({ aborting: 1, running_tasks: tasksWith(row, "Abort") }),
    // Enqueued in the abort's own transaction: a committed abort always has the job that finishes it.
    write: async (trx, row, at) => {
      await ctx.jobs.enqueue(
        trx,
        {
          type: COMPLETE_ABORT_JOB,
          payload: { transferId: row.id },
          transferId: row.id,
          maxAttempts: 8,
          dedupeKey: `${COMPLETE_ABORT_JOB}:${row.id}`,
        },
        new Date(at),
      );
    },
    events: (row) => [event(row.id, "transferTaskStarted", { transferId: row.id, task: "Abort" })],
  });
}

/** The abort job finished: the transfer is Aborted (the manager's system is not told, see complete-abort.server). */
export function completeAbort(ctx: UseCaseContext, input: unknown) {
  const { transferId } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "completeAbort",
    patch: (row) => ({ aborting: 0, running_tasks: tasksWithout(row, "Abort") }),
    events: (row) => [
      event(row.id, "transferTaskCompleted", { transferId: row.id, task: "Abort" }),
      event(row.id, "transferAborted", { transferId: row.id }),
    ],
  });
}

function flag(
  useCase: UseCase,
  action: TransferActionType,
  patch: (now: Date) => TransferPatch,
  signals: readonly TransferSignal[] = [],
) {
  return (ctx: UseCaseContext, input: unknown) => {
    const { transferId, version } = parse(TransferRefSchema, input);
    return run(ctx, transferId, {
      useCase,
      offered: transferAction(action),
      expectedVersion: version,
      patch: () => patch(ctx.now ?? new Date()),
      signals,
    });
  };
}

// The sale stop is one of the automatic review's checks (NoSaleStop): setting or removing it reviews again.
export const markSaleStopped = flag(
  "markSaleStopped",
  "MarkAsSaleStopped",
  () => ({ sale_status: "Stopped" }),
  ["reviewedFactsChanged"],
);
export const removeSaleStop = flag("removeSaleStop", "RemoveSaleStopped", () => ({ sale_status: null }), [
  "reviewedFactsChanged",
]);
export const markUnderInvestigation = flag("markUnderInvestigation", "MarkAsUnderInvestigation", (now) => ({
  under_investigation_since: now.toISOString(),
}));
export const removeUnderInvestigation = flag("removeUnderInvestigation", "RemoveUnderInvestigation", () => ({
  under_investigation_since: null,
}));
export const markPartsNotified = flag("markPartsNotified", "MarkPartsNotified", () => ({
  parts_notified: 1,
}));
