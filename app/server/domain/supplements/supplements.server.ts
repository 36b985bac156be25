import crypto from "node:crypto";
import type { TFunction } from "i18next";
import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import { svT } from "../../platform/i18n.server";
import { personDisplayName } from "~/lib/person";
import { isValidPersonnummer, parsePersonnummer } from "~/lib/personnummer";
import type { DocumentCategory, SupplementPersonType, TransferType } from "~/lib/transfer";
import {
  CreateSupplementSchema,
  RejectAnswerSchema,
  SetGuarantorsSchema,
  type AnswerGuarantorInput,
} from "~/schemas/supplements";
import { CreateDocumentSchema } from "~/schemas/documents";
import { enqueueMail } from "../mail.server";
import { requiredDocumentChanged } from "../documents/analysis.server";
import { storageKeyOf } from "../documents/uploads.server";
import type { SupplementFacts, TransferFacts, Viewer } from "../transfers/facts.server";
import { DomainError, invalid, notFound } from "../core/errors.server";
import { canRequestAdditionalInformation, transferActions } from "../transfers/policies.server";
import { answerActions, supplementActions } from "./policies.server";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";
import { loadTransferFacts } from "../transfers/load.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { run } from "../core/pipeline.server";
import { actorName, userOf, type UseCaseContext } from "../core/context.server";
import { parse } from "../core/parse.server";
import { transferAction } from "../transfers/policies.server";

/**
 * Supplements (kompletteringar; spec 02 §2.7, §3, §4 "Supplementary request", §5, §7; issue 18 items 1-2). A
 * property manager or board member asks for one document (and, for a personal guarantee, the guarantors) from the
 * answering party, who is e-mailed through the mail job (decision 021). The private party builds a draft answer
 * (one document, guarantors saved as typed and validated by the server), sends it (`Skicka svar`), and the
 * association or manager accepts it, which applies it to the transfer, or rejects it with a reason.
 *
 * Every change goes through the transfer pipeline (`run`): scope, the offered action of the policies, one
 * transaction, an audit row. Answers move by conditional updates on their status, so of two accepts exactly one
 * wins and the other is a Conflict.
 */

// ---- Descriptions ----

export interface RequestDescription {
  category: DocumentCategory;
  /** The message template; `{fullName}` where the person's full name goes (the API's placeholder). */
  template: string;
  personTypes: Array<Exclude<SupplementPersonType, "None">>;
}

/** The placeholder of a template for the person's full name, as the API shows it. */
export const FULL_NAME_PLACEHOLDER = "{fullName}";

/** The request types a transfer of this type offers, in the order the form lists them. */
export function supplementCategories(type: TransferType): Array<{
  category: DocumentCategory;
  personTypes: RequestDescription["personTypes"];
}> {
  return [
    { category: "PersonalGuarantee", personTypes: ["Acquirer"] },
    { category: "MembershipApplication", personTypes: ["Acquirer"] },
    ...REQUIRED_DOCUMENT_BY_TYPE[type].map((category) => ({ category, personTypes: [] })),
    { category: "Other", personTypes: ["Acquirer", "Guarantor"] },
  ];
}

export function templateFor(t: TFunction, category: DocumentCategory, fullName: string): string {
  return t(`review:additionals.template.${category}`, { fullName, interpolation: { escapeValue: false } });
}

function mailParts(t: TFunction, row: Pick<TransferRow, "object_number" | "association_name">) {
  const values = {
    object: row.object_number,
    association: row.association_name,
    interpolation: { escapeValue: false },
  };
  return {
    emailHeader: t("review:additionals.mail.header", values),
    emailFooter: t("review:additionals.mail.footer", values),
    subject: t("review:additionals.mail.subject", values),
  };
}

/**
 * GET …/additionalinformationrequests/descriptions: the request types with their templates and person types, and
 * the e-mail's header and footer; only for a viewer who may request supplements on this transfer.
 */
export async function supplementDescriptions(
  db: Db,
  viewer: Viewer,
  transferId: string,
  now: Date,
  t: TFunction = svT(),
) {
  const { row, facts } = await readScoped(db, viewer, transferId);
  if (!canRequestAdditionalInformation(viewer, facts)) throw notFound();
  const action = transferActions(viewer, facts, now).find((a) => a.type === "RequestAdditionalInfo");
  const { emailHeader, emailFooter } = mailParts(t, row);
  return {
    descriptions: supplementCategories(facts.transferType).map((d): RequestDescription => ({
      ...d,
      template: templateFor(t, d.category, FULL_NAME_PLACEHOLDER),
    })),
    emailHeader,
    emailFooter,
    disabled: action?.disabled ?? true,
    disabledReason: action?.reason ? t(`policy:blockers.${action.reason}`) : null,
  };
}

async function readScoped(db: Db, viewer: Viewer, transferId: string) {
  const row = await findScopedTransfer(db, viewer, transferId);
  if (!row) throw notFound();
  return { row, facts: await loadTransferFacts(db, row) };
}

/** The acquirers and guarantors a request may concern, with their full names. */
export async function supplementPersons(db: Db, transferId: string) {
  const rows = await db
    .selectFrom("transfer_parties")
    .select(["id", "kind", "first_name", "last_name"])
    .where("transfer_id", "=", transferId)
    .where("kind", "in", ["Acquirer", "Guarantor"])
    .orderBy("sort_order")
    .execute();
  return rows.map((p) => ({
    id: p.id,
    personType: p.kind as "Acquirer" | "Guarantor",
    name: personDisplayName({ firstName: p.first_name, lastName: p.last_name }),
  }));
}

// ---- Requests ----

/** Who answers a request, by e-mail: the broker of the transfer, or the private party who created it. */
async function answeringPartyEmail(trx: Db, row: TransferRow): Promise<string | null> {
  if (row.intermediary_email) return row.intermediary_email;
  if (row.initiator_role !== "PrivateIntermediary" || !row.created_by_user_id) return null;
  const user = await trx
    .selectFrom("users")
    .select(["email", "status"])
    .where("id", "=", row.created_by_user_id)
    .executeTakeFirst();
  return user?.email && user.status === "Active" ? user.email : null;
}

/**
 * POST api/core/transfers/{id}/additionalinformationrequests and the `Ny komplettering` form: a new open request
 * (the transfer waits for the answer, AwaitingInfoRequestAnswer), e-mailed to the answering party in the same
 * transaction. The type must be one the transfer offers; a type about acquirers or guarantors needs one of them,
 * on this transfer.
 */
export async function createSupplementRequest(
  ctx: UseCaseContext,
  transferId: string,
  input: unknown,
): Promise<{ requestId: string }> {
  const data = parse(CreateSupplementSchema, input);
  userOf(ctx);
  const requestId = crypto.randomUUID();
  let personType: SupplementPersonType = "None";
  await run(ctx, transferId, {
    useCase: "requestAdditionalInfo",
    offered: transferAction("RequestAdditionalInfo"),
    patch: (_row, facts) => {
      const description = supplementCategories(facts.transferType).find((d) => d.category === data.category);
      if (!description) throw invalid({ category: ["supplements.typeNotOffered"] });
      if (description.personTypes.length === 0) {
        if (data.personId) throw invalid({ personId: ["supplements.invalidAnswer"] });
        return { awaiting_info_request_answer: 1 };
      }
      const person = facts.parties.find(
        (p) =>
          p.id === data.personId &&
          (description.personTypes as string[]).includes(p.kind) &&
          (data.personType === "None" || data.personType === p.kind),
      );
      if (!data.personId) throw invalid({ personId: ["supplements.personRequired"] });
      if (!person) throw invalid({ personId: ["supplements.invalidAnswer"] });
      personType = person.kind as SupplementPersonType;
      return { awaiting_info_request_answer: 1 };
    },
    write: async (trx, row, at) => {
      const actor = userOf(ctx);
      await trx
        .insertInto("supplement_requests")
        .values({
          id: requestId,
          transfer_id: row.id,
          category: data.category,
          message: data.message,
          person_id: personType === "None" ? null : data.personId,
          person_type: personType,
          initiator_role: actor.viewer.role === "PropertyManager" ? "PropertyManager" : "BoardMember",
          status: "Open",
          created_by_user_id: actor.viewer.id,
          created_by_name: actorName(ctx),
          created_at: at,
        })
        .execute();
      const to = await answeringPartyEmail(trx, row);
      if (to) {
        const parts = mailParts(svT(), row);
        await enqueueMail(
          ctx.jobs,
          trx,
          { to, subject: parts.subject, text: composeMail(parts, data.message) },
          { transferId: row.id, dedupeKey: `mail:supplement:${requestId}`, now: new Date(at) },
        );
      }
    },
  });
  return { requestId };
}

/** The e-mail of a request: the header, the message and the footer (what `Förhandsgranska e-post` shows). */
export function composeMail(parts: { emailHeader: string; emailFooter: string }, message: string): string {
  return `${parts.emailHeader}\n\n${message}\n\n${parts.emailFooter}`;
}

/** The preview of a request's e-mail for the page (header, message, footer, and its subject). */
export async function previewSupplementMail(db: Db, viewer: Viewer, transferId: string, message: string) {
  const { row } = await readScoped(db, viewer, transferId);
  const parts = mailParts(svT(), row);
  return { subject: parts.subject, header: parts.emailHeader, message, footer: parts.emailFooter };
}

function requestOf(facts: TransferFacts, requestId: string): SupplementFacts {
  const request = facts.supplements.find((s) => s.id === requestId);
  if (!request) throw notFound();
  return request;
}

/** Refused: the request is answered or cancelled (spec 02 §8 'Komplettering är besvarad eller avbruten'). */
const notPending = () => new DomainError("Conflict", "supplements.notPending");
/** Refused: the answer was accepted or rejected already. */
const alreadyHandled = () => new DomainError("Conflict", "supplements.answerHandled");

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

// ---- Answers ----

/** The answering party's offered Answer action, after the request is known to be open. */
function answerOffered(requestId: string) {
  return (viewer: Viewer, facts: TransferFacts, now: Date) => {
    const request = requestOf(facts, requestId);
    if (request.status !== "Open") throw notPending();
    if (request.answer && request.answer.status !== "Draft") throw notPending();
    return supplementActions(viewer, facts, requestId, now).find((a) => a.type === "Answer");
  };
}

/** The request's draft answer, made when the first part of it arrives. */
async function draftAnswerOf(trx: Db, requestId: string, at: string) {
  const existing = await trx
    .selectFrom("supplement_answers")
    .selectAll()
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  if (existing) {
    if (existing.status !== "Draft") throw notPending();
    return existing;
  }
  const id = crypto.randomUUID();
  await trx
    .insertInto("supplement_answers")
    .values({ id, request_id: requestId, status: "Draft", document_id: null, created_at: at })
    .execute();
  return trx.selectFrom("supplement_answers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The answer's document, when its row still exists (a refused upload removes it). */
async function answerDocumentOf(trx: Db, answer: { id: string; document_id: string | null }) {
  if (!answer.document_id) return null;
  return (
    (await trx
      .selectFrom("documents")
      .selectAll()
      .where("id", "=", answer.document_id)
      .where("supplement_answer_id", "=", answer.id)
      .executeTakeFirst()) ?? null
  );
}

/**
 * POST …/answers/document {fileName} and the answer's upload form: a document row for the answer, in the request's
 * category, whose bytes follow (by PUT to the upload URL, or at once in the form post). One document at a time
 * ('Det går endast att komplettera med ett dokument åt gången.'): a second is refused until the first is removed.
 */
export async function createAnswerDocument(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; fileName: unknown },
  mode: "awaitingPut" | "receiving",
): Promise<{ documentId: string; storageKey: string; fileName: string }> {
  const actor = userOf(ctx);
  const { fileName } = parse(CreateDocumentSchema.pick({ fileName: true }), { fileName: input.fileName });
  const documentId = crypto.randomUUID();
  const storageKey = storageKeyOf(input.transferId, documentId);
  let category: DocumentCategory = "Other";
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      category = requestOf(facts, input.requestId).category;
      return answerOffered(input.requestId)(viewer, facts, now);
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.answerDocument",
      before: null,
      after: { documentId, fileName },
    }),
    write: async (trx, row, at) => {
      const answer = await draftAnswerOf(trx, input.requestId, at);
      if (await answerDocumentOf(trx, answer)) throw invalid({ file: ["supplements.oneDocument"] });
      await trx
        .insertInto("documents")
        .values({
          id: documentId,
          transfer_id: row.id,
          file_name: fileName,
          category,
          status: mode === "awaitingPut" ? "UploadNotStarted" : "UploadProgressing",
          document_type: "pdf",
          size_in_bytes: null,
          belongs_to: null,
          sensitive: category === "PersonalGuarantee" || category === "EstateInventory" ? 1 : 0,
          storage_key: storageKey,
          uploaded_by_user_id: actor.viewer.id,
          supplement_answer_id: answer.id,
          created_at: at,
          verified_at: null,
          data_erased_at: null,
          archived_at: null,
        })
        .execute();
      const claimed = await trx
        .updateTable("supplement_answers")
        .set({ document_id: documentId })
        .where("id", "=", answer.id)
        .where("status", "=", "Draft")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw notPending();
    },
  });
  return { documentId, storageKey, fileName };
}

/** DELETE …/answers/document: the draft answer's document goes (row and file), so another can be uploaded. */
export async function removeAnswerDocument(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string },
): Promise<{ fileName: string }> {
  userOf(ctx);
  let fileName = "";
  await run(ctx, input.transferId, {
    offered: answerOffered(input.requestId),
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.removeAnswerDocument",
      before: { fileName },
      after: null,
    }),
    write: async (trx, _row, at) => {
      const answer = await draftAnswerOf(trx, input.requestId, at);
      const document = await answerDocumentOf(trx, answer);
      if (!document) throw new DomainError("NotFound", "supplements.noDocument");
      fileName = document.file_name;
      await trx.deleteFrom("documents").where("id", "=", document.id).execute();
      await trx
        .updateTable("supplement_answers")
        .set({ document_id: null })
        .where("id", "=", answer.id)
        .execute();
      if (document.storage_key) await ctx.storage.delete(document.storage_key);
    },
  });
  return { fileName };
}

/** A guarantor's identifier as stored: a valid personal number normalised to 12 digits, anything else as typed. */
function storedIdentifier(value: string): string {
  const parsed = parsePersonnummer(value);
  return parsed.ok ? parsed.value.normalized12 : value;
}

/**
 * A guarantor's validation result (spec 02 §3 validationResult, §8): the personal number is required and must be
 * a valid personal number ('Ogiltigt personnummer, checksiffra stämmer inte vid verifiering.'); first and last name
 * are required. Messages are locale keys.
 */
export function guarantorErrors(g: {
  identifier_value: string;
  first_name: string;
  last_name: string;
}): Array<{ message: string; property: string }> {
  const errors: Array<{ message: string; property: string }> = [];
  if (g.identifier_value.trim() === "")
    errors.push({ message: "domain:supplements.guarantorIdentifierRequired", property: "identifier" });
  else if (!isValidPersonnummer(g.identifier_value))
    errors.push({ message: "identifier:checksumServer", property: "identifier" });
  if (g.first_name.trim() === "")
    errors.push({ message: "domain:supplements.guarantorFirstNameRequired", property: "firstName" });
  if (g.last_name.trim() === "")
    errors.push({ message: "domain:supplements.guarantorLastNameRequired", property: "lastName" });
  return errors;
}

/**
 * PUT …/answers/guarantors {guarantors}: the draft answer's guarantors, replaced by the list as typed (an
 * incomplete guarantor is kept with its validation errors). Only for a personal guarantee. An empty list leaves one
 * empty guarantor (removing the last one resets it, spec 02 §4), keeping the id of the first one if any.
 */
export async function setAnswerGuarantors(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; guarantors: unknown },
): Promise<{ guarantorIds: string[] }> {
  const { guarantors } = parse(SetGuarantorsSchema, { guarantors: input.guarantors });
  userOf(ctx);
  const ids: string[] = [];
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      if (requestOf(facts, input.requestId).category !== "PersonalGuarantee")
        throw invalid({ guarantors: ["supplements.guarantorsNotAsked"] });
      return answerOffered(input.requestId)(viewer, facts, now);
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.guarantors",
      before: null,
      after: { guarantors: ids.length },
    }),
    write: async (trx, _row, at) => {
      const answer = await draftAnswerOf(trx, input.requestId, at);
      const previous = await trx
        .selectFrom("supplement_answer_guarantors")
        .select("id")
        .where("answer_id", "=", answer.id)
        .orderBy("sort_order")
        .execute();
      const known = new Set(previous.map((p) => p.id));
      const list: AnswerGuarantorInput[] =
        guarantors.length > 0
          ? guarantors
          : [{ id: previous[0]?.id, identifier: "", firstName: "", lastName: "" }];
      await trx.deleteFrom("supplement_answer_guarantors").where("answer_id", "=", answer.id).execute();
      for (const [index, g] of list.entries()) {
        const id = g.id && known.has(g.id) && !ids.includes(g.id) ? g.id : crypto.randomUUID();
        ids.push(id);
        await trx
          .insertInto("supplement_answer_guarantors")
          .values({
            id,
            answer_id: answer.id,
            identifier_value: storedIdentifier(g.identifier),
            first_name: g.firstName,
            last_name: g.lastName,
            email: null,
            phone: null,
            sort_order: index,
          })
          .execute();
      }
    },
  });
  return { guarantorIds: ids };
}

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

function handleOffered(requestId: string) {
  return (viewer: Viewer, facts: TransferFacts, now: Date) => {
    const request = requestOf(facts, requestId);
    if (!request.answer || request.answer.status === "Draft") throw notPending();
    if (request.answer.status !== "Pending") throw alreadyHandled();
    return answerActions(viewer, facts, requestId, now).find((a) => a.type === "Handle");
  };
}

/** Marks the pending answer handled; of two concurrent handlings exactly one changes the row. */
async function claimAnswer(
  trx: Db,
  requestId: string,
  to: "Accepted" | "Rejected",
  by: { name: string; userId: string },
  at: string,
  reason: string | null,
) {
  const claimed = await trx
    .updateTable("supplement_answers")
    .set({
      status: to,
      handled_by: by.name,
      handled_by_user_id: by.userId,
      handled_at: at,
      reject_reason: reason,
    })
    .where("request_id", "=", requestId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw alreadyHandled();
  return trx
    .selectFrom("supplement_answers")
    .selectAll()
    .where("request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

const otherPending = (facts: TransferFacts, requestId: string) =>
  facts.supplements.some((s) => s.id !== requestId && s.answer?.status === "Pending") ? 1 : 0;

/** What accepting an answer would replace: a document of the same category, the transfer's guarantors. */
export interface AnswerConflicts {
  replacesDocument: boolean;
  replacesGuarantors: boolean;
}

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
    const id = crypto.randomUUID();
    await trx
      .insertInto("transfer_parties")
      .values({
        id,
        transfer_id: transferId,
        kind: "Guarantor",
        identifier_type: "SocialSecurityNumber",
        identifier_value: g.identifier_value,
        first_name: g.first_name,
        last_name: g.last_name,
        email: null,
        phone: null,
        street: null,
        postal_code: null,
        city: null,
        country: null,
        owner_share_numerator: null,
        owner_share_denominator: null,
        transfer_share_numerator: null,
        transfer_share_denominator: null,
        membership_status: null,
        is_payment_notice_recipient: 0,
        sort_order: 100 + index,
        created_at: at,
      })
      .execute();
    added.push(id);
  }
  const removed = existing.filter((e) => !kept.includes(e.id)).map((e) => e.id);
  if (removed.length > 0) {
    await trx.deleteFrom("transfer_parties").where("id", "in", removed).execute();
  }
  return { added, kept, removed };
}

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
