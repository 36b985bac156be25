import crypto from "node:crypto";
import { isCreditBureauError, type CreditReport } from "../../integrations/credit-bureau/index.server";
import { svT } from "../../platform/i18n.server";
import type { UseCaseContext } from "../core/context.server";
import { transferGroup, type CreditCheckStatus } from "../core/events.server";
import { collectDedupeKey, COLLECT_CREDIT_CHECK_JOB } from "./orders.server";

import { type CollectCreditCheck } from "../../../schemas/credit-check";
/**
 * The job that places an order with the credit bureau and collects its result (decision 013, 027). One job per
 * poll: while the bureau says Pending, or cannot be reached, the job enqueues its successor after a back-off
 * (1 s, 2 s, 4 s ... at most 10 minutes), so an outage delays the result and loses nothing. A final answer is
 * stored once (a conditional update on the Pending row) and published as `creditCheckOrderStatusUpdated`.
 *
 * - The bureau keeps one order per reference (our order id), so placing again after a crash is harmless; an
 *   order the bureau no longer knows (its restart) is placed once more before it counts as Error.
 * - A transfer aborted meanwhile cancels its pending orders (status Cancelled, the bureau not asked).
 * - An order still without an answer three days after it was placed ends Error: the person can be checked anew.
 */

export const COLLECT_FIRST_DELAY_MS = 1_000;
export const COLLECT_MAX_DELAY_MS = 10 * 60_000;
export const COLLECT_GIVE_UP_MS = 3 * 24 * 60 * 60_000;

/** How long after poll `poll` (0, 1, 2 ...) the next one runs. */
export function collectDelayMs(poll: number): number {
  return Math.min(COLLECT_MAX_DELAY_MS, COLLECT_FIRST_DELAY_MS * 2 ** Math.min(poll, 30));
}

export type CollectOutcome =
  | { outcome: "missing" | "alreadyFinal" }
  | { outcome: "later"; reason: "Pending" | "unavailable" | "placedAgain"; nextPoll: number; runAt: string }
  | { outcome: "final"; status: Exclude<CreditCheckStatus, "Pending">; reason?: string };

export async function collectCreditCheck(
  ctx: UseCaseContext,
  payload: CollectCreditCheck,
): Promise<CollectOutcome> {
  const { db, creditBureau: bureau, live } = ctx;
  const now = ctx.now ?? new Date();
  const order = await db
    .selectFrom("credit_check_orders")
    .innerJoin("transfers", "transfers.id", "credit_check_orders.transfer_id")
    .innerJoin("associations", "associations.id", "transfers.association_id")
    .select([
      "credit_check_orders.id",
      "credit_check_orders.transfer_id",
      "credit_check_orders.identifier_value",
      "credit_check_orders.ordered_by_user_id",
      "credit_check_orders.ordered_at",
      "credit_check_orders.status",
      "transfers.status as transfer_status",
      "transfers.aborting",
      "transfers.tenant_id",
      "associations.organisation_number",
    ])
    .where("credit_check_orders.id", "=", payload.orderId)
    .executeTakeFirst();
  if (!order) return { outcome: "missing" };
  if (order.status !== "Pending") return { outcome: "alreadyFinal" };

  const finish = async (
    status: Exclude<CreditCheckStatus, "Pending">,
    report: CreditReport | null,
    reason?: string,
  ): Promise<CollectOutcome> => {
    const at = now.toISOString();
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("credit_check_orders")
        .set({ status, result: report ? JSON.stringify(report) : null, completed_at: at })
        .where("id", "=", order.id)
        .where("status", "=", "Pending")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto("audit_log")
        .values({
          id: crypto.randomUUID(),
          transfer_id: order.transfer_id,
          entity: "creditCheckOrder",
          entity_id: order.id,
          action: "collectCreditCheck",
          user_id: null,
          at,
          before: JSON.stringify({ status: "Pending" }),
          after: JSON.stringify({ status, ...(reason ? { reason } : {}) }),
        })
        .execute();
      return true;
    });
    if (!done) return { outcome: "alreadyFinal" };
    // The report itself is not broadcast: each page reads what its viewer may see (the result page is the board's).
    await live?.publish(transferGroup(order.transfer_id), "creditCheckOrderStatusUpdated", {
      transferId: order.transfer_id,
      orderId: order.id,
      status,
      result: { status, dataErasedAt: null },
      identifier: { type: "SocialSecurityNumber", value: order.identifier_value },
    });
    return { outcome: "final", status, ...(reason ? { reason } : {}) };
  };

  const later = async (
    reason: "Pending" | "unavailable" | "placedAgain",
    next: Partial<CollectCreditCheck>,
  ): Promise<CollectOutcome> => {
    const nextPoll = payload.poll + 1;
    const runAt = new Date(now.getTime() + (reason === "placedAgain" ? 0 : collectDelayMs(payload.poll)));
    await ctx.jobs.enqueue(
      db,
      {
        type: COLLECT_CREDIT_CHECK_JOB,
        payload: { ...payload, ...next, poll: nextPoll },
        transferId: order.transfer_id,
        runAt,
        dedupeKey: collectDedupeKey(order.id, nextPoll, payload.chain),
      },
      now,
    );
    return { outcome: "later", reason, nextPoll, runAt: runAt.toISOString() };
  };

  if (order.aborting === 1 || order.transfer_status === "Aborting" || order.transfer_status === "Aborted") {
    return finish("Cancelled", null, "transferAborted");
  }
  if (now.getTime() - new Date(order.ordered_at).getTime() > COLLECT_GIVE_UP_MS) {
    return finish("Error", null, "noAnswerInTime");
  }

  let bureauOrderId = payload.bureauOrderId;
  try {
    if (!bureauOrderId) {
      const placed = await bureau.orderReport({
        personalNumber: order.identifier_value,
        legitimateNeed: {
          purpose: svT()("review:creditCheck.purpose"),
          requestedBy: { organisationNumber: order.organisation_number, userId: order.ordered_by_user_id },
        },
        reference: order.id,
      });
      bureauOrderId = placed.bureauOrderId;
    }
    const answer = await bureau.fetchReport(bureauOrderId);
    switch (answer.status) {
      case "Pending":
        return later("Pending", { bureauOrderId });
      case "Success":
        return finish("Success", answer.report);
      case "SuccessWithoutResult":
      case "Error":
        return finish(answer.status, null, answer.reason ?? undefined);
    }
  } catch (error) {
    if (!isCreditBureauError(error)) throw error;
    if (error.retryable) return later("unavailable", { bureauOrderId });
    // The bureau no longer knows an order it took (it lost it, e.g. a restart): placed once more.
    if (error.kind === "invalidRequest" && payload.bureauOrderId && payload.placedAgain === 0) {
      return later("placedAgain", { bureauOrderId: null, placedAgain: 1 });
    }
    return finish("Error", null, `${error.kind}: ${error.message}`);
  }
}
