import type { ChangeRequestView } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { documentView } from "../documents/views.server";
import { transferInView } from "../transfers/views.server";
import { changeableAgreementFields, changeRequestPermissions } from "./policies.server";

/** The transfer's agreement change requests, newest first, with what the viewer may decide (spec 02 §6). */
export async function listChangeRequests(
  ctx: ViewContext,
  transferId: string,
): Promise<ChangeRequestView[] | null> {
  const found = await transferInView(ctx, transferId);
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
      additionalAgreementAttached: c.additional_agreement_document_id !== null,
    };
  });
}
