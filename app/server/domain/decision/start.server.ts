import crypto from "node:crypto";
import { launchUrl, type OrderResponse } from "../../integrations/bankid/index.server";
import { approveMembershipSchema, rejectMembershipSchema } from "~/schemas/transfer";
import { todayInStockholm } from "~/lib/dates";
import { BankIdStartError, cancelAtBankId, orderColumns } from "../bankid-orders.server";
import { userOf, type UseCaseContext } from "../core/context.server";
import { conflict, invalid, notFound } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { permit } from "../core/policy.server";
import { loadTransferFacts } from "../transfers/load.server";
import { transferAction } from "../transfers/policies.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { approveMembership, type DecisionRecord } from "./decide.server";
import { endLapsedSignings, scheduleExpiry } from "./expiry.server";
import { decisionDocument, type StoredDecisionFile } from "./file.server";
import {
  endSession,
  findSignSession,
  pendingSignOf,
  stateOf,
  type SignDevice,
  type SignState,
  type SigningEnv,
} from "./sessions.server";
import { signedData, type DecisionKind } from "./text.server";

/**
 * Starting the signing of a membership decision (decision 028): the choices are checked as the decision itself
 * checks them, the decision is put before the signer (text.server.ts) and BankID's /sign order started, and the
 * sign session is written with the transfer's move to MembershipDecisionPending (startDecisionSigning), so of two
 * board members starting at once one wins. A property manager's decision by proxy is recorded at once.
 */

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

/** BankID refused to start the order; `rfa` is the user message. */
export class SignStartError extends BankIdStartError {
  override readonly name = "SignStartError";
  constructor(cause?: unknown) {
    super("sign order", cause);
  }
}

/** The decision's choices, validated as the decision itself validates them (dates, reason, devices). */
function chosenDecision(ctx: UseCaseContext, input: StartDecisionInput, now: Date) {
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
  return { common, decisionDate, acquirerIds, reason, version };
}

type Chosen = ReturnType<typeof chosenDecision>;

/**
 * The viewer's earlier signing of this transfer: the same decision on the same device within its 4 minutes is
 * resumed (its state answered); any other is discarded (spec 02 §4: a stored sign for the other decision goes).
 */
async function resumeOrDiscard(
  ctx: UseCaseContext,
  env: SigningEnv,
  input: StartDecisionInput,
  chosen: Chosen,
  now: Date,
): Promise<SignState | null> {
  const previous = await pendingSignOf(ctx, input.transferId, now);
  if (!previous) return null;
  if (
    previous.decision === input.decision &&
    previous.sign_device === input.signDevice &&
    previous.reason === chosen.reason &&
    previous.decision_date === chosen.decisionDate &&
    previous.acquirer_ids === JSON.stringify(chosen.acquirerIds) &&
    !input.file
  ) {
    return stateOf(previous, now, env.mobile);
  }
  await endSession(ctx, true, previous, { status: "cancelled" }, now);
  return null;
}

/** The transfer and its acquirers, when the viewer may decide now (the policy's answer before BankID is asked). */
async function decidable(
  ctx: UseCaseContext,
  input: StartDecisionInput,
  chosen: Chosen,
  formIsCurrent: boolean,
  now: Date,
) {
  const actor = userOf(ctx);
  const row = await findScopedTransfer(ctx.db, actor.viewer, input.transferId);
  if (!row) throw notFound();
  const acquirers = await ctx.db
    .selectFrom("transfer_parties")
    .select(["id", "first_name", "last_name", "identifier_type", "identifier_value", "membership_status"])
    .where("transfer_id", "=", input.transferId)
    .where("kind", "=", "Acquirer")
    .orderBy("sort_order")
    .execute();
  if (!formIsCurrent) throw conflict();
  // The use case asks the policy again when it writes.
  const facts = await loadTransferFacts(ctx.db, row, now);
  const type = input.decision === "Approve" ? ("ApproveMembership" as const) : ("RejectMembership" as const);
  permit(transferAction(type)(actor.viewer, facts, now));
  if (input.decision === "Approve") {
    const { acquirerIds } = chosen;
    const missing = acquirers.filter((a) => a.membership_status !== "MEMBER" && !acquirerIds.includes(a.id));
    const unknown = acquirerIds.filter((id) => !acquirers.some((a) => a.id === id));
    if (missing.length > 0 || unknown.length > 0) {
      throw invalid({ acquirerIds: ["validation.acquirersMustBeApproved"] });
    }
  }
  return { row, acquirers, type, expectedVersion: row.version };
}

type Decidable = Awaited<ReturnType<typeof decidable>>;

/**
 * The sign session, written in the use case that moves the transfer to MembershipDecisionPending (with the form's
 * version: of two starting at once one wins), with its expiry job.
 */
async function writeSession(
  ctx: UseCaseContext,
  env: SigningEnv,
  input: StartDecisionInput,
  start: Pick<Decidable, "row" | "type" | "expectedVersion"> & {
    signId: string;
    chosen: Chosen;
    data: ReturnType<typeof signedData>;
    order: OrderResponse;
  },
): Promise<void> {
  const { signId, row, type, expectedVersion, data, order } = start;
  const { acquirerIds, reason, decisionDate } = start.chosen;
  const actor = userOf(ctx);
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
          ...orderColumns(order),
          launch_url:
            input.signDevice === "ThisDevice"
              ? launchUrl({ autoStartToken: order.autoStartToken, mobile: env.mobile ?? false })
              : null,
          status: "Pending",
          reason,
          decision_date: decisionDate,
          hint_code: "outstandingTransaction",
          started_at: at,
          finished_at: null,
          acquirer_ids: JSON.stringify(acquirerIds),
          user_visible_data: data.userVisibleData,
          user_non_visible_data: data.userNonVisibleData,
          transfer_version: expectedVersion + 1,
          collect_lease_until: null,
          decision_file_key: input.file?.storageKey ?? null,
          decision_file_name: input.file?.fileName ?? null,
          decision_file_size: input.file?.sizeInBytes ?? null,
          failure: null,
        })
        .execute();
      await scheduleExpiry(ctx, trx, { signId, transferId: row.id, startedAt: at });
    },
  });
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
  const chosen = chosenDecision(ctx, input, now);

  // The version the user's form showed; our own housekeeping below (a discarded or lapsed signing returning the
  // transfer to review) moves it on without making that form stale.
  const shown = await findScopedTransfer(ctx.db, actor.viewer, input.transferId);
  if (!shown) throw notFound();
  const formIsCurrent = chosen.version === undefined || chosen.version === shown.version;
  const resumed = await resumeOrDiscard(ctx, env, input, chosen, now);
  if (resumed) return { kind: "signing", state: resumed };

  await endLapsedSignings(ctx, input.transferId, now);
  const { row, acquirers, type, expectedVersion } = await decidable(ctx, input, chosen, formIsCurrent, now);
  const { acquirerIds, reason, decisionDate } = chosen;

  if (input.signDevice === "SignByProxy") {
    const record: DecisionRecord = input.file
      ? { document: decisionDocument(ctx, input.file, actor.viewer.id) }
      : {};
    await approveMembership(ctx, { ...chosen.common, acquirerIds, version: expectedVersion }, record);
    return { kind: "decided", transferId: input.transferId };
  }

  const signId = crypto.randomUUID();
  const data = signedData({
    signId,
    decision: input.decision,
    row,
    acquirers,
    acquirerIds,
    decisionDate,
    reason,
  });
  let order: OrderResponse;
  try {
    order = await ctx.bankid.sign({
      endUserIp: env.endUserIp,
      userVisibleData: data.userVisibleData,
      userVisibleDataFormat: "simpleMarkdownV1",
      userNonVisibleData: data.userNonVisibleData,
      ...(env.userAgent ? { web: { userAgent: env.userAgent.slice(0, 256) } } : {}),
    });
  } catch (error) {
    throw new SignStartError(error);
  }

  try {
    await writeSession(ctx, env, input, { signId, row, type, expectedVersion, chosen, data, order });
  } catch (error) {
    await cancelAtBankId(ctx.bankid, order.orderRef);
    throw error;
  }
  const session = await findSignSession(ctx.db, signId);
  if (!session) throw conflict();
  return { kind: "signing", state: stateOf(session, now, env.mobile) };
}
