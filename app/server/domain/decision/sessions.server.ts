import crypto, { type X509Certificate } from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { SignSessionsTable, TransferRow } from "../../db/schema.server";
import {
  isBankIdError,
  qrData,
  qrSecondsSince,
  rfaFor,
  signatureTrustRoots,
  verifyBankIdSignature,
  type CompletionData,
  type RfaCode,
} from "../../integrations/bankid/index.server";
import { VERIFY_DOCUMENT_JOB } from "../documents/uploads.server";
import type { Selectable } from "kysely";
import { approveMembershipSchema, rejectMembershipSchema } from "~/schemas/transfer";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { todayInStockholm } from "~/lib/dates";
import { conflict, invalid, notFound } from "../core/errors.server";
import { loadTransferFacts, SIGN_SESSION_VALID_MS } from "../transfers/load.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { transferAction } from "../transfers/policies.server";
import { permit } from "../core/policy.server";
import { run } from "../core/pipeline.server";
import { approveMembership, rejectMembership, type DecisionRecord } from "./decide.server";
import { parse } from "../core/parse.server";
import { asSystem, userOf, type UseCaseContext } from "../core/context.server";

/**
 * The membership decision signed with BankID (issue 20, spec 02 §3 "Signing", §4 "Signing dialog", decision 028).
 *
 * Starting puts the decision before the signer: the text (userVisibleData: the decision, the transfer, the
 * acquirers) and a hash of the decision (userNonVisibleData) go to BankID /sign, and the sign session keeps both,
 * with what was decided. The transfer moves to MembershipDecisionPending (startDecisionSigning), so nobody else
 * decides meanwhile. Collecting (at most once a second, one collector at a time) follows the order; on completion
 * the signature is checked (intact, chained to a trusted root, OCSP good and signed by the issuer, the signed text
 * and hash exactly what was sent, signed by the user who started) and the decision is recorded through the same
 * use case as any other, with BankID's evidence, in one transaction that also completes the session, so a decision
 * is recorded once however many collect at once. A session lives 4 minutes (spec 02 §9): a signature completed
 * later is refused, and a job ends a forgotten session.
 */

export type DecisionKind = "Approve" | "Reject";
export type SignDevice = "ThisDevice" | "OtherDevice" | "SignByProxy";
export const SIGN_EXPIRY_JOB = "decision.expireSign";
/** BankID: never collect more often than once a second; a collector holds the session this long at most. */
const COLLECT_INTERVAL_MS = 1000;
const COLLECT_LEASE_MS = 15_000;

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

/** An announced decision's file, already streamed into storage (checked: a PDF under the limit). */
export interface StoredDecisionFile {
  storageKey: string;
  fileName: string;
  sizeInBytes: number;
}

export interface StartDecisionInput {
  transferId: string;
  decision: DecisionKind;
  signDevice: SignDevice;
  version?: number;
  acquirerIds?: string[];
  reason?: string;
  /** Omitted by the board (today); the property manager announces the board's date. */
  decisionDate?: string;
  file?: StoredDecisionFile | null;
}

export type StartResult =
  | { kind: "signing"; state: SignState }
  /** SignByProxy: announced without BankID, recorded at once. */
  | { kind: "decided"; transferId: string };

function launchUrlFor(autoStartToken: string, mobile: boolean): string {
  const token = encodeURIComponent(autoStartToken);
  return mobile
    ? `https://app.bankid.com/?autostarttoken=${token}&redirect=null`
    : `bankid:///?autostarttoken=${token}&redirect=null`;
}

/** The text the signer reads in the BankID app (simpleMarkdownV1). */
export function decisionText(input: {
  decision: DecisionKind;
  objectNumber: string;
  associationName: string;
  transferId: string;
  acquirers: Array<{ name: string; identifier: string }>;
  decisionDate: string;
  reason?: string;
}): string {
  const lines = [
    input.decision === "Approve" ? "# Godkännande av medlemskap" : "# Avslag på ansökan om medlemskap",
    "",
    input.decision === "Approve"
      ? `För ${input.associationName} godkänner jag medlemskapet för förvärvarna nedan.`
      : `För ${input.associationName} avslår jag ansökan om medlemskap för förvärvarna nedan.`,
    "",
    `Överlåtelse: ${input.objectNumber} (${input.transferId})`,
    `Förening: ${input.associationName}`,
    "Förvärvare:",
    ...input.acquirers.map((a) => `+ ${a.name}, ${a.identifier}`),
    `Beslutsdatum: ${input.decisionDate}`,
  ];
  if (input.reason) lines.push(`Orsak: ${input.reason}`);
  return lines.join("\n");
}

/** The decision as canonical JSON, hashed: what userNonVisibleData carries and the audit can recompute. */
export function decisionHash(decision: {
  transferId: string;
  decision: DecisionKind;
  acquirerIds: string[];
  decisionDate: string;
  reason: string | null;
  signId: string;
}): string {
  const canonical = JSON.stringify([
    decision.transferId,
    decision.decision,
    [...decision.acquirerIds].sort(),
    decision.decisionDate,
    decision.reason,
    decision.signId,
  ]);
  return `sha256:${crypto.createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

function isExpired(session: Pick<SignSession, "started_at">, now: Date): boolean {
  return now.getTime() - Date.parse(session.started_at) > SIGN_SESSION_VALID_MS;
}

export function stateOf(session: SignSession, now: Date, mobile = false): SignState {
  const sameDevice = session.sign_device === "ThisDevice";
  const waiting =
    session.status === "Pending" &&
    (session.hint_code === null || session.hint_code === "outstandingTransaction");
  let rfa: RfaCode | null = null;
  const failure = (session.failure as SignFailure | null) ?? null;
  if (session.status === "Pending") {
    rfa = rfaFor({
      status: "pending",
      hintCode: session.hint_code ?? "outstandingTransaction",
      sameDevice,
      mobile,
    });
  } else if (session.status === "failed" && !failure && session.hint_code) {
    rfa = rfaFor({ status: "failed", hintCode: session.hint_code, sameDevice, mobile });
  } else if (session.status === "cancelled") rfa = "RFA3";
  return {
    signId: session.id,
    transferId: session.transfer_id,
    decision: session.decision,
    signDevice: session.sign_device as SignDevice,
    status: session.status,
    hintCode: session.hint_code,
    rfa,
    failure,
    qrCodeData:
      !sameDevice && waiting && session.qr_start_token && session.qr_start_secret
        ? qrData(
            session.qr_start_token,
            session.qr_start_secret,
            qrSecondsSince(Date.parse(session.started_at), now.getTime()),
          )
        : null,
    launchUrl: sameDevice && session.status === "Pending" ? session.launch_url : null,
    mightNeedUserInteractionToLaunch: sameDevice,
    startedAt: session.started_at,
    expiresAt: new Date(Date.parse(session.started_at) + SIGN_SESSION_VALID_MS).toISOString(),
    text: session.user_visible_data
      ? Buffer.from(session.user_visible_data, "base64").toString("utf8")
      : null,
  };
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

async function readDecisionFacts(ctx: UseCaseContext, transferId: string) {
  const actor = userOf(ctx);
  const row = await findScopedTransfer(ctx.db, actor.viewer, transferId);
  if (!row) throw notFound();
  const acquirers = await ctx.db
    .selectFrom("transfer_parties")
    .select(["id", "first_name", "last_name", "identifier_type", "identifier_value", "membership_status"])
    .where("transfer_id", "=", transferId)
    .where("kind", "=", "Acquirer")
    .orderBy("sort_order")
    .execute();
  return { row, acquirers };
}

/**
 * Ends a Pending session (cancelled by the user, failed, expired): the session first (conditionally, so a
 * completion that won meanwhile stays), then the transfer back to MembershipReviewInProgress when it still waits
 * for this signing, then BankID's order. Answers whether this call ended it.
 */
async function endSession(
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
  if (cancelOrder && session.order_ref) {
    try {
      await ctx.bankid.cancel(session.order_ref);
    } catch {
      // Already finished at BankID (failed, expired, collected): ours is ended either way.
    }
  }
  await dropDecisionFile(ctx, session);
  return true;
}

/** A transfer left waiting for a signing that no longer runs goes back to the board's review. */
async function returnToReview(ctx: UseCaseContext, transferId: string, now: Date): Promise<void> {
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

/** An ended signing's decision file has no use: the decision that would have kept it was never made. */
async function dropDecisionFile(
  ctx: UseCaseContext,
  session: Pick<SignSession, "decision_file_key">,
): Promise<void> {
  if (session.decision_file_key) await ctx.storage.delete(session.decision_file_key).catch(() => false);
}

/** The decision file as the transfer's document (category MembershipDecision), verified like any upload. */
function decisionDocument(ctx: UseCaseContext, file: StoredDecisionFile, userId: string) {
  return async (trx: Db, row: TransferRow, at: string): Promise<string> => {
    const documentId = crypto.randomUUID();
    await trx
      .insertInto("documents")
      .values({
        id: documentId,
        transfer_id: row.id,
        file_name: file.fileName,
        category: "MembershipDecision",
        status: "UploadPending",
        document_type: "pdf",
        size_in_bytes: file.sizeInBytes,
        belongs_to: null,
        sensitive: 0,
        storage_key: file.storageKey,
        uploaded_by_user_id: userId,
        supplement_answer_id: null,
        created_at: at,
        verified_at: null,
        data_erased_at: null,
        archived_at: null,
      })
      .execute();
    await ctx.jobs.enqueue(
      trx,
      { type: VERIFY_DOCUMENT_JOB, payload: { documentId }, dedupeKey: `verify:${documentId}` },
      new Date(at),
    );
    return documentId;
  };
}

/**
 * Starts the signing of a decision (or, by proxy, records it at once). The viewer's earlier signing of this
 * transfer is discarded first (spec 02 §4: a stored sign for the other decision is discarded), except that the
 * same decision on the same device within its 4 minutes is resumed.
 */
export async function startDecision(
  ctx: UseCaseContext,
  env: SigningEnv,
  input: StartDecisionInput,
): Promise<StartResult> {
  const now = ctx.now ?? new Date();
  const actor = userOf(ctx);
  // A board member decides today, by signing; a property manager announces the board's decision of its date.
  if (actor.viewer.role === "PropertyManager" && !input.decisionDate) {
    throw invalid({ decisionDate: ["validation.decisionDateRequired"] });
  }
  const decisionDate = input.decisionDate ?? todayInStockholm(now);
  const common = {
    transferId: input.transferId,
    version: input.version,
    signDevice: input.signDevice,
    decisionDate,
  };
  // The same validation as the decision itself (dates, reason, devices), before anything is started.
  let acquirerIds: string[] = [];
  let reason: string | null = null;
  let version: number | undefined;
  if (input.decision === "Approve") {
    const parsed = parse(approveMembershipSchema(now), { ...common, acquirerIds: input.acquirerIds ?? [] });
    ({ acquirerIds, version } = parsed);
  } else {
    const parsed = parse(rejectMembershipSchema(now), { ...common, reason: input.reason });
    ({ reason, version } = parsed);
  }

  // The version the user's form showed; our own housekeeping below (a discarded or lapsed signing returning the
  // transfer to review) moves it on without making that form stale.
  const shown = await findScopedTransfer(ctx.db, actor.viewer, input.transferId);
  if (!shown) throw notFound();
  const formIsCurrent = version === undefined || version === shown.version;
  const previous = await pendingSignOf(ctx, input.transferId, now);
  if (previous) {
    if (
      previous.decision === input.decision &&
      previous.sign_device === input.signDevice &&
      previous.reason === reason &&
      previous.decision_date === decisionDate &&
      previous.acquirer_ids === JSON.stringify(acquirerIds) &&
      !input.file
    ) {
      return { kind: "signing", state: stateOf(previous, now, env.mobile) };
    }
    await endSession(ctx, true, previous, { status: "cancelled" }, now);
  }

  await endLapsedSignings(ctx, input.transferId, now);
  const { row, acquirers } = await readDecisionFacts(ctx, input.transferId);
  if (!formIsCurrent) throw conflict();
  const expectedVersion = row.version;
  // The policy's answer before BankID is asked (the use case asks again when it writes).
  const facts = await loadTransferFacts(ctx.db, row, now);
  const type = input.decision === "Approve" ? "ApproveMembership" : "RejectMembership";
  permit(transferAction(type)(actor.viewer, facts, now));
  if (input.decision === "Approve") {
    const missing = acquirers.filter((a) => a.membership_status !== "MEMBER" && !acquirerIds.includes(a.id));
    const unknown = acquirerIds.filter((id) => !acquirers.some((a) => a.id === id));
    if (missing.length > 0 || unknown.length > 0) {
      throw invalid({ acquirerIds: ["validation.acquirersMustBeApproved"] });
    }
  }

  if (input.signDevice === "SignByProxy") {
    const record: DecisionRecord = input.file
      ? { document: decisionDocument(ctx, input.file, actor.viewer.id) }
      : {};
    await approveMembership(ctx, { ...common, acquirerIds, version: expectedVersion }, record);
    return { kind: "decided", transferId: input.transferId };
  }

  const signId = crypto.randomUUID();
  const text = decisionText({
    decision: input.decision,
    objectNumber: row.object_number,
    associationName: row.association_name,
    transferId: row.id,
    acquirers: acquirers.map((a) => ({
      name: `${a.first_name} ${a.last_name}`.trim(),
      identifier: formatIdentifierForDisplay({
        type: a.identifier_type as "SocialSecurityNumber" | "OrganizationNumber" | "Other",
        value: a.identifier_value,
      }),
    })),
    decisionDate,
    reason: reason ?? undefined,
  });
  const hash = decisionHash({
    transferId: row.id,
    decision: input.decision,
    acquirerIds,
    decisionDate,
    reason,
    signId,
  });
  const userVisibleData = b64(text);
  const userNonVisibleData = b64(hash);
  let order;
  try {
    order = await ctx.bankid.sign({
      endUserIp: env.endUserIp,
      userVisibleData,
      userVisibleDataFormat: "simpleMarkdownV1",
      userNonVisibleData,
      ...(env.userAgent ? { web: { userAgent: env.userAgent.slice(0, 256) } } : {}),
    });
  } catch (error) {
    throw new SignStartError(isBankIdError(error) ? error.rfa : "RFA5", error);
  }

  try {
    await run(ctx, row.id, {
      useCase: "startDecisionSigning",
      offered: transferAction(type),
      expectedVersion,
      audit: ({ row: before, to }) => ({
        entity: "sign_session",
        entityId: signId,
        action: "startDecisionSigning",
        before: { status: before.status },
        after: { status: to, decision: input.decision, signDevice: input.signDevice },
      }),
      write: async (trx, _row, at) => {
        await trx
          .insertInto("sign_sessions")
          .values({
            id: signId,
            transfer_id: row.id,
            user_id: actor.viewer.id,
            decision: input.decision,
            sign_device: input.signDevice,
            order_ref: order.orderRef,
            auto_start_token: order.autoStartToken,
            qr_start_token: order.qrStartToken,
            qr_start_secret: order.qrStartSecret,
            launch_url:
              input.signDevice === "ThisDevice"
                ? launchUrlFor(order.autoStartToken, env.mobile ?? false)
                : null,
            status: "Pending",
            reason,
            decision_date: decisionDate,
            hint_code: "outstandingTransaction",
            started_at: at,
            finished_at: null,
            acquirer_ids: JSON.stringify(acquirerIds),
            user_visible_data: userVisibleData,
            user_non_visible_data: userNonVisibleData,
            transfer_version: expectedVersion + 1,
            collect_lease_until: null,
            decision_file_key: input.file?.storageKey ?? null,
            decision_file_name: input.file?.fileName ?? null,
            decision_file_size: input.file?.sizeInBytes ?? null,
            failure: null,
          })
          .execute();
        // A forgotten signing ends after its 4 minutes even if nobody collects it again.
        await ctx.jobs.enqueue(
          trx,
          {
            type: SIGN_EXPIRY_JOB,
            payload: { signId },
            transferId: row.id,
            runAt: new Date(Date.parse(at) + SIGN_SESSION_VALID_MS + 1000),
            dedupeKey: `${SIGN_EXPIRY_JOB}:${signId}`,
          },
          new Date(at),
        );
      },
    });
  } catch (error) {
    await ctx.bankid.cancel(order.orderRef).catch(() => undefined);
    throw error;
  }
  const session = await ctx.db
    .selectFrom("sign_sessions")
    .selectAll()
    .where("id", "=", signId)
    .executeTakeFirst();
  if (!session) throw conflict();
  return { kind: "signing", state: stateOf(session, now, env.mobile) };
}

/**
 * Signings of this transfer whose 4 minutes ran out but that nobody ended yet (the expiry job not yet run, or
 * demo data): ended as expired, so the transfer is back in the board's review before a new decision starts.
 */
async function endLapsedSignings(ctx: UseCaseContext, transferId: string, now: Date) {
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

/** BankID refused to start the order; `rfa` is the user message. */
export class SignStartError extends Error {
  override readonly name = "SignStartError";
  constructor(
    readonly rfa: RfaCode,
    cause?: unknown,
  ) {
    super(`BankID sign order could not start (${rfa})`, { cause });
  }
}

/** Takes the right to collect now: one collector at a time, at most once a second. */
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

async function reread(db: Db, signId: string): Promise<SignSession> {
  const session = await db
    .selectFrom("sign_sessions")
    .selectAll()
    .where("id", "=", signId)
    .executeTakeFirst();
  if (!session) throw notFound();
  return session;
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
  let session = await ownSignSession(ctx, signId);
  if (session.status !== "Pending") return stateOf(session, now, env.mobile);
  if (isExpired(session, now)) {
    await endSession(ctx, true, session, { status: "failed", failure: "expired" }, now);
    return stateOf(await reread(ctx.db, signId), now, env.mobile);
  }
  if (!(await claimCollect(ctx.db, session, now))) return stateOf(session, now, env.mobile);

  let answer;
  try {
    answer = await ctx.bankid.collect(session.order_ref ?? "");
  } catch (error) {
    const hint = isBankIdError(error) ? `error:${error.errorCode}` : "error:unknown";
    await endSession(ctx, false, session, { status: "failed", hintCode: hint, failure: "bankIdError" }, now);
    return stateOf(await reread(ctx.db, signId), now, env.mobile);
  }
  if (answer.status === "pending") {
    await releaseCollect(ctx.db, signId, now, answer.hintCode);
    session = await reread(ctx.db, signId);
    return stateOf(session, now, env.mobile);
  }
  if (answer.status === "failed") {
    await endSession(ctx, false, session, { status: "failed", hintCode: answer.hintCode }, now);
    return stateOf(await reread(ctx.db, signId), now, env.mobile);
  }
  await completeDecision(ctx, env, session, answer.completionData, now);
  return stateOf(await reread(ctx.db, signId), now, env.mobile);
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
  const actor = userOf(ctx);
  const refuse = (failure: SignFailure) =>
    endSession(ctx, false, session, { status: "failed", failure, hintCode: null }, now);
  // Completed, but after the stored sign's 4 minutes: refused (spec 02 §9).
  if (isExpired(session, now)) return void (await refuse("expired"));

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
    return void (await refuse("signatureMismatch"));
  }
  if (!verification.ok) return void (await refuse("signatureUnverified"));
  const signer = await ctx.db
    .selectFrom("users")
    .select("personal_number")
    .where("id", "=", actor.viewer.id)
    .executeTakeFirst();
  if (!signer || signer.personal_number !== completion.user.personalNumber) {
    return void (await refuse("otherSigner"));
  }

  const input = {
    transferId: session.transfer_id,
    version: session.transfer_version ?? undefined,
    signDevice: session.sign_device,
    decisionDate: session.decision_date ?? todayInStockholm(now),
    acquirerIds: JSON.parse(session.acquirer_ids ?? "[]") as string[],
    reason: session.reason ?? undefined,
  };
  const record: DecisionRecord = {
    evidence: {
      signSessionId: session.id,
      signedText: Buffer.from(session.user_visible_data ?? "", "base64").toString("utf8"),
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
            actor.viewer.id,
          ),
        }
      : {}),
  };
  try {
    if (session.decision === "Approve") await approveMembership(ctx, input, record);
    else await rejectMembership(ctx, input, record);
  } catch (error) {
    // Another collector recorded it (the session is complete): nothing more to do.
    if ((await reread(ctx.db, session.id)).status === "complete") return;
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
  return stateOf(await reread(ctx.db, signId), now, env.mobile);
}

/** The expiry job: a session still Pending after its 4 minutes ends, and the transfer returns to review. */
export async function expireSign(ctx: UseCaseContext, signId: string): Promise<boolean> {
  const now = ctx.now ?? new Date();
  const session = await ctx.db
    .selectFrom("sign_sessions")
    .selectAll()
    .where("id", "=", signId)
    .executeTakeFirst();
  if (!session || session.status !== "Pending" || !isExpired(session, now)) return false;
  return endSession(asSystem(ctx), true, session, { status: "failed", failure: "expired" }, now);
}
