import { associationId } from "../associations.server";
import { slug } from "../people.server";
import type { TransferBuilder } from "./transfer.server";

/** The transfer row, with the flags and counters the rows above imply. */

export function transferRow(b: TransferBuilder, summaryDocumentId: string | null): void {
  const { t, clock, object, rows } = b;
  const a = object.association;
  if (t.entry !== undefined && t.contract !== undefined && t.entry < t.contract)
    b.fail("entry before contract");
  const topLevel = rows.messages.filter((msg) => msg.transfer_id === t.id && msg.parent_id === null);
  const requests = rows.supplementRequests.filter((r) => r.transfer_id === t.id);
  const answers = rows.supplementAnswers.filter((ans) => requests.some((r) => r.id === ans.request_id));
  const finalizedAt = t.finalized ? b.at(t.finalized.at) : null;
  const modifiedAt = [...b.times].sort().at(-1)!;
  if (modifiedAt > clock.now.toISOString()) b.fail("a time in the future");
  rows.transfers.push({
    id: t.id,
    object_id: object.id,
    object_number: object.objectNumber,
    association_id: associationId(a.key),
    association_name: a.name,
    tenant_id: a.tenantId,
    provider_id: a.providerId,
    street: object.street,
    postal_code: a.postal,
    city: a.city,
    country: "Sverige",
    search_text: `${object.objectNumber} ${a.name}`.toLocaleLowerCase("sv-SE"),
    transfer_type: t.type,
    initiator_role: t.initiator,
    status: t.status,
    status_before_info_request: t.status === "AwaitingInfoRequestAnswer" ? b.previousReview : null,
    sale_status: t.saleStopped ? "Stopped" : null,
    under_investigation_since: t.investigation ? clock.at(t.investigation) : null,
    parts_notified: t.partsNotified ? 1 : 0,
    expired: t.expired ? 1 : 0,
    running_tasks: JSON.stringify(
      t.status === "ApplicationSent" ? ["AutomaticReview"] : t.status === "Aborting" ? ["Abort"] : [],
    ),
    aborting: t.status === "Aborting" ? 1 : 0,
    has_deviations: rows.checks.some((c) => c.transfer_id === t.id && c.result === "Deviation") ? 1 : 0,
    action_is_needed: answers.some((ans) => ans.status === "Pending") ? 1 : 0,
    awaiting_info_request_answer: requests.some((r) => r.status === "Open") ? 1 : 0,
    unresolved_messages: topLevel.filter((msg) => msg.resolved === 0).length,
    number_of_messages: topLevel.length,
    finalized_at_property_manager: t.finalized ? 1 : 0,
    finalized_by_user_id: t.finalized?.by ?? null,
    finalized_at: finalizedAt,
    purchase_price: t.price ?? null,
    entry_date: t.entry !== undefined ? clock.date(t.entry) : null,
    contract_date: t.contract !== undefined ? clock.date(t.contract) : null,
    membership_decision: t.decision?.value ?? null,
    membership_decision_date: t.decision ? clock.dateOf(clock.at(t.decision.at)) : null,
    intermediary_first_name: t.broker?.first ?? null,
    intermediary_last_name: t.broker?.last ?? null,
    intermediary_email: t.broker ? `${slug(t.broker.first)}.${slug(t.broker.last)}@${t.broker.domain}` : null,
    intermediary_office_name: t.broker?.office ?? null,
    created_by_user_id: t.createdBy ?? null,
    summary_document_id: summaryDocumentId,
    version: b.steps.length,
    created_at: b.createdAt,
    modified_at: modifiedAt,
    deleted_at: null,
  });
}
