import crypto from "node:crypto";
import type * as z from "zod";
import type { Db } from "../../db/kysely.server";
import type { TransferRow, TransfersTable } from "../../db/schema.server";
import type { Updateable } from "kysely";
import type { LivePublisher, EventName, Payloads } from "../events.server";
import { transferGroup } from "../events.server";
import type { RunningTask, TransferActionType, TransferStatus } from "~/lib/transfer";
import {
  AcceptDeviationsSchema,
  AutomaticReviewResultSchema,
  NoteSchema,
  RequestAdditionalInfoSchema,
  SupplementRefSchema,
  TransferRefSchema,
  approveMembershipSchema,
  fieldErrorsOf,
  rejectMembershipSchema,
} from "~/schemas/transfer";
import { personDisplayName } from "~/lib/person";
import type { TransferFacts, Viewer } from "./facts.server";
import { conflict, forbidden, invalid, invalidTransition, notFound } from "./errors.server";
import {
  isReviewStatus,
  nextStatus,
  previousReviewStatusAfter,
  TransitionError,
  type UseCase,
} from "./lifecycle.server";
import { loadTransferFacts } from "./load.server";
import { parseJsonList } from "../../db/json-columns.server";
import {
  acceptDeviationAction,
  noteActions,
  noteAudienceOf,
  supplementActions,
  transferActions,
  type PolicyAction,
} from "./policies.server";
import { findScopedTransfer } from "./scope.server";
import { noteTransfersChanged } from "./lists/counts.server";
import { enqueueJob } from "../../jobs/queue.server";
import { enqueueTransferSummary, hasTransferSummary } from "../documents/summary.server";
import { readManagerFacts, type ManagerSystemOf } from "../application/manager.server";
import { loadStoredApplication } from "../application/read.server";
import { validateStoredApplication } from "../application/validation.server";
import { enqueueAutomaticReview } from "../review/queue.server";

/**
 * The transfer use cases, every one through the same pipeline (`run`). In one transaction it reads the
 * transfer through the viewer's scope (a transfer outside it is NotFound), checks the offered action with the
 * same policy the page used, asks the transition table for the next status (unless the use case has no
 * transition: a note, a cancelled supplement request while others stay open), writes the change with a
 * conditional update on `version` (so that of two concurrent changes exactly one wins) and an audit row.
 * After the commit it publishes the live events.
 */

export interface Actor {
  viewer: Viewer;
  firstName: string;
  lastName: string;
}

export interface UseCaseContext {
  db: Db;
  /** The signed-in user, or "system" for jobs and integrations (no scope, no policy). */
  actor: Actor | "system";
  now?: Date;
  live?: LivePublisher;
}

export type PublishedEvent = {
  [E in EventName]: { group: string; event: E; payload: Payloads[E] };
}[EventName];

export interface UseCaseResult {
  transferId: string;
  status: TransferStatus;
  version: number;
  events: PublishedEvent[];
}

type TransferPatch = Omit<Updateable<TransfersTable>, "id" | "version" | "modified_at" | "status">;

/** An offered action of the policy for this viewer, or undefined when it is not offered at all. */
type PolicyCheck = (viewer: Viewer, facts: TransferFacts, now: Date) => PolicyAction<unknown> | undefined;

/** What a step did to the transfer, for its audit row. */
interface Change {
  row: TransferRow;
  /** The transition that ran, or null when the status stayed. */
  useCase: UseCase | null;
  from: TransferStatus;
  to: TransferStatus;
}

/** An audit row's own part; the transfer, the user and the time are the pipeline's. */
interface AuditRecord {
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
}

interface StepBase {
  /** The offered transfer action that must be enabled for a user to run this; jobs skip it. */
  action?: TransferActionType;
  /** Any other offered action of the policy that must be enabled (a supplement's Cancel, AddNote); jobs skip it. */
  offered?: PolicyCheck;
  expectedVersion?: number;
  /**
   * false when the transfer row itself does not change (a note; such a step has no transition either): no
   * version step, no modified_at, no refresh of the lists. The row is still read through the scope and the
   * policy is still asked.
   */
  changesTransfer?: boolean;
  patch?: (row: TransferRow, facts: TransferFacts) => TransferPatch;
  /** Further writes in the same transaction (rows of other tables). */
  write?: (trx: Db, row: TransferRow, at: string) => Promise<void>;
  events?: (row: TransferRow, status: TransferStatus) => PublishedEvent[];
}

/**
 * A use case's step through the pipeline. `useCase` is the transition the table is asked for; null when the
 * status stays, or a function that decides from the transfer (null: no transition this time). A step that may
 * run without a transition names its own audit row; with one, the audit row by default records the transfer's
 * changed fields under the use case's name.
 */
type Step = StepBase &
  (
    | { useCase: UseCase; audit?: (change: Change) => AuditRecord }
    | {
        useCase: null | ((row: TransferRow, facts: TransferFacts) => UseCase | null);
        audit: (change: Change) => AuditRecord;
      }
  );

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}

/** The signed-in user of a use case that only a user runs; for a job it is Forbidden. */
export function userOf(ctx: UseCaseContext): Actor {
  if (ctx.actor === "system") throw forbidden();
  return ctx.actor;
}

function actorUserId(ctx: UseCaseContext): string | null {
  return ctx.actor === "system" ? null : ctx.actor.viewer.id;
}

function tasksWith(row: TransferRow, task: RunningTask): string {
  const tasks = parseJsonList(row.running_tasks);
  return JSON.stringify(tasks.includes(task) ? tasks : [...tasks, task]);
}

function tasksWithout(row: TransferRow, task: RunningTask): string {
  return JSON.stringify(parseJsonList(row.running_tasks).filter((t) => t !== task));
}

export function event<E extends EventName>(
  transferId: string,
  name: E,
  payload: Payloads[E],
): PublishedEvent {
  return { group: transferGroup(transferId), event: name, payload } as PublishedEvent;
}

/** One row of the audit log: who changed what of a transfer, when, and the changed fields before and after. */
function audit(
  trx: Db,
  entry: {
    transferId: string;
    entity: string;
    entityId: string;
    action: string;
    userId: string | null;
    at: string;
    before: unknown;
    after: unknown;
  },
) {
  return trx
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      transfer_id: entry.transferId,
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      user_id: entry.userId,
      at: entry.at,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: JSON.stringify(entry.after),
    })
    .execute();
}

/** Refuses unless the policy offers the action enabled, with the blocker's text when it is disabled. */
function permit(offered: PolicyAction<unknown> | undefined): void {
  if (!offered) throw forbidden();
  if (offered.disabled) throw forbidden(`blockers.${offered.reason ?? "notAllowed"}`);
}

/** The changed fields of the transfer, before and after (version and modified_at left out). */
function changedFields(row: TransferRow, patch: Updateable<TransfersTable>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === "version" || key === "modified_at") continue;
    const old = (row as unknown as Record<string, unknown>)[key];
    if (old !== value) {
      before[key] = old;
      after[key] = value;
    }
  }
  return { before, after };
}

export async function run(ctx: UseCaseContext, transferId: string, step: Step): Promise<UseCaseResult> {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const changesTransfer = step.changesTransfer ?? true;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row =
      ctx.actor === "system"
        ? ((await trx.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst()) ??
          null)
        : await findScopedTransfer(trx, ctx.actor.viewer, transferId);
    if (!row) throw notFound();
    if (step.expectedVersion !== undefined && step.expectedVersion !== row.version) throw conflict();

    const facts = await loadTransferFacts(trx, row);
    if (ctx.actor !== "system") {
      const viewer = ctx.actor.viewer;
      if (step.action) permit(transferActions(viewer, facts, now).find((a) => a.type === step.action));
      if (step.offered) permit(step.offered(viewer, facts, now));
    }

    const from = row.status as TransferStatus;
    const useCase = typeof step.useCase === "function" ? step.useCase(row, facts) : step.useCase;
    let to = from;
    let transition: Updateable<TransfersTable> = {};
    if (useCase !== null) {
      try {
        to = nextStatus(useCase, from, row.status_before_info_request);
      } catch (error) {
        if (error instanceof TransitionError) throw invalidTransition();
        throw error;
      }
      const stored = isReviewStatus(row.status_before_info_request) ? row.status_before_info_request : null;
      transition = {
        status: to,
        status_before_info_request: previousReviewStatusAfter(useCase, from, stored),
      };
    }

    let changed = { before: {}, after: {} };
    if (changesTransfer) {
      const patch: Updateable<TransfersTable> = {
        ...(step.patch?.(row, facts) ?? {}),
        ...transition,
        version: row.version + 1,
        modified_at: at,
      };
      const updated = await trx
        .updateTable("transfers")
        .set(patch)
        .where("id", "=", row.id)
        .where("version", "=", row.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict();
      changed = changedFields(row, patch);
    }

    const change: Change = { row, useCase, from, to };
    const record: AuditRecord = step.audit
      ? step.audit(change)
      : // A step without its own audit has a fixed transition (the Step type), so `useCase` is set here.
        { entity: "transfer", entityId: row.id, action: useCase ?? "", ...changed };
    await audit(trx, { ...record, transferId: row.id, userId: actorUserId(ctx), at });
    await step.write?.(trx, row, at);
    // The summary PDF follows the transfer: a changed transfer that has one gets a new one (decision 017).
    if (changesTransfer && hasTransferSummary({ ...row, ...transition, status: to })) {
      await enqueueTransferSummary(trx, row.id, now);
    }
    return { row, to, version: changesTransfer ? row.version + 1 : row.version };
  });

  if (changesTransfer) noteTransfersChanged();
  const events = step.events?.(result.row, result.to) ?? [];
  if (ctx.live) {
    for (const e of events) await ctx.live.publish(e.group, e.event, e.payload as never);
  }
  return { transferId, status: result.to, version: result.version, events };
}

// ---- Transfer actions of spec 02 §4 ----

export function sendToMembershipReview(ctx: UseCaseContext, input: unknown) {
  const { transferId, version } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "sendToMembershipReview",
    action: "SendToMembershipReview",
    expectedVersion: version,
    events: (row) => [event(row.id, "transferApproved", { transferId: row.id })],
  });
}

export function startApplication(ctx: UseCaseContext, input: unknown) {
  const { transferId, version } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "startApplication",
    action: "CreateApplication",
    expectedVersion: version,
  });
}

/**
 * The application was sent in: the automatic review starts as a background task. Refused (400, each remaining
 * item a field error) while the server's validation result of the application is not valid (spec 03 §5.7); the
 * check runs inside the transaction, over what is saved, with the manager's rules read just before.
 */
export async function submitApplication(
  ctx: UseCaseContext,
  input: unknown,
  managerSystemOf?: ManagerSystemOf,
): Promise<UseCaseResult> {
  const { transferId, version } = parse(TransferRefSchema, input);
  const found =
    ctx.actor === "system"
      ? await ctx.db.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst()
      : await findScopedTransfer(ctx.db, ctx.actor.viewer, transferId);
  if (!found) throw notFound();
  const manager = await readManagerFacts(found, managerSystemOf, { fresh: true });
  return run(ctx, transferId, {
    useCase: "submitApplication",
    action: "CreateApplication",
    expectedVersion: version,
    patch: (row) => ({ running_tasks: tasksWith(row, "AutomaticReview") }),
    write: async (trx, row, at) => {
      const result = validateStoredApplication(
        await loadStoredApplication(trx, row),
        manager,
        ctx.now ?? new Date(),
      );
      if (!result.isValid) {
        const fields: Record<string, string[]> = {};
        for (const e of result.errors) (fields[e.property] ??= []).push(e.message);
        throw invalid(fields);
      }
      // Enqueued in the submission's own transaction: a sent application always has its review.
      await enqueueAutomaticReview(trx, row.id, new Date(at));
    },
    events: (row) => [event(row.id, "transferTaskStarted", { transferId: row.id, task: "AutomaticReview" })],
  });
}

/**
 * The automatic review finished (a job): its checks are stored and, after the first review, the transfer is ready
 * for review. A check keeps its id across runs; a deviation the manager accepted stays accepted while the same
 * check still deviates, and is reset when the check became Valid (a later deviation must be accepted anew).
 */
export function completeAutomaticReview(ctx: UseCaseContext, input: unknown) {
  const { transferId, checks } = parse(AutomaticReviewResultSchema, input);
  const merged = (previous: ReadonlyArray<{ type: string; result: string }>) =>
    checks.map((check) => {
      const before = previous.find((p) => p.type === check.type);
      const keepAccepted = check.result !== "Valid" && before?.result === "AcceptedDeviation";
      return {
        type: check.type,
        result: keepAccepted ? ("AcceptedDeviation" as const) : check.result,
        keepAccepted,
      };
    });
  return run(ctx, transferId, {
    useCase: (row) => (row.status === "ApplicationSent" ? "completeAutomaticReview" : null),
    audit: ({ row, useCase, from, to }) => ({
      entity: "automatic_review",
      entityId: row.id,
      action: useCase ?? "completeAutomaticReview",
      before: { status: from, hasDeviations: row.has_deviations === 1 },
      after: { status: to, checks: checks.map((c) => `${c.type}:${c.result}`) },
    }),
    patch: (row, facts) => ({
      running_tasks: tasksWithout(row, "AutomaticReview"),
      has_deviations: merged(facts.checks).some((c) => c.result === "Deviation") ? 1 : 0,
    }),
    write: async (trx, row, at) => {
      const previous = await trx
        .selectFrom("automatic_checks")
        .select(["id", "type", "result"])
        .where("transfer_id", "=", row.id)
        .execute();
      const next = merged(previous);
      const stale = previous.filter((p) => !next.some((c) => c.type === p.type)).map((p) => p.id);
      if (stale.length > 0) await trx.deleteFrom("automatic_checks").where("id", "in", stale).execute();
      for (const check of next) {
        const existing = previous.find((p) => p.type === check.type);
        if (existing && check.keepAccepted) continue;
        if (existing) {
          await trx
            .updateTable("automatic_checks")
            .set({ result: check.result, accepted_by_user_id: null, accepted_at: null, created_at: at })
            .where("id", "=", existing.id)
            .execute();
        } else {
          await trx
            .insertInto("automatic_checks")
            .values({
              id: crypto.randomUUID(),
              transfer_id: row.id,
              type: check.type,
              result: check.result,
              created_at: at,
            })
            .execute();
        }
      }
    },
    events: (row) => [
      event(row.id, "transferTaskCompleted", { transferId: row.id, task: "AutomaticReview" }),
      ...(row.status === "ApplicationSent"
        ? [event(row.id, "transferReadyForReview", { transferId: row.id })]
        : []),
    ],
  });
}

/**
 * The statuses in which a change can alter the automatic review's result and the review is run again: from the
 * sent application until the board's decision (after it, the review has no further use).
 */
const REVIEW_AGAIN_IN: readonly TransferStatus[] = [
  "ApplicationSent",
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
];

function reviewsAgain(row: TransferRow): boolean {
  return REVIEW_AGAIN_IN.includes(row.status as TransferStatus) && row.aborting !== 1;
}

/** The part of a step that runs the review again: the running task, the job, the live event. */
export const reviewAgain = {
  patch: (row: TransferRow): TransferPatch =>
    reviewsAgain(row) ? { running_tasks: tasksWith(row, "AutomaticReview") } : {},
  write: async (trx: Db, row: TransferRow, at: string) => {
    if (reviewsAgain(row)) await enqueueAutomaticReview(trx, row.id, new Date(at));
  },
  events: (row: TransferRow): PublishedEvent[] =>
    reviewsAgain(row)
      ? [event(row.id, "transferTaskStarted", { transferId: row.id, task: "AutomaticReview" })]
      : [],
};

/**
 * Run the automatic review again after a change outside a transfer use case (a required document verified): the
 * AutomaticReview task starts and the job is enqueued. Nothing happens (null) outside REVIEW_AGAIN_IN.
 */
export async function rerunAutomaticReview(
  ctx: UseCaseContext,
  input: unknown,
): Promise<UseCaseResult | null> {
  const { transferId } = parse(TransferRefSchema, input);
  const row = await ctx.db
    .selectFrom("transfers")
    .selectAll()
    .where("id", "=", transferId)
    .executeTakeFirst();
  if (!row || !reviewsAgain(row)) return null;
  return run(ctx, transferId, {
    useCase: null,
    audit: ({ row: current }) => ({
      entity: "automatic_review",
      entityId: current.id,
      action: "rerunAutomaticReview",
      before: null,
      after: { runningTasks: "AutomaticReview" },
    }),
    patch: reviewAgain.patch,
    write: reviewAgain.write,
    events: reviewAgain.events,
  });
}

/**
 * The property manager accepts deviations of the automatic review (spec 02 §5 "Accept deviation"): only ids of
 * checks of this transfer whose result is Deviation, only when the policy offers AcceptDeviation enabled (status
 * TransferReviewInProgress, no background task). Who and when is kept on each check.
 */
export function acceptDeviations(ctx: UseCaseContext, input: unknown) {
  const { transferId, checkIds, version } = parse(AcceptDeviationsSchema, input);
  const actor = userOf(ctx);
  const ids = [...new Set(checkIds)];
  return run(ctx, transferId, {
    offered: (viewer, facts, now) => acceptDeviationAction(viewer, facts, now),
    expectedVersion: version,
    useCase: null,
    audit: ({ row }) => ({
      entity: "automatic_check",
      entityId: row.id,
      action: "acceptDeviations",
      before: { checkIds: ids, result: "Deviation" },
      after: { checkIds: ids, result: "AcceptedDeviation" },
    }),
    patch: (_row, facts) => {
      const open = facts.checks.filter((c) => c.result === "Deviation");
      if (ids.some((id) => !open.some((c) => c.id === id)))
        throw invalid({ checkIds: ["analysis.notADeviation"] });
      return { has_deviations: open.some((c) => !ids.includes(c.id)) ? 1 : 0 };
    },
    write: async (trx, row, at) => {
      const changed = await trx
        .updateTable("automatic_checks")
        .set({ result: "AcceptedDeviation", accepted_by_user_id: actor.viewer.id, accepted_at: at })
        .where("transfer_id", "=", row.id)
        .where("id", "in", ids)
        .where("result", "=", "Deviation")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== ids.length) throw conflict();
    },
  });
}

export function abortTransfer(ctx: UseCaseContext, input: unknown) {
  const { transferId, version } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "abort",
    action: "AbortTransfer",
    expectedVersion: version,
    patch: (row) => ({ aborting: 1, running_tasks: tasksWith(row, "Abort") }),
    // Enqueued in the abort's own transaction: a committed abort always has the job that finishes it.
    write: async (trx, row, at) => {
      await enqueueJob(
        trx,
        {
          type: "transfer.completeAbort",
          payload: { transferId: row.id },
          transferId: row.id,
          maxAttempts: 8,
          dedupeKey: `transfer.completeAbort:${row.id}`,
        },
        new Date(at),
      );
    },
    events: (row) => [event(row.id, "transferTaskStarted", { transferId: row.id, task: "Abort" })],
  });
}

/** The abort job finished (the manager's system was told): the transfer is Aborted. */
export function completeAbort(ctx: UseCaseContext, input: unknown) {
  const { transferId } = parse(TransferRefSchema, input);
  return run(ctx, transferId, {
    useCase: "completeAbort",
    patch: (row) => ({ aborting: 0, running_tasks: tasksWithout(row, "Abort") }),
    events: (row) => [
      event(row.id, "transferTaskCompleted", { transferId: row.id, task: "Abort" }),
      event(row.id, "transferAborted", { transferId: row.id }),
    ],
  });
}

function flag(
  useCase: UseCase,
  action: TransferActionType,
  patch: (now: Date) => TransferPatch,
  options: { reviewAgain?: boolean } = {},
) {
  return (ctx: UseCaseContext, input: unknown) => {
    const { transferId, version } = parse(TransferRefSchema, input);
    return run(ctx, transferId, {
      useCase,
      action,
      expectedVersion: version,
      patch: (row) => ({
        ...patch(ctx.now ?? new Date()),
        ...(options.reviewAgain ? reviewAgain.patch(row) : {}),
      }),
      ...(options.reviewAgain ? { write: reviewAgain.write, events: reviewAgain.events } : {}),
    });
  };
}

// The sale stop is one of the automatic review's checks (NoSaleStop): setting or removing it reviews again.
export const markSaleStopped = flag(
  "markSaleStopped",
  "MarkAsSaleStopped",
  () => ({ sale_status: "Stopped" }),
  { reviewAgain: true },
);
export const removeSaleStop = flag("removeSaleStop", "RemoveSaleStopped", () => ({ sale_status: null }), {
  reviewAgain: true,
});
export const markUnderInvestigation = flag("markUnderInvestigation", "MarkAsUnderInvestigation", (now) => ({
  under_investigation_since: now.toISOString(),
}));
export const removeUnderInvestigation = flag("removeUnderInvestigation", "RemoveUnderInvestigation", () => ({
  under_investigation_since: null,
}));
export const markPartsNotified = flag("markPartsNotified", "MarkPartsNotified", () => ({
  parts_notified: 1,
}));

// ---- Membership decision ----

export function actorName(ctx: UseCaseContext): string {
  return ctx.actor === "system" ? "" : personDisplayName(ctx.actor);
}

function decisionWriter(
  ctx: UseCaseContext,
  decision: "Approved" | "Rejected",
  input: { decisionDate: string; signDevice: string; reason?: string },
) {
  return async (trx: Db, row: TransferRow, at: string) => {
    await trx
      .insertInto("membership_decisions")
      .values({
        id: crypto.randomUUID(),
        transfer_id: row.id,
        decision,
        decision_date: input.decisionDate,
        reason: input.reason ?? null,
        decided_by_user_id: actorUserId(ctx) ?? "system",
        decided_by_name: actorName(ctx),
        sign_device: input.signDevice,
        document_id: null,
        created_at: at,
      })
      .execute();
    // A signing in progress for this transfer has no purpose any more.
    await trx
      .updateTable("sign_sessions")
      .set({ status: "cancelled", finished_at: at })
      .where("transfer_id", "=", row.id)
      .where("status", "=", "Pending")
      .execute();
  };
}

function finalizedBy(ctx: UseCaseContext, at: string): TransferPatch {
  // A decision announced by a property manager completes the manager's handling (the "finalized" icon).
  if (ctx.actor === "system" || ctx.actor.viewer.role !== "PropertyManager") return {};
  return { finalized_at_property_manager: 1, finalized_by_user_id: ctx.actor.viewer.id, finalized_at: at };
}

/**
 * Approve the acquirers' membership: by a board member after signing, or announced by a property manager on the
 * association's behalf. Every acquirer who is not already a member must be approved (ticked).
 */
export async function approveMembership(ctx: UseCaseContext, input: unknown) {
  const now = ctx.now ?? new Date();
  const data = parse(approveMembershipSchema(now), input);
  if (
    data.signDevice === "SignByProxy" &&
    (ctx.actor === "system" || !ctx.actor.viewer.features.includes("property_manager_proxy"))
  ) {
    throw invalid({ signDevice: ["validation.unknownValue"] });
  }
  return run(ctx, data.transferId, {
    useCase: "approveMembership",
    action: "ApproveMembership",
    expectedVersion: data.version,
    patch: (_row, facts) => {
      const missing = facts.parties.filter(
        (p) => p.kind === "Acquirer" && p.membershipStatus !== "MEMBER" && !data.acquirerIds.includes(p.id),
      );
      if (missing.length > 0) throw invalid({ acquirerIds: ["validation.acquirersMustBeApproved"] });
      return {
        membership_decision: "Approved",
        membership_decision_date: data.decisionDate,
        ...finalizedBy(ctx, now.toISOString()),
      };
    },
    write: decisionWriter(ctx, "Approved", data),
    events: (row) => [event(row.id, "membershipApproved", { transferId: row.id })],
  });
}

export async function rejectMembership(ctx: UseCaseContext, input: unknown) {
  const now = ctx.now ?? new Date();
  const data = parse(rejectMembershipSchema(now), input);
  return run(ctx, data.transferId, {
    useCase: "rejectMembership",
    action: "RejectMembership",
    expectedVersion: data.version,
    patch: () => ({
      membership_decision: "Rejected",
      membership_decision_date: data.decisionDate,
      ...finalizedBy(ctx, now.toISOString()),
    }),
    write: decisionWriter(ctx, "Rejected", data),
    events: (row) => [event(row.id, "membershipRejected", { transferId: row.id })],
  });
}

// ---- Supplement requests (the part that moves the transfer's status) ----

/** A new supplement request: the transfer waits for the answer (AwaitingInfoRequestAnswer). */
export async function requestAdditionalInfo(
  ctx: UseCaseContext,
  input: unknown,
): Promise<UseCaseResult & { requestId: string }> {
  const data = parse(RequestAdditionalInfoSchema, input);
  const requestId = crypto.randomUUID();
  const result = await run(ctx, data.transferId, {
    useCase: "requestAdditionalInfo",
    action: "RequestAdditionalInfo",
    patch: (_row, facts) => {
      if (data.personType !== "None") {
        const person = facts.parties.find((p) => p.id === data.personId && p.kind === data.personType);
        if (!person) throw invalid({ personId: ["validation.unknownPerson"] });
      }
      return { awaiting_info_request_answer: 1 };
    },
    write: async (trx, row, at) => {
      if (ctx.actor === "system") throw forbidden();
      await trx
        .insertInto("supplement_requests")
        .values({
          id: requestId,
          transfer_id: row.id,
          category: data.category,
          message: data.message,
          person_id: data.personType === "None" ? null : (data.personId ?? null),
          person_type: data.personType,
          initiator_role: ctx.actor.viewer.role === "PropertyManager" ? "PropertyManager" : "BoardMember",
          status: "Open",
          created_by_user_id: ctx.actor.viewer.id,
          created_by_name: actorName(ctx),
          created_at: at,
        })
        .execute();
    },
  });
  return { ...result, requestId };
}

/**
 * Cancel an open supplement request. When no request is left open the transfer returns to the review it
 * was in (closeInfoRequests); otherwise only the request changes (no transition).
 */
export async function cancelSupplementRequest(ctx: UseCaseContext, input: unknown): Promise<UseCaseResult> {
  const { transferId, requestId } = parse(SupplementRefSchema, input);
  userOf(ctx);
  const stillOpen = (facts: TransferFacts) =>
    facts.supplements.filter((s) => s.id !== requestId && s.status === "Open").length;
  return run(ctx, transferId, {
    offered: (viewer, facts, now) => {
      if (!facts.supplements.some((s) => s.id === requestId)) throw notFound();
      return supplementActions(viewer, facts, requestId, now).find((a) => a.type === "Cancel");
    },
    useCase: (row, facts) =>
      stillOpen(facts) === 0 && row.status === "AwaitingInfoRequestAnswer" ? "closeInfoRequests" : null,
    patch: (_row, facts) => ({
      awaiting_info_request_answer: stillOpen(facts) > 0 ? 1 : 0,
      action_is_needed: facts.supplements.some((s) => s.answer?.status === "Pending") ? 1 : 0,
    }),
    audit: ({ row, useCase, to }) => ({
      entity: "supplement_request",
      entityId: requestId,
      action: useCase ?? "cancelSupplementRequest",
      before: { status: row.status, request: "Open" },
      after: { status: to, request: "Cancelled" },
    }),
    write: async (trx, _row, at) => {
      const changed = await trx
        .updateTable("supplement_requests")
        .set({ status: "Cancelled", cancelled_at: at })
        .where("id", "=", requestId)
        .where("status", "=", "Open")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw conflict();
    },
  });
}

// ---- Notes ----

/**
 * A note on the viewer's side's panel (Anteckningar or Styrelseanteckningar), when the policy offers AddNote.
 * Notes do not change the transfer, so there is no transition and no new version; the audit log still records
 * who wrote what when.
 */
export async function addNote(ctx: UseCaseContext, input: unknown): Promise<{ noteId: string }> {
  const data = parse(NoteSchema, input);
  const actor = userOf(ctx);
  const noteId = crypto.randomUUID();
  const audience = noteAudienceOf(actor.viewer);
  await run(ctx, data.transferId, {
    offered: (viewer, facts, now) => noteActions(viewer, facts, now).find((a) => a.type === "AddNote"),
    useCase: null,
    changesTransfer: false,
    audit: () => ({ entity: "note", entityId: noteId, action: "addNote", before: null, after: { audience } }),
    write: async (trx, row, at) => {
      await trx
        .insertInto("notes")
        .values({
          id: noteId,
          transfer_id: row.id,
          audience,
          body: data.body,
          created_by_user_id: actor.viewer.id,
          created_by_name: actorName(ctx),
          created_at: at,
        })
        .execute();
    },
  });
  return { noteId };
}
