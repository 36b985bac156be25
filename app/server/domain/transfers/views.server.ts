import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import type {
  Fraction,
  InitiatorRole,
  MembershipDecisionValue,
  TransferStatus,
  TransferType,
} from "~/lib/transfer";
import { processSteps } from "~/lib/transfer-display";
import type { PrivateListItem, ProcessStepView, TransferListItem } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import type { TransferFacts } from "./facts.server";
import { loadTransferFacts } from "./load.server";
import { findScopedTransfer } from "./scope.server";

/**
 * The transfer's own view shapes (spec 01 §3 list items, the process steps) and what every feature's view starts
 * from: the transfer and its facts when the viewer may see it. Each shape is described by a zod schema in
 * app/schemas/transfer-views.ts that pages and the JSON API share.
 */

/** The transfer and its policy facts when the viewer may see it, else null (answered like a missing one). */
export async function transferInView(
  ctx: ViewContext,
  transferId: string,
): Promise<{ row: TransferRow; facts: TransferFacts } | null> {
  const row = await findScopedTransfer(ctx.db, ctx.viewer, transferId);
  if (!row) return null;
  return { row, facts: await loadTransferFacts(ctx.db, row) };
}

export function share(numerator: number | null, denominator: number | null) {
  if (numerator === null || denominator === null || denominator <= 0) return null;
  return { numerator, denominator, value: numerator / denominator };
}

export function shareOf(numerator: number | null, denominator: number | null): Fraction | null {
  return numerator === null || denominator === null ? null : { numerator, denominator };
}

export function address(p: {
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

export function steps(
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
