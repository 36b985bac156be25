import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import { personDisplayName } from "~/lib/person";
import { userOf, type UseCaseContext } from "../core/context.server";
import { run } from "../core/pipeline.server";
import { requiredDocumentChanged } from "../documents/analysis.server";
import { answerDocumentOf, claimAnswer, handleOffered, otherPending } from "./answer-state.server";

import { insertParty } from "../transfers/parties.server";
/**
 * POST …/answers/accept (`Komplettering accepterad`): the answer is applied to the transfer. Its document becomes a
 * transfer document and archives the verified documents of the same category it replaces; its guarantors replace
 * the transfer's guarantors (a guarantor already there with the same personal number keeps its row). Each
 * replacement is in the audit row. A change that can alter the automatic review's result starts it again (a
 * required document through the document analysis, guarantors through the review itself).
 */
export async function acceptAnswer(ctx: UseCaseContext, input: { transferId: string; requestId: string }) {
  const actor = userOf(ctx);
  const applied: Record<string, unknown> = {};
  await run(ctx, input.transferId, {
    offered: handleOffered(input.requestId),
    useCase: null,
    // The answer adds a document or guarantors, which the automatic review reads: it runs again.
    signals: ["reviewedFactsChanged"],
    patch: (_row, facts) => ({ action_is_needed: otherPending(facts, input.requestId) }),
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.accept",
      before: { answer: "Pending" },
      after: { answer: "Accepted" },
    }),
    write: async (trx, row, at) => {
      const answer = await claimAnswer(
        trx,
        input.requestId,
        "Accepted",
        { name: personDisplayName(actor), userId: actor.viewer.id },
        at,
        null,
      );
      const document = await answerDocumentOf(trx, answer);
      const now = new Date(at);
      if (document) {
        const replaced = await trx
          .selectFrom("documents")
          .select(["id", "file_name"])
          .where("transfer_id", "=", row.id)
          .where("category", "=", document.category)
          .where("id", "!=", document.id)
          .where("supplement_answer_id", "is", null)
          .where("data_erased_at", "is", null)
          .where("archived_at", "is", null)
          .execute();
        if (replaced.length > 0) {
          await trx
            .updateTable("documents")
            .set({ archived_at: at })
            .where(
              "id",
              "in",
              replaced.map((d) => d.id),
            )
            .execute();
        }
        await trx
          .updateTable("documents")
          .set({ supplement_answer_id: null })
          .where("id", "=", document.id)
          .execute();
        applied.document = { added: document.id, archived: replaced.map((d) => d.id) };
        await requiredDocumentChanged(ctx.jobs, trx, row.id, [document.category], now);
      }
      const guarantors = await trx
        .selectFrom("supplement_answer_guarantors")
        .selectAll()
        .where("answer_id", "=", answer.id)
        .orderBy("sort_order")
        .execute();
      if (guarantors.length > 0) {
        applied.guarantors = await replaceGuarantors(trx, row.id, guarantors, at);
      }
      // What the answer changed, beside the accept's own row (which the pipeline writes before this step).
      await trx
        .insertInto("audit_log")
        .values({
          id: crypto.randomUUID(),
          transfer_id: row.id,
          entity: "supplement_answer",
          entity_id: input.requestId,
          action: "supplement.apply",
          user_id: actor.viewer.id,
          at,
          before: null,
          after: JSON.stringify(applied),
        })
        .execute();
    },
  });
}

async function replaceGuarantors(
  trx: Db,
  transferId: string,
  guarantors: Array<{ identifier_value: string; first_name: string; last_name: string }>,
  at: string,
) {
  const existing = await trx
    .selectFrom("transfer_parties")
    .select(["id", "identifier_value"])
    .where("transfer_id", "=", transferId)
    .where("kind", "=", "Guarantor")
    .execute();
  const kept: string[] = [];
  const added: string[] = [];
  for (const [index, g] of guarantors.entries()) {
    const same = existing.find((e) => e.identifier_value === g.identifier_value);
    if (same) {
      await trx
        .updateTable("transfer_parties")
        .set({ first_name: g.first_name, last_name: g.last_name, sort_order: 100 + index })
        .where("id", "=", same.id)
        .execute();
      kept.push(same.id);
      continue;
    }
    const id = await insertParty(trx, {
      transfer_id: transferId,
      kind: "Guarantor",
      identifier_type: "SocialSecurityNumber",
      identifier_value: g.identifier_value,
      first_name: g.first_name,
      last_name: g.last_name,
      sort_order: 100 + index,
      created_at: at,
    });
    added.push(id);
  }
  const removed = existing.filter((e) => !kept.includes(e.id)).map((e) => e.id);
  if (removed.length > 0) {
    await trx.deleteFrom("transfer_parties").where("id", "in", removed).execute();
  }
  return { added, kept, removed };
}
