import crypto from "node:crypto";
import { RequestAdditionalInfoSchema, SupplementRefSchema } from "~/schemas/transfer";
import { actorName, userOf, type UseCaseContext } from "../core/context.server";
import { conflict, forbidden, invalid, notFound } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run, type UseCaseResult } from "../core/pipeline.server";
import type { TransferFacts } from "../transfers/facts.server";
import { transferAction } from "../transfers/policies.server";
import { supplementActions } from "./policies.server";

/** A supplement request's part that moves the transfer's status: asking for it, and cancelling it. */

/** A new supplement request: the transfer waits for the answer (AwaitingInfoRequestAnswer). */
export async function requestAdditionalInfo(
  ctx: UseCaseContext,
  input: unknown,
): Promise<UseCaseResult & { requestId: string }> {
  const data = parse(RequestAdditionalInfoSchema, input);
  const requestId = crypto.randomUUID();
  const result = await run(ctx, data.transferId, {
    useCase: "requestAdditionalInfo",
    offered: transferAction("RequestAdditionalInfo"),
    patch: (_row, facts) => {
      if (data.personType !== "None") {
        const person = facts.parties.find((p) => p.id === data.personId && p.kind === data.personType);
        if (!person) throw invalid({ personId: ["validation.unknownPerson"] });
      }
      return { awaiting_info_request_answer: 1 };
    },
    write: async (trx, row, at) => {
      if (ctx.actor === "system") throw forbidden();
      await trx
        .insertInto("supplement_requests")
        .values({
          id: requestId,
          transfer_id: row.id,
          category: data.category,
          message: data.message,
          person_id: data.personType === "None" ? null : (data.personId ?? null),
          person_type: data.personType,
          initiator_role: ctx.actor.viewer.role === "PropertyManager" ? "PropertyManager" : "BoardMember",
          status: "Open",
          created_by_user_id: ctx.actor.viewer.id,
          created_by_name: actorName(ctx),
          created_at: at,
        })
        .execute();
    },
  });
  return { ...result, requestId };
}

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
