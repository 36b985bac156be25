import type { Db } from "../../db/kysely.server";
import { asSystem, type UseCaseContext } from "../core/context.server";
import { SIGN_SESSION_VALID_MS } from "../transfers/load.server";
import { endSession, findSignSession, isExpired, returnToReview } from "./sessions.server";

/**
 * A signing lives 4 minutes (spec 02 §9, decision 028). One nobody finished (the dialog closed without cancelling,
 * the browser gone) is ended as expired by a job due just after, by the next collect (collect.server.ts), or by the
 * next start on the transfer, whichever comes first; the transfer then returns to the board's review.
 */

export const SIGN_EXPIRY_JOB = "decision.expireSign";

/** Enqueued with the session, in its transaction: a forgotten signing ends even if nobody collects it again. */
export async function scheduleExpiry(
  ctx: UseCaseContext,
  trx: Db,
  signing: { signId: string; transferId: string; startedAt: string },
): Promise<void> {
  await ctx.jobs.enqueue(
    trx,
    {
      type: SIGN_EXPIRY_JOB,
      payload: { signId: signing.signId },
      transferId: signing.transferId,
      runAt: new Date(Date.parse(signing.startedAt) + SIGN_SESSION_VALID_MS + 1000),
      dedupeKey: `${SIGN_EXPIRY_JOB}:${signing.signId}`,
    },
    new Date(signing.startedAt),
  );
}

/** The expiry job: a session still Pending after its 4 minutes ends, and the transfer returns to review. */
export async function expireSign(ctx: UseCaseContext, signId: string): Promise<boolean> {
  const now = ctx.now ?? new Date();
  const session = await findSignSession(ctx.db, signId);
  if (!session || session.status !== "Pending" || !isExpired(session, now)) return false;
  return endSession(asSystem(ctx), true, session, { status: "failed", failure: "expired" }, now);
}

/**
 * Signings of this transfer whose 4 minutes ran out but that nobody ended yet (the expiry job not yet run, or
 * demo data): ended as expired, so the transfer is back in the board's review before a new decision starts.
 */
export async function endLapsedSignings(ctx: UseCaseContext, transferId: string, now: Date): Promise<void> {
  const lapsed = await ctx.db
    .selectFrom("sign_sessions")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("status", "=", "Pending")
    .where("started_at", "<=", new Date(now.getTime() - SIGN_SESSION_VALID_MS).toISOString())
    .execute();
  for (const session of lapsed) {
    await endSession(ctx, true, session, { status: "failed", failure: "expired" }, now);
  }
  if (lapsed.length === 0) await returnToReview(ctx, transferId, now);
}
