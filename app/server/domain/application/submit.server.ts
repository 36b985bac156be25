import { TransferRefSchema } from "~/schemas/transfer";
import type { UseCaseContext } from "../core/context.server";
import { invalid, notFound } from "../core/errors.server";
import { event } from "../core/events.server";
import { parse } from "../core/parse.server";
import { readTransfer, run, type UseCaseResult } from "../core/pipeline.server";
import { enqueueAutomaticReview } from "../automatic-review/queue.server";
import { transferAction } from "../transfers/policies.server";
import { tasksWith } from "../transfers/tasks.server";
import { readManagerFacts } from "./manager.server";
import { loadStoredApplication } from "./read.server";
import { validateStoredApplication } from "./validation.server";

/** The application is started (Initiated → Draft): the wizard's first save. */
export function startApplication(ctx: UseCaseContext, input: unknown) {
  const { transferId, version } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "startApplication",
    offered: transferAction("CreateApplication"),
    expectedVersion: version,
  });
}

/**
 * The application was sent in: the automatic review starts as a background task. Refused (400, each remaining
 * item a field error) while the server's validation result of the application is not valid (spec 03 §5.7); the
 * check runs inside the transaction, over what is saved, with the manager's rules read just before.
 */
export async function submitApplication(ctx: UseCaseContext, input: unknown): Promise<UseCaseResult> {
  const { transferId, version } = parse(TransferRefSchema, input);
  const found = await readTransfer(ctx.db, ctx.actor, transferId);
  if (!found) throw notFound();
  const manager = await readManagerFacts(found, ctx.propertyManagers, { fresh: true });
  return run(ctx, transferId, {
    useCase: "submitApplication",
    offered: transferAction("CreateApplication"),
    expectedVersion: version,
    patch: (row) => ({ running_tasks: tasksWith(row, "AutomaticReview") }),
    write: async (trx, row, at) => {
      const result = validateStoredApplication(
        await loadStoredApplication(trx, row),
        manager,
        ctx.now ?? new Date(),
      );
      if (!result.isValid) {
        const fields: Record<string, string[]> = {};
        for (const e of result.errors) (fields[e.property] ??= []).push(e.message);
        throw invalid(fields);
      }
      // Enqueued in the submission's own transaction: a sent application always has its review.
      await enqueueAutomaticReview(ctx.jobs, trx, row.id, new Date(at));
    },
    events: (row) => [event(row.id, "transferTaskStarted", { transferId: row.id, task: "AutomaticReview" })],
  });
}
