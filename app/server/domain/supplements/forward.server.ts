import { userOf, type UseCaseContext } from "../core/context.server";
import { run } from "../core/pipeline.server";
import { notPending, requestOf } from "./answer-state.server";
import { supplementActions } from "./policies.server";

/** PUT and DELETE …/{requestId}/forward: mark or unmark the request as forwarded outside the system. */
export async function setSupplementForwarded(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; forwarded: boolean },
) {
  userOf(ctx);
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      if (requestOf(facts, input.requestId).status !== "Open") throw notPending();
      return supplementActions(viewer, facts, input.requestId, now).find((a) => a.type === "Forward");
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_request",
      entityId: input.requestId,
      action: input.forwarded ? "supplement.forward" : "supplement.unforward",
      before: { forwarded: !input.forwarded },
      after: { forwarded: input.forwarded },
    }),
    write: async (trx) => {
      await trx
        .updateTable("supplement_requests")
        .set({ forwarded: input.forwarded ? 1 : 0 })
        .where("id", "=", input.requestId)
        .where("status", "=", "Open")
        .execute();
    },
  });
}
