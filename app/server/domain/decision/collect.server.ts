import type { Db } from "../../db/kysely.server";
import {
  signatureTrustRoots,
  verifyBankIdSignature,
  type CompletionData,
  type SignatureVerification,
} from "../../integrations/bankid/index.server";
import { todayInStockholm } from "~/lib/dates";
import { COLLECT_INTERVAL_MS, collectErrorHint } from "../bankid-orders.server";
import { userOf, type UseCaseContext } from "../core/context.server";
import { approveMembership, rejectMembership, type DecisionRecord } from "./decide.server";
import { decisionDocument } from "./file.server";
import {
  endSession,
  isExpired,
  ownSignSession,
  readSignSession,
  stateOf,
  type SignFailure,
  type SignSession,
  type SignState,
  type SigningEnv,
} from "./sessions.server";
import { visibleText } from "./text.server";

/**
 * Following a decision's BankID order (decision 028): collected at most once a second by one collector at a time
 * however often the page, its status frame, the dialog or the API ask. On completion the signature is checked
 * (intact, chained to a trusted root, OCSP good and signed by the issuer, the signed text and hash exactly what
 * was sent, signed by the user who started) and the decision recorded through the same use case as any other,
 * with BankID's evidence, in one transaction that also completes the session, so a decision is recorded once
 * however many collect at once. A signature completed after the session's 4 minutes is refused.
 */

/** A collector holds the session this long at most (a BankID call that never answers must not block it). */
const COLLECT_LEASE_MS = 15_000;

/**
 * Takes the right to collect now: one collector at a time, at most once a second (the lease is the session's
 * collect due time, as in bankid-orders.server.ts, taken in one conditional update).
 */
async function claimCollect(db: Db, session: SignSession, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable("sign_sessions")
    .set({ collect_lease_until: new Date(now.getTime() + COLLECT_LEASE_MS).toISOString() })
    .where("id", "=", session.id)
    .where("status", "=", "Pending")
    .where((eb) =>
      eb.or([eb("collect_lease_until", "is", null), eb("collect_lease_until", "<=", now.toISOString())]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

async function releaseCollect(db: Db, signId: string, now: Date, hintCode?: string): Promise<void> {
  await db
    .updateTable("sign_sessions")
    .set({
      collect_lease_until: new Date(now.getTime() + COLLECT_INTERVAL_MS).toISOString(),
      ...(hintCode ? { hint_code: hintCode } : {}),
    })
    .where("id", "=", signId)
    .where("status", "=", "Pending")
    .execute();
}

/**
 * One step of the signing (the page's refresh, the dialog's 2 s poll, GET …/memberships/{signId}/collect): ends a
 * session past its 4 minutes, collects the order when due, and on completion records the decision.
 */
export async function collectDecision(
  ctx: UseCaseContext,
  env: SigningEnv,
  signId: string,
): Promise<SignState> {
  const now = ctx.now ?? new Date();
  const session = await ownSignSession(ctx, signId);
  const changed = async () => stateOf(await readSignSession(ctx.db, signId), now, env.mobile);
  if (session.status !== "Pending") return stateOf(session, now, env.mobile);
  if (isExpired(session, now)) {
    await endSession(ctx, true, session, { status: "failed", failure: "expired" }, now);
    return changed();
  }
  if (!(await claimCollect(ctx.db, session, now))) return stateOf(session, now, env.mobile);

  let answer;
  try {
    answer = await ctx.bankid.collect(session.order_ref ?? "");
  } catch (error) {
    const hintCode = collectErrorHint(error);
    await endSession(ctx, false, session, { status: "failed", hintCode, failure: "bankIdError" }, now);
    return changed();
  }
  if (answer.status === "pending") {
    await releaseCollect(ctx.db, signId, now, answer.hintCode);
  } else if (answer.status === "failed") {
    await endSession(ctx, false, session, { status: "failed", hintCode: answer.hintCode }, now);
  } else {
    await completeDecision(ctx, env, session, answer.completionData, now);
  }
  return changed();
}

/**
 * The checks of a completed order, in order: within the 4 minutes (spec 02 §9); the signature intact and its
 * signed text and hash exactly what we sent; chained to a trusted root with a good OCSP answer; signed by the user
 * who started. Answers the reason to refuse, or the verification to record.
 */
async function checkCompletion(
  ctx: UseCaseContext,
  env: SigningEnv,
  session: SignSession,
  completion: CompletionData,
  now: Date,
): Promise<{ refused: SignFailure } | { verification: SignatureVerification }> {
  if (isExpired(session, now)) return { refused: "expired" };
  const verification = verifyBankIdSignature({
    signature: completion.signature,
    ocspResponse: completion.ocspResponse,
    trustedRoots: env.trustedRoots ?? signatureTrustRoots(),
  });
  if (
    !verification.signature.ok ||
    verification.userVisibleData !== session.user_visible_data ||
    verification.userNonVisibleData !== session.user_non_visible_data
  ) {
    return { refused: "signatureMismatch" };
  }
  if (!verification.ok) return { refused: "signatureUnverified" };
  const signer = await ctx.db
    .selectFrom("users")
    .select("personal_number")
    .where("id", "=", userOf(ctx).viewer.id)
    .executeTakeFirst();
  if (!signer || signer.personal_number !== completion.user.personalNumber) return { refused: "otherSigner" };
  return { verification };
}

/** What the decision keeps of the signing: BankID's evidence, and an announced decision's file as its document. */
function recordOf(
  ctx: UseCaseContext,
  session: SignSession,
  completion: CompletionData,
  verification: SignatureVerification,
  now: Date,
): DecisionRecord {
  return {
    evidence: {
      signSessionId: session.id,
      signedText: visibleText(session.user_visible_data) ?? "",
      userNonVisibleData: session.user_non_visible_data ?? "",
      signature: completion.signature,
      ocspResponse: completion.ocspResponse,
      orderRef: session.order_ref ?? "",
      signerPersonalNumber: completion.user.personalNumber,
      signerName: completion.user.name,
      signedAt: verification.ocspProducedAt ?? now.toISOString(),
    },
    ...(session.decision_file_key
      ? {
          document: decisionDocument(
            ctx,
            {
              storageKey: session.decision_file_key,
              fileName: session.decision_file_name ?? "beslut.pdf",
              sizeInBytes: session.decision_file_size ?? 0,
            },
            userOf(ctx).viewer.id,
          ),
        }
      : {}),
  };
}

/**
 * A completed order: checked, then recorded. A refusal ends the session failed with its reason; the decision is
 * then not recorded at all.
 */
async function completeDecision(
  ctx: UseCaseContext,
  env: SigningEnv,
  session: SignSession,
  completion: CompletionData,
  now: Date,
): Promise<void> {
  const refuse = (failure: SignFailure) =>
    endSession(ctx, false, session, { status: "failed", failure, hintCode: null }, now);
  const checked = await checkCompletion(ctx, env, session, completion, now);
  if ("refused" in checked) return void (await refuse(checked.refused));

  const input = {
    transferId: session.transfer_id,
    version: session.transfer_version ?? undefined,
    signDevice: session.sign_device,
    decisionDate: session.decision_date ?? todayInStockholm(now),
    acquirerIds: JSON.parse(session.acquirer_ids ?? "[]") as string[],
    reason: session.reason ?? undefined,
  };
  const record = recordOf(ctx, session, completion, checked.verification, now);
  try {
    if (session.decision === "Approve") await approveMembership(ctx, input, record);
    else await rejectMembership(ctx, input, record);
  } catch (error) {
    // Another collector recorded it (the session is complete): nothing more to do.
    if ((await readSignSession(ctx.db, session.id)).status === "complete") return;
    await refuse("decisionRefused");
    if (!(error instanceof Error && "code" in error)) throw error;
  }
}

/** The user aborts (Avbryt, closing the dialog, DELETE …/cancel): the session and BankID's order end. */
export async function cancelDecision(
  ctx: UseCaseContext,
  env: SigningEnv,
  signId: string,
): Promise<SignState> {
  const now = ctx.now ?? new Date();
  const session = await ownSignSession(ctx, signId);
  if (session.status === "Pending") {
    await endSession(ctx, true, session, { status: "cancelled" }, now);
  }
  return stateOf(await readSignSession(ctx.db, signId), now, env.mobile);
}
