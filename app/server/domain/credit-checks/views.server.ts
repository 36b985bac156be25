import type { Db } from "../../db/kysely.server";
import { disclose, type Grants } from "../core/policy.server";
import type { CreditCheckStatus } from "~/lib/transfer";
import type { CreditCheckOrderView } from "~/schemas/transfer-views";
import { CreditCheckResultViewSchema } from "~/schemas/transfer-views";

/**
 * A credit check order as a viewer of the transfer sees it (spec 02 §3): its status for everyone in scope, the
 * bureau's report only where the grants hold `creditReport` (the board's; credit-checks/policies.server.ts).
 */
export function creditCheckView(
  order: {
    id: string;
    transfer_id: string;
    status: string;
    result: string | null;
    data_erased_at: string | null;
  },
  grants: Grants,
): CreditCheckOrderView {
  const readable = order.result !== null && order.data_erased_at === null && order.status === "Success";
  const result = disclose(grants, "creditReport", () => (readable ? parseReport(order.result!) : null));
  return {
    orderId: order.id,
    transferId: order.transfer_id,
    rejectedReasons: [],
    result: { status: order.status as CreditCheckStatus, dataErasedAt: order.data_erased_at, result },
  };
}

function parseReport(text: string) {
  try {
    const parsed = CreditCheckResultViewSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
