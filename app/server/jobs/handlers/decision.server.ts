import * as z from "zod";
import { expireSign, SIGN_EXPIRY_JOB } from "../../domain/decision/expiry.server";
import { defineJob } from "../registry.server";

/**
 * A decision's signing that nobody finished (the dialog closed without cancelling, the browser gone) ends 4
 * minutes after it started: the session fails as expired, BankID's order is cancelled and the transfer returns to
 * MembershipReviewInProgress so the board can decide. A session that finished meanwhile makes this a no-op.
 */
export const expireSignJob = defineJob({
  type: SIGN_EXPIRY_JOB,
  schema: z.object({ signId: z.string().min(1) }),
  maxAttempts: 8,
  async handler({ signId }, { context }) {
    return { expired: await expireSign(context(), signId) };
  },
});
