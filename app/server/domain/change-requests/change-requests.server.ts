import crypto from "node:crypto";
import {
  AGREEMENT_FIELDS,
  ChangeRequestDecisionSchema,
  changeRequestFieldsSchema,
  type Agreement,
  type AgreementChanges,
  type ChangeableFields,
} from "~/schemas/change-requests";
import { UploadFileNameSchema } from "~/schemas/documents";
import { fieldErrorsOf } from "~/schemas/transfer";
import { withValues } from "~/lib/messages";
import type { TransferRow } from "../../db/schema.server";
import { receiveUpload, storageKeyOf } from "../documents/uploads.server";
import type { TransferFacts } from "../transfers/facts.server";
import { DomainError, invalid, notFound } from "../core/errors.server";
import { loadTransferFacts } from "../transfers/load.server";
import {
  changeableAgreementFields,
  changeRequestCreation,
  changeRequestPermissions,
} from "./policies.server";
import { permit, type PolicyAction } from "../core/policy.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { run } from "../core/pipeline.server";
import { actorName, userOf, type UseCaseContext } from "../core/context.server";
import { parse } from "../core/parse.server";

/**
 * Agreement change requests (spec 02 §3-§7, decision 026): the property manager asks to change the agreement's
 * price, entry date or contract date with an additional agreement (a PDF) attached; the board accepts or rejects.
 * Both go through the transfer pipeline (`run`): the transfer read through the viewer's scope, the policy asked
 * again, a conditional update on the transfer's version (so of two concurrent creations or decisions exactly one
 * wins), an audit row. An accepted request updates the transfer's agreement in the same transaction, and the
 * automatic review runs again, since its price and date checks read that agreement.
 */

export function agreementOf(
  row: Pick<TransferRow, "purchase_price" | "entry_date" | "contract_date">,
): Agreement {
  return { purchasePrice: row.purchase_price, entryDate: row.entry_date, contractDate: row.contract_date };
}

export const alreadyDecided = () => new DomainError("Conflict", "changeRequests.alreadyDecided");
export const changeRequestNotFound = () => new DomainError("NotFound", "changeRequests.notFound");

/** The field errors of the fields against this agreement, or the changes. */
function checkFields(
  fields: Record<string, unknown>,
  current: Agreement,
  changeable: ChangeableFields,
): { ok: true; changes: AgreementChanges } | { ok: false; errors: Record<string, string[]> } {
  const input: Record<string, unknown> = {};
  for (const name of AGREEMENT_FIELDS) input[name] = fields[name] ?? undefined;
  const result = changeRequestFieldsSchema(current, changeable).safeParse(input);
  if (result.success) return { ok: true, changes: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error) };
}

/** The transfer as the viewer may see it, with its facts; NotFound outside the scope. */
async function scopedFacts(ctx: UseCaseContext, transferId: string) {
  const actor = userOf(ctx);
  const row = await findScopedTransfer(ctx.db, actor.viewer, transferId);
  if (!row) throw notFound();
  return { row, facts: await loadTransferFacts(ctx.db, row), actor };
}

/** GET …/agreementChangeRequests/possible: whether a new request is offered, and each value's current and changeable. */
export async function possibleChangeRequest(ctx: UseCaseContext, transferId: string) {
  const { row, facts, actor } = await scopedFacts(ctx, transferId);
  const now = ctx.now ?? new Date();
  const changeable = changeableAgreementFields(facts);
  const current = agreementOf(row);
  return {
    action: changeRequestCreation(actor.viewer, facts, now) ?? null,
    current,
    changeable,
  };
}

export interface AdditionalAgreementFile {
  fileName: string;
  stream: ReadableStream<Uint8Array>;
}

/** The field of the form and of the multipart call that carries the additional agreement. */
export const ADDITIONAL_AGREEMENT_FIELD = "additionalAgreement";

async function discardFile(ctx: UseCaseContext, documentId: string, transferId: string) {
  await ctx.db.deleteFrom("documents").where("id", "=", documentId).execute();
  await ctx.storage.delete(storageKeyOf(transferId, documentId)).catch(() => false);
}

/**
 * The additional agreement streamed into a document of category AdditionalAgreement (UploadPending, then verified by
 * the document job); a file the upload checks refuse is removed again and answered as the field's error.
 */
async function storeAgreement(
  ctx: UseCaseContext,
  transferId: string,
  file: AdditionalAgreementFile,
  fileName: string,
  uploadedBy: string,
  now: Date,
): Promise<string> {
  const documentId = crypto.randomUUID();
  await ctx.db
    .insertInto("documents")
    .values({
      id: documentId,
      transfer_id: transferId,
      file_name: fileName,
      category: "AdditionalAgreement",
      status: "UploadProgressing",
      document_type: "pdf",
      size_in_bytes: null,
      belongs_to: null,
      sensitive: 0,
      storage_key: storageKeyOf(transferId, documentId),
      uploaded_by_user_id: uploadedBy,
      supplement_answer_id: null,
      created_at: now.toISOString(),
      verified_at: null,
      data_erased_at: null,
      archived_at: null,
    })
    .execute();
  const received = await receiveUpload({ ...ctx, now }, documentId, file.stream);
  if (received.outcome !== "pending") {
    await discardFile(ctx, documentId, transferId);
    const reason =
      received.outcome === "refused"
        ? `documents.${received.reason}`
        : received.outcome === "broken"
          ? "documents.uploadBroken"
          : "documents.notAwaiting";
    throw invalid({ [ADDITIONAL_AGREEMENT_FIELD]: [withValues(reason, { file: fileName })] });
  }
  return documentId;
}

/**
 * A new change request from the fields (strings as typed; absent or empty: unchanged) and, when one is attached (spec
 * 02 §5: it "can be attached"), the additional agreement's bytes. The fields and the policy are checked before a byte
 * is stored; with bad fields the file is read past and not kept (its field says to choose it again). The file is
 * checked as it streams (a PDF, 25 MB) into a document of category AdditionalAgreement; then the request is made in
 * one transaction that checks it all again against the agreement as it is then. A request that fails after the file
 * was stored takes the file with it.
 */
export async function createChangeRequest(
  ctx: UseCaseContext,
  input: { transferId: string; fields: Record<string, unknown>; file: AdditionalAgreementFile | null },
): Promise<{ changeRequestId: string; documentId: string | null }> {
  const { transferId } = input;
  const { row, facts, actor } = await scopedFacts(ctx, transferId);
  const now = ctx.now ?? new Date();
  permit(changeRequestCreation(actor.viewer, facts, now));

  const checked = checkFields(input.fields, agreementOf(row), changeableAgreementFields(facts));
  const errors: Record<string, string[]> = checked.ok ? {} : { ...checked.errors };
  const name = input.file ? UploadFileNameSchema.safeParse(input.file.fileName) : null;
  if (name && !name.success) errors[ADDITIONAL_AGREEMENT_FIELD] = [name.error.issues[0]!.message];
  else if (name && !checked.ok) errors[ADDITIONAL_AGREEMENT_FIELD] = ["changeRequests.chooseFileAgain"];
  if (!checked.ok || Object.keys(errors).length > 0) {
    await input.file?.stream.cancel().catch(() => undefined);
    throw invalid(errors);
  }
  const documentId =
    input.file && name?.success
      ? await storeAgreement(ctx, transferId, input.file, name.data, actor.viewer.id, now)
      : null;

  const changeRequestId = crypto.randomUUID();
  try {
    let changes: AgreementChanges = {};
    let previous: Agreement | null = null;
    await run(ctx, transferId, {
      offered: (viewer, current, at) => changeRequestCreation(viewer, current, at),
      useCase: null,
      // The transfer's version steps, so that of two requests made at once only one is left pending.
      patch: (current, currentFacts) => {
        const again = checkFields(
          input.fields,
          agreementOf(current),
          changeableAgreementFields(currentFacts),
        );
        if (!again.ok) throw invalid(again.errors);
        changes = again.changes;
        previous = agreementOf(current);
        return {};
      },
      audit: () => ({
        entity: "change_request",
        entityId: changeRequestId,
        action: "createChangeRequest",
        before: pick(previous!, changes),
        after: { ...changes, additionalAgreement: documentId },
      }),
      write: async (trx, current, at) => {
        const was = previous!;
        const changed = (field: keyof Agreement) => changes[field] !== undefined;
        await trx
          .insertInto("change_requests")
          .values({
            id: changeRequestId,
            transfer_id: current.id,
            created_by_user_id: actor.viewer.id,
            created_by_first_name: actor.firstName,
            created_by_last_name: actor.lastName,
            created_at: at,
            purchase_price_previous: changed("purchasePrice") ? was.purchasePrice : null,
            purchase_price_new: changes.purchasePrice ?? null,
            entry_date_previous: changed("entryDate") ? was.entryDate : null,
            entry_date_new: changes.entryDate ?? null,
            contract_date_previous: changed("contractDate") ? was.contractDate : null,
            contract_date_new: changes.contractDate ?? null,
            additional_agreement_document_id: documentId,
            decision: null,
            decided_at: null,
            decided_by: null,
            decided_by_user_id: null,
            rejected_reason: null,
          })
          .execute();
      },
    });
  } catch (error) {
    if (documentId) await discardFile(ctx, documentId, transferId);
    throw error;
  }
  return { changeRequestId, documentId };
}

function pick(agreement: Agreement, changes: AgreementChanges): Partial<Agreement> {
  const result: Partial<Record<keyof Agreement, unknown>> = {};
  for (const field of AGREEMENT_FIELDS) if (changes[field] !== undefined) result[field] = agreement[field];
  return result as Partial<Agreement>;
}

/** The request's changes as they were asked for (the columns of the fields it changes). */
function requestedChanges(request: {
  purchase_price_new: number | null;
  entry_date_new: string | null;
  contract_date_new: string | null;
}): AgreementChanges {
  const changes: AgreementChanges = {};
  if (request.purchase_price_new !== null) changes.purchasePrice = request.purchase_price_new;
  if (request.entry_date_new !== null) changes.entryDate = request.entry_date_new;
  if (request.contract_date_new !== null) changes.contractDate = request.contract_date_new;
  return changes;
}

function decisionAllowed(
  facts: TransferFacts,
  permissions: { canAcceptChangeRequest: boolean; canMakeDecision: boolean },
  decision: "Accept" | "Reject",
  requestId: string,
): PolicyAction<"DecideChangeRequest"> | undefined {
  const request = facts.changeRequests.find((c) => c.id === requestId);
  if (!request) throw changeRequestNotFound();
  if (request.decision !== null) throw alreadyDecided();
  if (!permissions.canMakeDecision) return undefined;
  if (decision === "Accept" && !permissions.canAcceptChangeRequest) {
    const reason = facts.runningTasks.length > 0 ? "backgroundTask" : "propertyManagerUnderMaintenance";
    return { type: "DecideChangeRequest", disabled: true, reason };
  }
  return { type: "DecideChangeRequest", disabled: false, reason: null };
}

/**
 * The board's decision (POST …/agreementChangeRequests/{requestId}/decisions {decision, rejectReason}). Accept when
 * the policy says canAcceptChangeRequest: the transfer's agreement takes the new values in the same transaction
 * (refused when they would put the entry date before the contract date), and the automatic review runs again.
 * Reject with a reason when canMakeDecision. A request already decided is the spec's refusal (409); of two decisions
 * at once, the second finds it decided (its conditional update changes no row) and is refused the same way.
 */
export async function decideChangeRequest(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; decision: unknown; rejectReason?: unknown },
): Promise<{ decision: "Accepted" | "Rejected" }> {
  const data = parse(ChangeRequestDecisionSchema, {
    decision: input.decision,
    rejectReason: input.rejectReason,
  });
  const actor = userOf(ctx);
  const { transferId, requestId } = input;
  const accept = data.decision === "Accept";
  const reason = data.decision === "Reject" ? data.rejectReason : null;
  // What the request asks for never changes after it is made, so it may be read before the transaction; whether it
  // is still undecided is the transaction's to say (the policy on its facts, then the conditional update).
  const request = await ctx.db
    .selectFrom("change_requests")
    .select(["purchase_price_new", "entry_date_new", "contract_date_new"])
    .where("id", "=", requestId)
    .where("transfer_id", "=", transferId)
    .executeTakeFirst();
  const changes = request ? requestedChanges(request) : {};
  let before: Partial<Agreement> = {};
  await run(ctx, transferId, {
    offered: (viewer, facts, now) =>
      decisionAllowed(
        facts,
        changeRequestPermissions(viewer, facts, requestId, now),
        data.decision,
        requestId,
      ),
    useCase: null,
    patch: (row) => {
      if (!accept) return {};
      const current = agreementOf(row);
      before = pick(current, changes);
      const entry = changes.entryDate ?? current.entryDate;
      const contract = changes.contractDate ?? current.contractDate;
      if (entry !== null && contract !== null && entry < contract)
        throw invalid({ decision: ["changeRequests.acceptBreaksDates"] });
      return {
        ...(changes.purchasePrice !== undefined ? { purchase_price: changes.purchasePrice } : {}),
        ...(changes.entryDate !== undefined ? { entry_date: changes.entryDate } : {}),
        ...(changes.contractDate !== undefined ? { contract_date: changes.contractDate } : {}),
      };
    },
    audit: ({ row }) => ({
      entity: "change_request",
      entityId: requestId,
      action: accept ? "acceptChangeRequest" : "rejectChangeRequest",
      before: accept ? { decision: null, agreement: before } : { decision: null },
      after: accept
        ? { decision: "Accepted", agreement: changes, transferId: row.id }
        : { decision: "Rejected", reason },
    }),
    write: async (trx, row, at) => {
      const updated = await trx
        .updateTable("change_requests")
        .set({
          decision: accept ? "Accepted" : "Rejected",
          decided_at: at,
          decided_by: actorName(ctx),
          decided_by_user_id: actor.viewer.id,
          rejected_reason: reason,
        })
        .where("id", "=", requestId)
        .where("transfer_id", "=", row.id)
        .where("decision", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw alreadyDecided();
    },
    // Accepted values are what the automatic review compares: it runs again.
    signals: accept ? ["reviewedFactsChanged"] : [],
  });
  return { decision: accept ? "Accepted" : "Rejected" };
}
