import crypto from "node:crypto";
import { AutomaticReviewResultSchema } from "~/schemas/transfer";
import type { UseCaseContext } from "../core/context.server";
import { event } from "../core/events.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { tasksWithout } from "../transfers/tasks.server";

/**
 * The automatic review finished (a job): its checks are stored and, after the first review, the transfer is ready
 * for review. A check keeps its id across runs; a deviation the manager accepted stays accepted while the same
 * check still deviates, and is reset when the check became Valid (a later deviation must be accepted anew).
 */
export function completeAutomaticReview(ctx: UseCaseContext, input: unknown) {
  const { transferId, checks } = parse(AutomaticReviewResultSchema, input);
  const merged = (previous: ReadonlyArray<{ type: string; result: string }>) =>
    checks.map((check) => {
      const before = previous.find((p) => p.type === check.type);
      const keepAccepted = check.result !== "Valid" && before?.result === "AcceptedDeviation";
      return {
        type: check.type,
        result: keepAccepted ? ("AcceptedDeviation" as const) : check.result,
        keepAccepted,
      };
    });
  return run(ctx, transferId, {
    useCase: (row) => (row.status === "ApplicationSent" ? "completeAutomaticReview" : null),
    audit: ({ row, useCase, from, to }) => ({
      entity: "automatic_review",
      entityId: row.id,
      action: useCase ?? "completeAutomaticReview",
      before: { status: from, hasDeviations: row.has_deviations === 1 },
      after: { status: to, checks: checks.map((c) => `${c.type}:${c.result}`) },
    }),
    patch: (row, facts) => ({
      running_tasks: tasksWithout(row, "AutomaticReview"),
      has_deviations: merged(facts.checks).some((c) => c.result === "Deviation") ? 1 : 0,
    }),
    write: async (trx, row, at) => {
      const previous = await trx
        .selectFrom("automatic_checks")
        .select(["id", "type", "result"])
        .where("transfer_id", "=", row.id)
        .execute();
      const next = merged(previous);
      const stale = previous.filter((p) => !next.some((c) => c.type === p.type)).map((p) => p.id);
      if (stale.length > 0) await trx.deleteFrom("automatic_checks").where("id", "in", stale).execute();
      for (const check of next) {
        const existing = previous.find((p) => p.type === check.type);
        if (existing && check.keepAccepted) continue;
        if (existing) {
          await trx
            .updateTable("automatic_checks")
            .set({ result: check.result, accepted_by_user_id: null, accepted_at: null, created_at: at })
            .where("id", "=", existing.id)
            .execute();
        } else {
          await trx
            .insertInto("automatic_checks")
            .values({
              id: crypto.randomUUID(),
              transfer_id: row.id,
              type: check.type,
              result: check.result,
              created_at: at,
            })
            .execute();
        }
      }
    },
    events: (row) => [
      event(row.id, "transferTaskCompleted", { transferId: row.id, task: "AutomaticReview" }),
      ...(row.status === "ApplicationSent"
        ? [event(row.id, "transferReadyForReview", { transferId: row.id })]
        : []),
    ],
  });
}
