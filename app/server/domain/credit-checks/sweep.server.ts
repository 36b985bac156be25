import { sql } from "kysely";
import type { UseCaseContext } from "../core/context.server";
import type { CollectCreditCheck } from "../../../schemas/credit-check";
import { COLLECT_CREDIT_CHECK_JOB, collectDedupeKey } from "./orders.server";

/**
 * The sweep (decision 040): a Pending order with no collect job still to run gets one. An order is
 * written with its first job in one transaction and each poll enqueues the next before it settles, so a Pending
 * order always has a job queued or running, unless the chain died (its job failed every attempt, e.g. while the
 * database was down, and is `dead`) or the row was written outside the domain (the demo seed). The new chain is
 * named after the sweep's slot, so that its dedupe keys (`creditCheck.collect:{orderId}:{chain}:{poll}`) do not meet
 * those the dead chain left in the jobs table; it starts without the bureau's order id, so its first poll places
 * the order again (harmless: the bureau keeps one order per reference). Whether the order is too old, or its
 * transfer aborted, is the collect job's to decide, as for any poll.
 */

/** At most this many orders per run; the next run takes the rest. */
export const SWEEP_BATCH = 500;

/** The jobs that still count as the order's chain: waiting, or taken by a runner (taken over if its lease runs out). */
const LIVE_JOB_STATES = ["queued", "running"] as const;

export interface SweepOutcome {
  /** Pending orders found without a live collect job. */
  stranded: number;
  /** New chains enqueued (fewer when this slot already started one for the order). */
  swept: number;
}

/** The name of the chains a sweep run starts: the same for every run of one slot. */
export function sweepChain(slot: string): string {
  return `sweep@${slot}`;
}

export async function sweepCreditChecks(ctx: UseCaseContext, slot: string): Promise<SweepOutcome> {
  const { db } = ctx;
  const now = ctx.now ?? new Date();
  // A collect job's dedupe key starts with `creditCheck.collect:{orderId}:` whatever its chain; the jobs are
  // looked up by transfer first (index jobs_transfer), so each Pending order costs an index probe.
  const keyPrefix = sql<string>`${sql.lit(`${COLLECT_CREDIT_CHECK_JOB}:`)} || o.id || ${sql.lit(":")}`;
  const stranded = await db
    .selectFrom("credit_check_orders as o")
    .select(["o.id", "o.transfer_id"])
    .where("o.status", "=", "Pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("jobs as j")
            .select(sql.lit(1).as("one"))
            .whereRef("j.transfer_id", "=", "o.transfer_id")
            .where("j.type", "=", COLLECT_CREDIT_CHECK_JOB)
            .where("j.state", "in", LIVE_JOB_STATES)
            .where(sql<boolean>`substr(j.dedupe_key, 1, length(${keyPrefix})) = ${keyPrefix}`),
        ),
      ),
    )
    .orderBy("o.ordered_at")
    .orderBy("o.id")
    .limit(SWEEP_BATCH)
    .execute();

  const chain = sweepChain(slot);
  let swept = 0;
  for (const order of stranded) {
    const payload: Pick<CollectCreditCheck, "orderId" | "chain"> = { orderId: order.id, chain };
    const id = await ctx.jobs.enqueue(
      db,
      {
        type: COLLECT_CREDIT_CHECK_JOB,
        payload,
        transferId: order.transfer_id,
        dedupeKey: collectDedupeKey(order.id, 0, chain),
      },
      now,
    );
    if (id) swept++;
  }
  return { stranded: stranded.length, swept };
}
