import type { IdentifierType } from "~/lib/identifier";
import type { CreditCheckStatus } from "~/lib/transfer";
import { creditReportSchema, type CreditReport } from "../../integrations/credit-bureau/index.server";
import { loadTransferFacts } from "../transfers/load.server";
import { personActions } from "./policies.server";
import { findScopedTransfer } from "../transfers/scope.server";
import type { ViewContext } from "../core/context.server";
import { creditCheckPerson } from "./orders.server";

/**
 * One credit check order as its result page and `GET api/core/reviews/{id}/creditchecks/{orderId}/result` show it
 * (spec 02 §2.10, §3). Only a board member of the transfer's association who is offered ViewCreditCheck for the
 * person (disabled or not: the page says why it has nothing to show) sees it; anyone else, another transfer's
 * order and a missing one are all null, answered as not found.
 */
export interface CreditCheckResult {
  orderId: string;
  transferId: string;
  objectDescription: string;
  person: { name: string; identifier: { type: IdentifierType; value: string } };
  orderedAt: string;
  completedAt: string | null;
  status: CreditCheckStatus;
  dataErasedAt: string | null;
  /** The bureau's report: only on Success and before it is erased. */
  report: CreditReport | null;
}

export async function getCreditCheckResult(
  ctx: ViewContext,
  transferId: string,
  orderId: string,
): Promise<CreditCheckResult | null> {
  if (ctx.viewer.role !== "BoardMember") return null;
  const row = await findScopedTransfer(ctx.db, ctx.viewer, transferId);
  if (!row) return null;
  const order = await ctx.db
    .selectFrom("credit_check_orders")
    .selectAll()
    .where("transfer_id", "=", row.id)
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const facts = await loadTransferFacts(ctx.db, row);
  const party =
    facts.parties.find((p) => p.id === order.party_id && p.kind !== "Transferor") ??
    creditCheckPerson(facts, { type: "SocialSecurityNumber", value: order.identifier_value });
  if (!party) return null;
  const offered = personActions(ctx.viewer, facts, party.id, ctx.now).some(
    (a) => a.type === "ViewCreditCheck",
  );
  if (!offered) return null;
  const names = await ctx.db
    .selectFrom("transfer_parties")
    .select(["first_name", "last_name", "identifier_type", "identifier_value"])
    .where("id", "=", party.id)
    .executeTakeFirstOrThrow();

  let report: CreditReport | null = null;
  if (order.status === "Success" && order.data_erased_at === null && order.result) {
    const parsed = creditReportSchema.safeParse(safeJson(order.result));
    report = parsed.success ? parsed.data : null;
  }
  return {
    orderId: order.id,
    transferId: row.id,
    objectDescription: row.object_number,
    person: {
      name: `${names.first_name} ${names.last_name}`.trim(),
      identifier: { type: names.identifier_type as IdentifierType, value: names.identifier_value },
    },
    orderedAt: order.ordered_at,
    completedAt: order.completed_at,
    status: order.status as CreditCheckStatus,
    dataErasedAt: order.data_erased_at,
    report,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The API's answer (spec 02 §3 "Credit check order"). */
export function creditCheckOrderBody(result: CreditCheckResult) {
  return {
    orderId: result.orderId,
    transferId: result.transferId,
    rejectedReasons: [],
    result: { status: result.status, dataErasedAt: result.dataErasedAt, result: result.report },
  };
}
