import type { X509Certificate } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { SignSessionsTable } from "../../db/schema.server";
import type { RfaCode } from "../../integrations/bankid/index.server";
import type { SignDevice } from "~/lib/transfer";
import { cancelAtBankId, fromSignSession, orderView } from "../bankid-orders.server";
import { asSystem, userOf, type UseCaseContext } from "../core/context.server";
import { notFound } from "../core/errors.server";
import { run } from "../core/pipeline.server";
import { SIGN_SESSION_VALID_MS } from "../transfers/load.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { dropDecisionFile } from "./file.server";
import { visibleText, type DecisionKind } from "./text.server";

/**
 * The sign session of a membership decision signed with BankID (spec 02 §3 "Signing", §4 "Signing dialog",
 * decision 028): one row per signing, holding the BankID order (its state shared with sign-in,
 * bankid-orders.server.ts), what was decided and the data sent. While one is Pending the transfer is
 * MembershipDecisionPending, so nobody else decides meanwhile. It lives 4 minutes (spec 02 §9); ending it
 * (cancelled, failed, expired, a new decision) returns the transfer to the board's review.
 *
 * The flow: start.server.ts puts the decision before the signer, collect.server.ts follows the order and records
 * the decision on completion, expiry.server.ts ends what nobody finished.
 */

export type { SignDevice };
export type SignSession = Selectable<SignSessionsTable>;

/** Why a signing failed, besides BankID's own hint codes (texts in review.json `decision.failure`). */
export type SignFailure =
  | "expired"
  | "signatureMismatch"
  | "signatureUnverified"
  | "otherSigner"
  | "decisionRefused"
  | "startFailed"
  | "bankIdError";

export interface SignState {
  signId: string;
  transferId: string;
  decision: DecisionKind;
  signDevice: SignDevice;
  status: "Pending" | "complete" | "failed" | "cancelled";
  hintCode: string | null;
  /** BankID's message for the state (pending or failed by BankID), else null. */
  rfa: RfaCode | null;
  /** Our own reason for a failure, else null. */
  failure: SignFailure | null;
  /** The animated QR content of this moment, while an app on another device is awaited. */
  qrCodeData: string | null;
  launchUrl: string | null;
  mightNeedUserInteractionToLaunch: boolean;
  startedAt: string;
  expiresAt: string;
  /** The text put before the signer (decoded userVisibleData). */
  text: string | null;
}

/** The request a signing step runs for (BankID itself is the context's port). */
export interface SigningEnv {
  /** The roots a signature must chain to; by default the configured ones (signatureTrustRoots). */
  trustedRoots?: X509Certificate[];
  endUserIp: string;
  userAgent?: string | null;
  mobile?: boolean;
}

export function isExpired(session: Pick<SignSession, "started_at">, now: Date): boolean {
  return now.getTime() - Date.parse(session.started_at) > SIGN_SESSION_VALID_MS;
}

export function stateOf(session: SignSession, now: Date, mobile = false): SignState {
  const order = fromSignSession(session);
  const view = orderView(order, now, mobile);
  const failure = (session.failure as SignFailure | null) ?? null;
  return {
    signId: session.id,
    transferId: session.transfer_id,
    decision: session.decision,
    signDevice: session.sign_device as SignDevice,
    status: session.status,
    hintCode: session.hint_code,
    // A failure of our own (expired, a refused signature) says more than BankID's last hint.
    rfa: session.status === "failed" && failure ? null : view.rfa,
    failure,
    qrCodeData: view.qrData,
    launchUrl: view.launchUrl,
    mightNeedUserInteractionToLaunch: order.sameDevice,
    startedAt: session.started_at,
    expiresAt: new Date(Date.parse(session.started_at) + SIGN_SESSION_VALID_MS).toISOString(),
    text: visibleText(session.user_visible_data),
  };
}

export async function findSignSession(db: Db, signId: string): Promise<SignSession | undefined> {
  return db.selectFrom("sign_sessions").selectAll().where("id", "=", signId).executeTakeFirst();
}

/** The BankID orders of a user's signings still waiting for the phone (the test BankID app shows them). */
export async function pendingSigningOrders(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("sign_sessions")
    .select("order_ref")
    .where("user_id", "=", userId)
    .where("status", "=", "Pending")
    .execute();
  return rows.flatMap(({ order_ref }) => (order_ref ? [order_ref] : []));
}

/** A session read again after a step changed it. */
export async function readSignSession(db: Db, signId: string): Promise<SignSession> {
  const session = await findSignSession(db, signId);
  if (!session) throw notFound();
  return session;
}

/** The viewer's own sign session (any status); another user's is answered as missing. */
export async function ownSignSession(ctx: UseCaseContext, signId: string): Promise<SignSession> {
  const actor = userOf(ctx);
  const session = await ctx.db
    .selectFrom("sign_sessions")
    .selectAll()
    .where("id", "=", signId)
    .where("user_id", "=", actor.viewer.id)
    .executeTakeFirst();
  if (!session) throw notFound();
  // Still in the viewer's scope (a board seat may have ended since).
  if (!(await findScopedTransfer(ctx.db, actor.viewer, session.transfer_id))) throw notFound();
  return session;
}

/** What the user chose for a decision before signing: the decision page offers it again after Avbryt or a failure. */
export interface DecisionChoices {
  decision: DecisionKind;
  acquirerIds: string[];
  reason: string | null;
  decisionDate: string | null;
}

/**
 * The choices of the viewer's own signing of this transfer that ended without a decision (cancelled or failed), or
 * null: another user's session, another transfer's, one still under way or completed, or none by that id. Nothing
 * typed is lost when the user goes back to the decision (`Avbryt`, `Försök igen`); the file must be chosen again.
 */
export async function endedSigningChoices(
  ctx: UseCaseContext,
  transferId: string,
  signId: string,
): Promise<DecisionChoices | null> {
  const actor = userOf(ctx);
  const session = await ctx.db
    .selectFrom("sign_sessions")
    .select(["decision", "acquirer_ids", "reason", "decision_date"])
    .where("id", "=", signId)
    .where("transfer_id", "=", transferId)
    .where("user_id", "=", actor.viewer.id)
    .where("status", "in", ["cancelled", "failed"])
    .executeTakeFirst();
  if (!session) return null;
  return {
    decision: session.decision,
    acquirerIds: JSON.parse(session.acquirer_ids ?? "[]") as string[],
    reason: session.reason,
    decisionDate: session.decision_date,
  };
}

/** The viewer's signing of this transfer that is still under way (within its 4 minutes), if any. */
export async function pendingSignOf(
  ctx: UseCaseContext,
  transferId: string,
  now = ctx.now ?? new Date(),
): Promise<SignSession | null> {
  const actor = userOf(ctx);
  const session = await ctx.db
    .selectFrom("sign_sessions")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("user_id", "=", actor.viewer.id)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  return session && !isExpired(session, now) ? session : null;
}

/**
 * Ends a Pending session (cancelled by the user, failed, expired): the session first (conditionally, so a
 * completion that won meanwhile stays), then the transfer back to MembershipReviewInProgress when it still waits
 * for this signing, then BankID's order. Answers whether this call ended it.
 */
export async function endSession(
  ctx: UseCaseContext,
  cancelOrder: boolean,
  session: SignSession,
  outcome: { status: "failed" | "cancelled"; hintCode?: string | null; failure?: SignFailure | null },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const ended = await ctx.db
    .updateTable("sign_sessions")
    .set({
      status: outcome.status,
      hint_code: outcome.hintCode ?? session.hint_code,
      failure: outcome.failure ?? null,
      finished_at: at,
      collect_lease_until: null,
    })
    .where("id", "=", session.id)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) return false;
  await returnToReview(ctx, session.transfer_id, now);
  if (cancelOrder) await cancelAtBankId(ctx.bankid, session.order_ref);
  await dropDecisionFile(ctx, session);
  return true;
}

/** A transfer left waiting for a signing that no longer runs goes back to the board's review. */
export async function returnToReview(ctx: UseCaseContext, transferId: string, now: Date): Promise<void> {
  const { db } = ctx;
  const row = await db.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst();
  if (row?.status !== "MembershipDecisionPending") return;
  const running = await db
    .selectFrom("sign_sessions")
    .select("id")
    .where("transfer_id", "=", transferId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  if (running) return;
  try {
    await run({ ...asSystem(ctx), now }, transferId, {
      useCase: "cancelDecisionSigning",
      expectedVersion: row.version,
    });
  } catch (error) {
    // Changed meanwhile (a new signing, an abort): that change decides the status.
    if (!(error instanceof Error && "code" in error)) throw error;
  }
}
