import type { TFunction } from "i18next";
import type { Db } from "../../db/kysely.server";
import type { DocumentRow, PartyRow, TransferRow } from "../../db/schema.server";
import type {
  CreditCheckStatus,
  DocumentCategory,
  DocumentStatus,
  DocumentType,
  Fraction,
  InitiatorRole,
  MembershipDecisionValue,
  MessageRole,
  RunningTask,
  SupplementPersonType,
  TransferStatus,
  TransferType,
  AnswerStatus,
  SupplementStatus,
} from "~/lib/transfer";
import type { IdentifierType } from "~/lib/identifier";
import { processSteps } from "~/lib/transfer-display";
import type {
  AcquirerView,
  ChangeRequestView,
  CreditCheckOrderView,
  DocumentView,
  GuarantorView,
  MessageView,
  NoteView,
  PrivateListItem,
  ProcessStepView,
  SupplementView,
  TransferListItem,
  TransferReview,
  TransferorView,
} from "~/schemas/transfer-views";
import { CreditCheckResultViewSchema } from "~/schemas/transfer-views";
import type { TransferFacts, Viewer } from "./facts.server";
import { loadTransferFacts } from "./load.server";
import { parseJsonList } from "../../db/json-columns.server";
import {
  answerActions,
  blockerTextKey,
  canPostMessage,
  canRequestAdditionalInformation,
  canResolveMessage,
  changeRequestPermissions,
  changeableAgreementFields,
  documentCanBeRemoved,
  documentCanBeWithdrawn,
  documentCategoryCanBeChanged,
  documentUploadAction,
  messageRecipients,
  uploadableCategories,
  noteActions,
  noteAudienceOf,
  personActions,
  supplementActions,
  transferActions,
  type BlockerCode,
  type PolicyAction,
} from "./policies.server";
import { findScopedTransfer } from "./scope.server";
import { hasTransferSummary } from "../documents/summary.server";
import { guarantorErrors } from "../supplements/supplements.server";

/**
 * The view shapes of the spec, built on the server from the rows and the policies. Each is described by a
 * zod schema in app/schemas/transfer-views.ts that pages and the JSON API share.
 */

export interface ViewContext {
  db: Db;
  viewer: Viewer;
  now: Date;
  t: TFunction;
}

function actionView<T extends string>(t: TFunction, action: PolicyAction<T>) {
  return {
    type: action.type,
    disabled: action.disabled,
    disabledReason: action.reason ? t(blockerTextKey(action.reason as BlockerCode)) : null,
  };
}

function share(numerator: number | null, denominator: number | null) {
  if (numerator === null || denominator === null || denominator <= 0) return null;
  return { numerator, denominator, value: numerator / denominator };
}

export function shareOf(numerator: number | null, denominator: number | null): Fraction | null {
  return numerator === null || denominator === null ? null : { numerator, denominator };
}

function address(p: {
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
}) {
  if (p.street === null && p.postal_code === null && p.city === null) return null;
  return {
    street: p.street ?? "",
    postalCode: p.postal_code ?? "",
    city: p.city ?? "",
    country: p.country ?? "",
  };
}

function steps(
  row: Pick<TransferRow, "status" | "membership_decision" | "membership_decision_date">,
): ProcessStepView[] {
  const decision =
    row.membership_decision && row.membership_decision_date
      ? { decision: row.membership_decision as MembershipDecisionValue, date: row.membership_decision_date }
      : null;
  return processSteps({ status: row.status as TransferStatus, membershipDecision: decision }).map((step) => ({
    type: step.type,
    state: step.state,
    order: step.order,
    finished: step.finished,
    information: null,
  }));
}

// ---- List items (spec 01 §3): built from the transfer row alone, so a page of 50 costs one query ----

export function toListItem(row: TransferRow): TransferListItem {
  return {
    transferId: row.id,
    objectId: row.object_id,
    objectDescription: row.object_number,
    tenantAssociation: row.association_name,
    address: { street: row.street, postalCode: row.postal_code, city: row.city, country: row.country },
    transferType: row.transfer_type as TransferType,
    initiatorRole: row.initiator_role as InitiatorRole,
    status: row.status as TransferStatus,
    actionIsNeeded: row.action_is_needed === 1,
    awaitingInfoRequestAnswer: row.awaiting_info_request_answer === 1,
    modified: row.modified_at,
    finalizedAtPropertyManager: row.finalized_at_property_manager === 1,
    hasDeviation: row.has_deviations === 1,
    saleStatus: row.sale_status === "Stopped" ? "Stopped" : null,
    underInvestigationSince: row.under_investigation_since,
    partsNotified: row.parts_notified === 1,
    expired: row.expired === 1,
    unresolvedMessages: row.unresolved_messages,
    agreement: { purchasePrice: row.purchase_price, entryDate: row.entry_date },
    membershipDecision:
      row.membership_decision && row.membership_decision_date
        ? { decision: row.membership_decision as MembershipDecisionValue, date: row.membership_decision_date }
        : null,
  };
}

/** Private list items (spec 01 "My private transfers"): the page's rows plus one query for names. */
export async function toPrivateListItems(db: Db, rows: TransferRow[]): Promise<PrivateListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [parties, tenants] = await Promise.all([
    db
      .selectFrom("transfer_parties")
      .select(["id", "transfer_id", "kind", "first_name", "last_name"])
      .where("transfer_id", "in", ids)
      .where("kind", "in", ["Transferor", "Acquirer"])
      .orderBy("sort_order")
      .execute(),
    db
      .selectFrom("tenants")
      .select(["id", "display_name"])
      .where("id", "in", [...new Set(rows.map((r) => r.tenant_id))])
      .execute(),
  ]);
  return rows.map((row) => {
    const own = parties.filter((p) => p.transfer_id === row.id);
    const named = (kind: string) =>
      own
        .filter((p) => p.kind === kind)
        .map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name }));
    const item = toListItem(row);
    return {
      id: row.id,
      objectDescription: row.object_number,
      transferors: named("Transferor"),
      acquirers: named("Acquirer"),
      agreement: { entryDate: row.entry_date },
      propertyManager: { displayName: tenants.find((t) => t.id === row.tenant_id)?.display_name ?? "" },
      transferProcess: steps(row),
      tenantAssociation: { name: row.association_name },
      membershipDecision: item.membershipDecision,
      actionIsNeeded: item.actionIsNeeded,
      saleStatus: item.saleStatus,
      isUnderInvestigation: row.under_investigation_since !== null,
      initiatorRole: item.initiatorRole,
      status: item.status,
      modified: row.modified_at,
    };
  });
}

// ---- One transfer ----

function creditCheckView(order: {
  id: string;
  transfer_id: string;
  status: string;
  result: string | null;
  data_erased_at: string | null;
}): CreditCheckOrderView {
  let result = null;
  if (order.result && order.data_erased_at === null && order.status === "Success") {
    try {
      const parsed = CreditCheckResultViewSchema.safeParse(JSON.parse(order.result));
      result = parsed.success ? parsed.data : null;
    } catch {
      result = null;
    }
  }
  return {
    orderId: order.id,
    transferId: order.transfer_id,
    rejectedReasons: [],
    result: { status: order.status as CreditCheckStatus, dataErasedAt: order.data_erased_at, result },
  };
}

type CreditRow = {
  id: string;
  transfer_id: string;
  party_id: string | null;
  identifier_value: string;
  status: string;
  result: string | null;
  data_erased_at: string | null;
  ordered_at: string;
};

function creditOrdersOf(db: Db, transferId: string): Promise<CreditRow[]> {
  return db
    .selectFrom("credit_check_orders")
    .select([
      "id",
      "transfer_id",
      "party_id",
      "identifier_value",
      "status",
      "result",
      "data_erased_at",
      "ordered_at",
    ])
    .where("transfer_id", "=", transferId)
    .execute();
}

function latestOrderFor(orders: CreditRow[], party: { id: string; identifier_value: string }) {
  const own = orders.filter((o) => o.party_id === party.id || o.identifier_value === party.identifier_value);
  own.sort((a, b) => (a.ordered_at < b.ordered_at ? 1 : -1));
  return own[0] ?? null;
}

function personBase(ctx: ViewContext, facts: TransferFacts, p: PartyRow, orders: CreditRow[]) {
  const order = latestOrderFor(orders, p);
  return {
    id: p.id,
    firstName: p.first_name,
    lastName: p.last_name,
    identifier: { type: p.identifier_type as IdentifierType, value: p.identifier_value },
    phoneNumber: p.phone,
    emailAddress: p.email,
    creditCheckOrder: order ? creditCheckView(order) : null,
    actions: personActions(ctx.viewer, facts, p.id, ctx.now).map((a) => actionView(ctx.t, a)),
  };
}

export function documentView(ctx: ViewContext, facts: TransferFacts, d: DocumentRow): DocumentView {
  const erased = d.data_erased_at !== null;
  const base = `/transfers/${d.transfer_id}/documents/${d.id}`;
  return {
    id: d.id,
    fileName: d.file_name,
    category: d.category as DocumentCategory,
    translatedCategory: ctx.t(`transfer:category.${d.category}`),
    sizeInBytes: d.size_in_bytes,
    belongsTo: d.belongs_to,
    created: d.created_at,
    dataErasedAt: d.data_erased_at,
    archivedAt: d.archived_at,
    fileId: erased ? null : d.storage_key,
    sensitive: d.sensitive === 1,
    canBeRemoved:
      documentCanBeRemoved(ctx.viewer, facts, d.id, ctx.now) ||
      documentCanBeWithdrawn(ctx.viewer, facts, d.id),
    canChangeCategory: documentCategoryCanBeChanged(ctx.viewer, facts, d.id),
    status: d.status as DocumentStatus,
    uploadUrl: null,
    documentType: d.document_type as DocumentType,
    previewUrl: erased || d.status !== "UploadVerified" ? null : `${base}?preview`,
    downloadUrl: erased || d.status !== "UploadVerified" ? null : base,
  };
}

/** The transfer for review (spec 02 §3), or null when it is missing or outside the viewer's scope. */
export async function getTransferForReview(
  ctx: ViewContext,
  transferId: string,
): Promise<TransferReview | null> {
  const row = await findScopedTransfer(ctx.db, ctx.viewer, transferId);
  if (!row) return null;
  const { db } = ctx;
  // Facts already hold the checks and the maintenance flag; only what they lack is read here.
  const [facts, association, manager, parties, orders, decision, summary] = await Promise.all([
    loadTransferFacts(db, row),
    db
      .selectFrom("associations")
      .select(["name", "organisation_number"])
      .where("id", "=", row.association_id)
      .executeTakeFirst(),
    db.selectFrom("tenants").select("display_name").where("id", "=", row.tenant_id).executeTakeFirst(),
    db
      .selectFrom("transfer_parties")
      .selectAll()
      .where("transfer_id", "=", row.id)
      .orderBy("sort_order")
      .execute(),
    creditOrdersOf(db, row.id),
    db.selectFrom("membership_decisions").selectAll().where("transfer_id", "=", row.id).executeTakeFirst(),
    row.summary_document_id
      ? db
          .selectFrom("documents")
          .select(["id", "file_name"])
          .where("id", "=", row.summary_document_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);

  const transferors: TransferorView[] = parties
    .filter((p) => p.kind === "Transferor")
    .map((p) => ({
      ...personBase(ctx, facts, p, orders),
      newAddress: address(p),
      ownerShare: share(p.owner_share_numerator, p.owner_share_denominator),
      transferShare: share(p.transfer_share_numerator, p.transfer_share_denominator),
      isPaymentNoticeRecipient: p.is_payment_notice_recipient === 1,
    }));
  const acquirers: AcquirerView[] = parties
    .filter((p) => p.kind === "Acquirer")
    .map((p) => ({
      ...personBase(ctx, facts, p, orders),
      address: address(p),
      transferShare: share(p.transfer_share_numerator, p.transfer_share_denominator),
      membershipStatus: p.membership_status ?? "UNKNOWN",
      isPaymentNoticeRecipient: p.is_payment_notice_recipient === 1,
    }));
  const guarantors: GuarantorView[] = parties
    .filter((p) => p.kind === "Guarantor")
    .map((p) => personBase(ctx, facts, p, orders));

  return {
    id: row.id,
    objectId: row.object_id,
    objectDescription: row.object_number,
    tenantAssociation: {
      name: association?.name ?? row.association_name,
      organisationNumber: association?.organisation_number ?? "",
    },
    transferType: row.transfer_type as TransferType,
    initiatorRole: row.initiator_role as InitiatorRole,
    status: row.status as TransferStatus,
    saleStatus: row.sale_status === "Stopped" ? "Stopped" : null,
    isUnderInvestigation: row.under_investigation_since !== null,
    underInvestigationSince: row.under_investigation_since,
    partsNotified: row.parts_notified === 1,
    expired: row.expired === 1,
    transferProcess: steps(row),
    membershipDecision: decision
      ? {
          decision: decision.decision as MembershipDecisionValue,
          decidedBy: decision.decided_by_name,
          reason: decision.reason,
          date: decision.decision_date,
        }
      : null,
    transferSummaryDocument: summary ? { id: summary.id, fileName: summary.file_name } : null,
    transferSummaryPending: !summary && hasTransferSummary(row),
    propertyManager: {
      displayName: manager?.display_name ?? "",
      underMaintenance: facts.propertyManagerUnderMaintenance,
    },
    intermediary:
      row.intermediary_first_name !== null || row.intermediary_last_name !== null
        ? {
            firstName: row.intermediary_first_name ?? "",
            lastName: row.intermediary_last_name ?? "",
            emailAddress: row.intermediary_email,
            officeName: row.intermediary_office_name,
          }
        : null,
    transferors,
    acquirers,
    guarantors,
    actions: transferActions(ctx.viewer, facts, ctx.now).map((a) => actionView(ctx.t, a)),
    runningTasks: parseJsonList(row.running_tasks) as RunningTask[],
    numberOfMessages: row.number_of_messages,
    unresolvedMessages: row.unresolved_messages,
    canPostMessage: canPostMessage(ctx.viewer, facts, ctx.now),
    canRequestAdditionalInformation: canRequestAdditionalInformation(ctx.viewer, facts),
    canAddNote: noteActions(ctx.viewer, facts, ctx.now).some((a) => !a.disabled),
    actionIsNeeded: row.action_is_needed === 1,
    awaitingInfoRequestAnswer: row.awaiting_info_request_answer === 1,
    hasDeviations: row.has_deviations === 1,
    aborting: row.aborting === 1,
    agreement: {
      purchasePrice: row.purchase_price,
      entryDate: row.entry_date,
      contractDate: row.contract_date,
    },
    checks: [...facts.checks].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)),
    version: row.version,
    modified: row.modified_at,
  };
}

async function scoped(ctx: ViewContext, transferId: string) {
  const row = await findScopedTransfer(ctx.db, ctx.viewer, transferId);
  if (!row) return null;
  return { row, facts: await loadTransferFacts(ctx.db, row) };
}

/** The transfer's documents, or null when the transfer is missing or outside the scope. */
export async function listDocuments(ctx: ViewContext, transferId: string): Promise<DocumentView[] | null> {
  const found = await scoped(ctx, transferId);
  if (!found) return null;
  const rows = await ctx.db
    .selectFrom("documents")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("supplement_answer_id", "is", null)
    .orderBy("created_at")
    .execute();
  return rows.map((d) => documentView(ctx, found.facts, d));
}

/**
 * The Dokument tab (spec 02 §2.5): the documents, whether the viewer may upload (and if not, why), and the
 * categories an upload may take; null when the transfer is missing or outside the scope.
 */
export async function documentsTab(ctx: ViewContext, transferId: string) {
  const found = await scoped(ctx, transferId);
  if (!found) return null;
  const documents = await listDocuments(ctx, transferId);
  const upload = documentUploadAction(ctx.viewer, found.facts);
  const removals: Record<string, "erase" | "withdraw"> = {};
  for (const d of documents ?? []) {
    if (documentCanBeRemoved(ctx.viewer, found.facts, d.id, ctx.now)) removals[d.id] = "erase";
    else if (documentCanBeWithdrawn(ctx.viewer, found.facts, d.id)) removals[d.id] = "withdraw";
  }
  return {
    documents: documents ?? [],
    removals,
    upload: upload
      ? { disabled: upload.disabled, reason: upload.reason ? ctx.t(blockerTextKey(upload.reason)) : null }
      : null,
    categories: uploadableCategories(found.facts.transferType).map((category) => ({
      value: category,
      label: ctx.t(`transfer:category.${category}`),
    })),
  };
}

/** Supplement requests newest first (spec 02 §4), with their answers and offered actions. */
export async function listSupplements(
  ctx: ViewContext,
  transferId: string,
): Promise<SupplementView[] | null> {
  const found = await scoped(ctx, transferId);
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
        creditCheckOrder: order ? creditCheckView(order) : null,
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

export async function listChangeRequests(
  ctx: ViewContext,
  transferId: string,
): Promise<ChangeRequestView[] | null> {
  const found = await scoped(ctx, transferId);
  if (!found) return null;
  const { row } = found;
  const [requests, documents] = await Promise.all([
    ctx.db
      .selectFrom("change_requests")
      .selectAll()
      .where("transfer_id", "=", transferId)
      .orderBy("created_at", "desc")
      .execute(),
    ctx.db
      .selectFrom("documents")
      .selectAll()
      .where("transfer_id", "=", transferId)
      .where("category", "=", "AdditionalAgreement")
      .execute(),
  ]);
  const changeable = changeableAgreementFields(found.facts);
  return requests.map((c) => {
    const permissions = changeRequestPermissions(ctx.viewer, found.facts, c.id, ctx.now);
    const doc = c.additional_agreement_document_id
      ? (documents.find((d) => d.id === c.additional_agreement_document_id) ?? null)
      : null;
    return {
      id: c.id,
      createdBy: { firstName: c.created_by_first_name, lastName: c.created_by_last_name },
      createdAt: c.created_at,
      canAcceptChangeRequest: permissions.canAcceptChangeRequest,
      canMakeDecision: permissions.canMakeDecision,
      purchasePrice: {
        currentValue: row.purchase_price,
        previousValue: c.purchase_price_previous,
        newValue: c.purchase_price_new,
        changeable: changeable.purchasePrice,
      },
      entryDate: {
        currentValue: row.entry_date,
        previousValue: c.entry_date_previous,
        newValue: c.entry_date_new,
        changeable: changeable.entryDate,
      },
      contractDate: {
        currentValue: row.contract_date,
        previousValue: c.contract_date_previous,
        newValue: c.contract_date_new,
        changeable: changeable.contractDate,
      },
      decision: (c.decision as "Accepted" | "Rejected" | null) ?? null,
      decidedAt: c.decided_at,
      decidedBy: c.decided_by,
      rejectedReason: c.rejected_reason,
      additionalAgreement: doc ? documentView(ctx, found.facts, doc) : null,
    };
  });
}

/** Messages with their replies, oldest first; canResolve per message from the policy. */
export async function listMessages(ctx: ViewContext, transferId: string): Promise<MessageView[] | null> {
  const found = await scoped(ctx, transferId);
  if (!found) return null;
  const rows = await ctx.db
    .selectFrom("messages")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .orderBy("created_at")
    .execute();
  const sentBy = (m: (typeof rows)[number]) => ({
    firstName: m.sent_by_first_name,
    lastName: m.sent_by_last_name,
    when: m.created_at,
    role: m.sent_by_role as MessageRole,
  });
  return rows
    .filter((m) => m.parent_id === null)
    .map((m) => ({
      id: m.id,
      recipient: (m.recipient as MessageRole | null) ?? null,
      sentBy: sentBy(m),
      body: m.body,
      replies: rows
        .filter((r) => r.parent_id === m.id)
        .map((r) => ({ id: r.id, sentBy: sentBy(r), body: r.body })),
      resolved: m.resolved === 1,
      canResolve: canResolveMessage(ctx.viewer, found.facts, m.id),
    }));
}

/** The recipient types the viewer may address on a transfer in scope, the default first; null when out of scope. */
export async function messageRecipientsOf(
  ctx: ViewContext,
  transferId: string,
): Promise<MessageRole[] | null> {
  const found = await scoped(ctx, transferId);
  return found ? messageRecipients(ctx.viewer, found.facts) : null;
}

/** The viewer's side's notes: Anteckningar for managers, Styrelseanteckningar for the board. Newest first. */
export async function listNotes(ctx: ViewContext, transferId: string): Promise<NoteView[] | null> {
  // Notes need the scope, not the policy facts.
  if (!(await findScopedTransfer(ctx.db, ctx.viewer, transferId))) return null;
  const audience = noteAudienceOf(ctx.viewer);
  const rows = await ctx.db
    .selectFrom("notes")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("audience", "=", audience)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((n) => ({ id: n.id, body: n.body, created: n.created_at, createdBy: n.created_by_name }));
}

/** One credit-check order of a transfer in scope, or null. */
export async function getCreditCheckOrder(
  ctx: ViewContext,
  transferId: string,
  orderId: string,
): Promise<CreditCheckOrderView | null> {
  const found = await scoped(ctx, transferId);
  if (!found) return null;
  const order = await ctx.db
    .selectFrom("credit_check_orders")
    .select(["id", "transfer_id", "status", "result", "data_erased_at"])
    .where("transfer_id", "=", transferId)
    .where("id", "=", orderId)
    .executeTakeFirst();
  return order ? creditCheckView(order) : null;
}
