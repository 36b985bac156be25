import { SupplementRefSchema } from "~/schemas/transfer";
import { userOf, type UseCaseContext } from "../core/context.server";
import { conflict, notFound } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run, type UseCaseResult } from "../core/pipeline.server";
import type { TransferFacts } from "../transfers/facts.server";
import { supplementActions } from "./policies.server";

/**
 * Cancel an open supplement request. When no request is left open the transfer returns to the review it
 * was in (closeInfoRequests); otherwise only the request changes (no transition).
 */
export async function cancelSupplementRequest(ctx: UseCaseContext, input: unknown): Promise<UseCaseResult> {
  const { transferId, requestId } = parse(SupplementRefSchema, input);
  userOf(ctx);
  const stillOpen = (facts: TransferFacts) =>
    facts.supplements.filter((s) => s.id !== requestId && s.status === "Open").length;
  return run(ctx, transferId, {
    offered: (viewer, facts, now) => {
      if (!facts.supplements.some((s) => s.id === requestId)) throw notFound();
      return supplementActions(viewer, facts, requestId, now).find((a) => a.type === "Cancel");
    },
    useCase: (row, facts) =>
      stillOpen(facts) === 0 && row.status === "AwaitingInfoRequestAnswer" ? "closeInfoRequests" : null,
    patch: (_row, facts) => ({
      awaiting_info_request_answer: stillOpen(facts) > 0 ? 1 : 0,
      action_is_needed: facts.supplements.some((s) => s.answer?.status === "Pending") ? 1 : 0,
    }),
    audit: ({ row, useCase, to }) => ({
      entity: "supplement_request",
      entityId: requestId,
      action: useCase ?? "cancelSupplementRequest",
      before: { status: row.status, request: "Open" },
      after: { status: to, request: "Cancelled" },
    }),
    write: async (trx, _row, at) => {
      const changed = await trx
        .updateTable("supplement_requests")
        .set({ status: "Cancelled", cancelled_at: at })
        .where("id", "=", requestId)
        .where("status", "=", "Open")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw conflict();
    },
  });
}
