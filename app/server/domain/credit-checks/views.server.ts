import type { Db } from "../../db/kysely.server";
import type { CreditCheckStatus } from "~/lib/transfer";
import type { CreditCheckOrderView } from "~/schemas/transfer-views";
import { CreditCheckResultViewSchema } from "~/schemas/transfer-views";

/** A credit check order as a viewer of the transfer sees it (spec 02 §3), with the person it belongs to. */

export function creditCheckView(order: {
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

export type CreditRow = {
  id: string;
  transfer_id: string;
  party_id: string | null;
  identifier_value: string;
  status: string;
  result: string | null;
  data_erased_at: string | null;
  ordered_at: string;
};

export function creditOrdersOf(db: Db, transferId: string): Promise<CreditRow[]> {
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

export function latestOrderFor(orders: CreditRow[], party: { id: string; identifier_value: string }) {
  const own = orders.filter((o) => o.party_id === party.id || o.identifier_value === party.identifier_value);
  own.sort((a, b) => (a.ordered_at < b.ordered_at ? 1 : -1));
  return own[0] ?? null;
}
