import { personDisplayName } from "~/lib/person";
import { RejectAnswerSchema } from "~/schemas/supplements";
import { userOf, type UseCaseContext } from "../core/context.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { claimAnswer, handleOffered, otherPending } from "./answer-state.server";

/** POST …/answers/reject {reason} (`Komplettering nekad`): the answer is rejected with its reason. */
export async function rejectAnswer(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; reason: unknown },
) {
  const { reason } = parse(RejectAnswerSchema, { reason: input.reason });
  const actor = userOf(ctx);
  await run(ctx, input.transferId, {
    offered: handleOffered(input.requestId),
    useCase: null,
    patch: (_row, facts) => ({ action_is_needed: otherPending(facts, input.requestId) }),
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.reject",
      before: { answer: "Pending" },
      after: { answer: "Rejected", reason },
    }),
    write: async (trx, _row, at) => {
      await claimAnswer(
        trx,
        input.requestId,
        "Rejected",
        { name: personDisplayName(actor), userId: actor.viewer.id },
        at,
        reason,
      );
    },
  });
}
