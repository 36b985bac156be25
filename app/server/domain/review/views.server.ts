import type { PartyRow } from "../../db/schema.server";
import { parseJsonList } from "../../db/json-columns.server";
import type { IdentifierType } from "~/lib/identifier";
import type {
  InitiatorRole,
  MembershipDecisionValue,
  RunningTask,
  TransferStatus,
  TransferType,
} from "~/lib/transfer";
import type { AcquirerView, GuarantorView, TransferorView, TransferReview } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { actionView, type Grants } from "../core/policy.server";
import { creditCheckGrants, personActions } from "../credit-checks/policies.server";
import {
  creditCheckView,
  creditOrdersOf,
  latestOrderFor,
  type CreditRow,
} from "../credit-checks/views.server";
import { hasTransferSummary } from "../documents/summary.server";
import { canPostMessage } from "../messages/policies.server";
import { readableMessageCounts } from "../messages/views.server";
import { noteActions } from "../notes/policies.server";
import type { TransferFacts } from "../transfers/facts.server";
import { loadTransferFacts } from "../transfers/load.server";
import { canRequestAdditionalInformation, transferActions } from "../transfers/policies.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { address, share, steps } from "../transfers/views.server";

/**
 * The transfer for review (spec 02 §3): what every tab's header and the JSON review call show. It is composed
 * from the features (the people's credit checks, the summary document, the offered actions of each feature), so
 * it sits above them; no feature imports it.
 */

function personBase(
  ctx: ViewContext,
  facts: TransferFacts,
  grants: Grants,
  p: PartyRow,
  orders: CreditRow[],
) {
  const order = latestOrderFor(orders, p);
  return {
    id: p.id,
    firstName: p.first_name,
    lastName: p.last_name,
    identifier: { type: p.identifier_type as IdentifierType, value: p.identifier_value },
    phoneNumber: p.phone,
    emailAddress: p.email,
    creditCheckOrder: order ? creditCheckView(order, grants) : null,
    actions: personActions(ctx.viewer, facts, p.id, ctx.now).map((a) => actionView(ctx.t, a)),
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

  // Field by field: what only some viewers may see comes through the grants of the policy that owns it.
  const grants = creditCheckGrants(ctx.viewer, facts);
  const messageCounts = readableMessageCounts(ctx.viewer, facts);
  const transferors: TransferorView[] = parties
    .filter((p) => p.kind === "Transferor")
    .map((p) => ({
      ...personBase(ctx, facts, grants, p, orders),
      newAddress: address(p),
      ownerShare: share(p.owner_share_numerator, p.owner_share_denominator),
      transferShare: share(p.transfer_share_numerator, p.transfer_share_denominator),
      isPaymentNoticeRecipient: p.is_payment_notice_recipient === 1,
    }));
  const acquirers: AcquirerView[] = parties
    .filter((p) => p.kind === "Acquirer")
    .map((p) => ({
      ...personBase(ctx, facts, grants, p, orders),
      address: address(p),
      transferShare: share(p.transfer_share_numerator, p.transfer_share_denominator),
      membershipStatus: p.membership_status ?? "UNKNOWN",
      isPaymentNoticeRecipient: p.is_payment_notice_recipient === 1,
    }));
  const guarantors: GuarantorView[] = parties
    .filter((p) => p.kind === "Guarantor")
    .map((p) => personBase(ctx, facts, grants, p, orders));

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
    // The messages this viewer may read, not the transfer's stored totals (which count every side's).
    numberOfMessages: messageCounts.all,
    unresolvedMessages: messageCounts.unresolved,
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
