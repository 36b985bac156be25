import crypto from "node:crypto";
import type { Updateable } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { TransferRow, TransfersTable } from "../../db/schema.server";
import type { TransferStatus } from "~/lib/transfer";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import {
  isReviewStatus,
  nextStatus,
  previousReviewStatusAfter,
  TransitionError,
  type UseCase,
} from "../transfers/lifecycle.server";
import { loadTransferFacts } from "../transfers/load.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { actorUserId, type UseCaseContext } from "./context.server";
import { conflict, invalidTransition, notFound } from "./errors.server";
import type { PublishedEvent } from "./events.server";
import type { TransferChange, TransferHook, TransferPatch, TransferSignal } from "./hooks.server";
import { permit, type PolicyAction } from "./policy.server";

/**
 * The use-case pipeline (decisions 008 and 033): every change of a transfer runs through `run`. In one
 * transaction it reads the transfer through the viewer's scope (a transfer outside it is NotFound), checks the
 * offered action with the same policy the page used, asks the transition table for the next status (unless the
 * step has no transition: a note, a cancelled supplement request while others stay open), writes the change with
 * a conditional update on `version` (so that of two concurrent changes exactly one wins), an audit row, the
 * step's own rows and the hooks of the signals it raised. After the commit it publishes the live events.
 */

export interface UseCaseResult {
  transferId: string;
  status: TransferStatus;
  version: number;
  events: PublishedEvent[];
}

/** An offered action of a policy for this viewer, or undefined when it is not offered at all. */
export type PolicyCheck = (
  viewer: Viewer,
  facts: TransferFacts,
  now: Date,
) => PolicyAction<unknown> | null | undefined;

/** What a step did to the transfer, for its audit row. */
export interface Change {
  row: TransferRow;
  /** The transition that ran, or null when the status stayed. */
  useCase: UseCase | null;
  from: TransferStatus;
  to: TransferStatus;
}

/** An audit row's own part; the transfer, the user and the time are the pipeline's. */
export interface AuditRecord {
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
}

interface StepBase {
  /** The offered action of the policy that must be enabled for a user to run this; jobs skip it. */
  offered?: PolicyCheck;
  expectedVersion?: number;
  /**
   * false when the transfer row itself does not change (a note; such a step has no transition either): no
   * version step, no modified_at, no hooks. The row is still read through the scope and the policy is still asked.
   */
  changesTransfer?: boolean;
  patch?: (row: TransferRow, facts: TransferFacts) => TransferPatch;
  /** Further writes in the same transaction (rows of other tables). */
  write?: (trx: Db, row: TransferRow, at: string) => Promise<void>;
  events?: (row: TransferRow, status: TransferStatus) => PublishedEvent[];
  /** Signals for the features that react (hooks.server), besides `transferChanged`. */
  signals?: readonly TransferSignal[];
}

/**
 * A use case's step through the pipeline. `useCase` is the transition the table is asked for; null when the
 * status stays, or a function that decides from the transfer (null: no transition this time). A step that may
 * run without a transition names its own audit row; with one, the audit row by default records the transfer's
 * changed fields under the use case's name.
 */
export type Step = StepBase &
  (
    | { useCase: UseCase; audit?: (change: Change) => AuditRecord }
    | {
        useCase: null | ((row: TransferRow, facts: TransferFacts) => UseCase | null);
        audit: (change: Change) => AuditRecord;
      }
  );

/** One row of the audit log: who changed what of a transfer, when, and the changed fields before and after. */
function audit(trx: Db, entry: AuditRecord & { transferId: string; userId: string | null; at: string }) {
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

/** The transfer's row as this actor may read it: a user through their scope, the system by id. */
export async function readTransfer(
  db: Db,
  actor: UseCaseContext["actor"],
  transferId: string,
): Promise<TransferRow | null> {
  if (actor !== "system") return findScopedTransfer(db, actor.viewer, transferId);
  return (
    (await db.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst()) ?? null
  );
}

export async function run(ctx: UseCaseContext, transferId: string, step: Step): Promise<UseCaseResult> {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const changesTransfer = step.changesTransfer ?? true;
  const signals = new Set<TransferSignal>(step.signals);
  if (changesTransfer) signals.add("transferChanged");
  const hooks: readonly TransferHook[] = ctx.hooks.filter((hook) => signals.has(hook.signal));

  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await readTransfer(trx, ctx.actor, transferId);
    if (!row) throw notFound();
    if (step.expectedVersion !== undefined && step.expectedVersion !== row.version) throw conflict();

    const facts = await loadTransferFacts(trx, row, now);
    if (ctx.actor !== "system" && step.offered) permit(step.offered(ctx.actor.viewer, facts, now));

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
        ...Object.assign({}, ...hooks.map((hook) => hook.patch?.(row) ?? {})),
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
    const reaction: TransferChange = { row, status: to, transition };
    for (const hook of hooks) await hook.write?.(ctx, trx, reaction, at);
    return { row, to, version: changesTransfer ? row.version + 1 : row.version };
  });

  for (const hook of hooks) hook.committed?.();
  const events = [
    ...(step.events?.(result.row, result.to) ?? []),
    ...hooks.flatMap((hook) => hook.events?.(result.row) ?? []),
  ];
  if (ctx.live) {
    for (const e of events) await ctx.live.publish(e.group, e.event, e.payload as never);
  }
  return { transferId, status: result.to, version: result.version, events };
}
