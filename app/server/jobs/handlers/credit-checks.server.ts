import { collectCreditCheck, CollectCreditCheckSchema } from "../../domain/credit-checks/collect.server";
import { COLLECT_CREDIT_CHECK_JOB } from "../../domain/credit-checks/orders.server";
import { getCreditBureau } from "../../integrations/credit-bureau/index.server";
import { defineJob } from "../registry.server";

export const COLLECT_CREDIT_CHECK = COLLECT_CREDIT_CHECK_JOB;

/**
 * Places a credit check with the bureau and collects its result (domain/credit-checks/collect.server). Enqueued by
 * the order in its transaction, then by itself once per poll while the bureau says Pending or is down.
 */
defineJob({
  type: COLLECT_CREDIT_CHECK,
  schema: CollectCreditCheckSchema,
  maxAttempts: 5,
  async handler(payload, { db, now, live }) {
    return { ...(await collectCreditCheck(db, getCreditBureau(), payload, { now: now(), live })) };
  },
});
