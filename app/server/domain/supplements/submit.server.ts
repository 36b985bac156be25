import { personDisplayName } from "~/lib/person";
import { userOf, type UseCaseContext } from "../core/context.server";
import { invalid } from "../core/errors.server";
import { run } from "../core/pipeline.server";
import type { SupplementFacts, TransferFacts } from "../transfers/facts.server";
import { answerOffered, notPending, requestOf } from "./answer-state.server";

/** Whether a draft answer may be sent (spec 02 §4 validToSubmit): a verified document, and valid guarantors. */
export function answerIsValid(request: SupplementFacts): boolean {
  const answer = request.answer;
  if (!answer || !answer.hasVerifiedDocument) return false;
  if (request.category !== "PersonalGuarantee") return true;
  return answer.guarantorCount > 0 && answer.guarantorsValid;
}

/**
 * POST …/answers/submit (`Skicka svar`): the valid draft answer is sent (Pending); the request is answered. The
 * transfer needs action; when no request is left open it returns to the review it was in.
 */
export async function submitAnswer(ctx: UseCaseContext, input: { transferId: string; requestId: string }) {
  const actor = userOf(ctx);
  const stillOpen = (facts: TransferFacts) =>
    facts.supplements.filter((s) => s.id !== input.requestId && s.status === "Open").length;
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      const offered = answerOffered(input.requestId)(viewer, facts, now);
      if (offered && !offered.disabled && !answerIsValid(requestOf(facts, input.requestId)))
        throw invalid({ "": ["supplements.invalidAnswer"] });
      return offered;
    },
    useCase: (row, facts) =>
      stillOpen(facts) === 0 && row.status === "AwaitingInfoRequestAnswer" ? "closeInfoRequests" : null,
    patch: (_row, facts) => ({
      awaiting_info_request_answer: stillOpen(facts) > 0 ? 1 : 0,
      action_is_needed: 1,
    }),
    audit: ({ row, useCase, to }) => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: useCase ?? "supplement.submit",
      before: { status: row.status, answer: "Draft" },
      after: { status: to, answer: "Pending" },
    }),
    write: async (trx, _row, at) => {
      const sent = await trx
        .updateTable("supplement_answers")
        .set({ status: "Pending", answered_by: personDisplayName(actor), answered_at: at })
        .where("request_id", "=", input.requestId)
        .where("status", "=", "Draft")
        .executeTakeFirst();
      if (Number(sent.numUpdatedRows) !== 1) throw notPending();
      const answered = await trx
        .updateTable("supplement_requests")
        .set({ status: "Answered" })
        .where("id", "=", input.requestId)
        .where("status", "=", "Open")
        .executeTakeFirst();
      if (Number(answered.numUpdatedRows) !== 1) throw notPending();
    },
  });
}
