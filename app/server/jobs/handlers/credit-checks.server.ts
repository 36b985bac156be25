import * as z from "zod";
import { collectCreditCheck } from "../../domain/credit-checks/collect.server";
import { CollectCreditCheckSchema } from "../../../schemas/credit-check";
import { COLLECT_CREDIT_CHECK_JOB } from "../../domain/credit-checks/orders.server";
import { sweepCreditChecks } from "../../domain/credit-checks/sweep.server";
import { defineJob } from "../registry.server";

export const COLLECT_CREDIT_CHECK = COLLECT_CREDIT_CHECK_JOB;
export const SWEEP_CREDIT_CHECKS = "creditChecks.sweep";

/**
 * Places a credit check with the bureau and collects its result (domain/credit-checks/collect.server). Enqueued by
 * the order in its transaction, then by itself once per poll while the bureau says Pending or is down.
 */
defineJob({
  type: COLLECT_CREDIT_CHECK,
  schema: CollectCreditCheckSchema,
  maxAttempts: 5,
  async handler(payload, { context }) {
    return { ...(await collectCreditCheck(context(), payload)) };
  },
});

/**
 * Periodic (schedule.server): gives every Pending order left without a collect job a new chain
 * (domain/credit-checks/sweep.server).
 */
defineJob({
  type: SWEEP_CREDIT_CHECKS,
  schema: z.object({ slot: z.string() }),
  async handler({ slot }, { log, context }) {
    const outcome = await sweepCreditChecks(context(), slot);
    log(
      `${outcome.swept} pending credit checks without a collect job given a new one` +
        (outcome.stranded !== outcome.swept ? ` (${outcome.stranded} found)` : ""),
    );
    return { ...outcome };
  },
});
