import type {
  AnswerStatus,
  DocumentCategory,
  InitiatorRole,
  SupplementPersonType,
  SupplementStatus,
} from "~/lib/transfer";
import type { SupplementView } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { actionView } from "../core/policy.server";
import { creditCheckGrants } from "../credit-checks/policies.server";
import { creditCheckView, creditOrdersOf, latestOrderFor } from "../credit-checks/views.server";
import { documentView } from "../documents/views.server";
import { transferInView } from "../transfers/views.server";
import { answerActions, supplementActions } from "./policies.server";
import { guarantorErrors } from "./guarantors.server";

/** Supplement requests newest first (spec 02 §4), with their answers and offered actions. */
export async function listSupplements(
  ctx: ViewContext,
  transferId: string,
): Promise<SupplementView[] | null> {
  const found = await transferInView(ctx, transferId);
  if (!found) return null;
  const { db } = ctx;
  const [requests, answers, guarantors, parties, documents, orders] = await Promise.all([
    db
      .selectFrom("supplement_requests")
      .selectAll()
      .where("transfer_id", "=", transferId)
      .orderBy("created_at", "desc")
      .execute(),
    db
      .selectFrom("supplement_answers")
      .innerJoin("supplement_requests", "supplement_requests.id", "supplement_answers.request_id")
      .selectAll("supplement_answers")
      .where("supplement_requests.transfer_id", "=", transferId)
      .execute(),
    db
      .selectFrom("supplement_answer_guarantors")
      .innerJoin("supplement_answers", "supplement_answers.id", "supplement_answer_guarantors.answer_id")
      .innerJoin("supplement_requests", "supplement_requests.id", "supplement_answers.request_id")
      .selectAll("supplement_answer_guarantors")
      .where("supplement_requests.transfer_id", "=", transferId)
      .orderBy("supplement_answer_guarantors.sort_order")
      .execute(),
    db.selectFrom("transfer_parties").selectAll().where("transfer_id", "=", transferId).execute(),
    db.selectFrom("documents").selectAll().where("transfer_id", "=", transferId).execute(),
    creditOrdersOf(db, transferId),
  ]);
  const grants = creditCheckGrants(ctx.viewer, found.facts);
  return requests.map((r) => {
    const answer = answers.find((a) => a.request_id === r.id) ?? null;
    const person = parties.find((p) => p.id === r.person_id);
    const answerGuarantors = answer ? guarantors.filter((g) => g.answer_id === answer.id) : [];
    const document = answer?.document_id
      ? (documents.find((d) => d.id === answer.document_id) ?? null)
      : null;
    const guarantorViews = answerGuarantors.map((g) => {
      const errors = guarantorErrors(g).map((e) => ({ ...e, message: ctx.t(e.message) }));
      const order = latestOrderFor(orders, { id: g.id, identifier_value: g.identifier_value });
      return {
        id: g.id,
        identifier: { value: g.identifier_value },
        firstName: g.first_name,
        lastName: g.last_name,
        creditCheckOrder: order ? creditCheckView(order, grants) : null,
        validationResult: { isValid: errors.length === 0, errors },
      };
    });
    const verified =
      document !== null && document.status === "UploadVerified" && document.data_erased_at === null;
    const validToSubmit =
      verified &&
      (r.category !== "PersonalGuarantee" ||
        (guarantorViews.length > 0 && guarantorViews.every((g) => g.validationResult.isValid)));
    const existingGuarantors = parties.filter((p) => p.kind === "Guarantor");
    return {
      id: r.id,
      created: r.created_at,
      createdBy: r.created_by_name,
      category: r.category as DocumentCategory,
      status: r.status as SupplementStatus,
      message: r.message,
      name: person ? `${person.first_name} ${person.last_name}`.trim() : null,
      personType: r.person_type as SupplementPersonType,
      initiatorRole: r.initiator_role as InitiatorRole,
      forwarded: r.forwarded === 1,
      actions: supplementActions(ctx.viewer, found.facts, r.id, ctx.now).map((a) => actionView(ctx.t, a)),
      answer: answer
        ? {
            id: answer.id,
            status: answer.status as AnswerStatus,
            answeredBy: answer.answered_by,
            answered: answer.answered_at,
            handledBy: answer.handled_by,
            handled: answer.handled_at,
            rejectReason: answer.reject_reason,
            guarantors: guarantorViews,
            transferDocument: document ? documentView(ctx, found.facts, document) : null,
            hasConflictingDocument:
              document !== null &&
              documents.some(
                (d) =>
                  d.id !== document.id &&
                  d.supplement_answer_id === null &&
                  d.category === r.category &&
                  d.status === "UploadVerified" &&
                  d.data_erased_at === null,
              ),
            hasConflictingGuarantor: answerGuarantors.length > 0 && existingGuarantors.length > 0,
            actions: answerActions(ctx.viewer, found.facts, r.id, ctx.now).map((a) => actionView(ctx.t, a)),
          }
        : null,
      validToSubmit,
    };
  });
}
