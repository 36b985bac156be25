import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import { approveMembershipSchema, rejectMembershipSchema } from "~/schemas/transfer";
import { actorName, actorUserId, type UseCaseContext } from "../core/context.server";
import { conflict, invalid } from "../core/errors.server";
import { event } from "../core/events.server";
import type { TransferPatch } from "../core/hooks.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { transferAction } from "../transfers/policies.server";

/**
 * The membership decision (spec 02 §9): approved or rejected by a board member after signing with BankID, or
 * announced by a property manager on the association's behalf. The decision ends every signing in progress.
 */

/**
 * What a BankID signing leaves behind for audit (decision 028): the completed sign session (set complete in the
 * decision's own transaction, so of two collectors only one records), BankID's signature and OCSP answer, the
 * signed text and who signed. An announced decision's file becomes its document.
 */
export interface DecisionEvidence {
  signSessionId: string;
  signedText: string;
  userNonVisibleData: string;
  signature: string;
  ocspResponse: string;
  orderRef: string;
  signerPersonalNumber: string;
  signerName: string;
  signedAt: string;
}

/** How a decision is recorded beyond its input: BankID's evidence, and an announced decision's file. */
export interface DecisionRecord {
  evidence?: DecisionEvidence;
  /** Stores the decision file as the transfer's document, in the decision's transaction; answers its id. */
  document?: (trx: Db, row: TransferRow, at: string) => Promise<string>;
}

function decisionWriter(
  ctx: UseCaseContext,
  decision: "Approved" | "Rejected",
  input: { decisionDate: string; signDevice: string; reason?: string; acquirerIds?: string[] },
  record: DecisionRecord = {},
) {
  const { evidence } = record;
  return async (trx: Db, row: TransferRow, at: string) => {
    if (evidence) {
      const claimed = await trx
        .updateTable("sign_sessions")
        .set({ status: "complete", hint_code: null, finished_at: at })
        .where("id", "=", evidence.signSessionId)
        .where("transfer_id", "=", row.id)
        .where("status", "=", "Pending")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict();
    }
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
        document_id: record.document ? await record.document(trx, row, at) : null,
        created_at: at,
        acquirer_ids: input.acquirerIds ? JSON.stringify(input.acquirerIds) : null,
        sign_session_id: evidence?.signSessionId ?? null,
        signed_text: evidence?.signedText ?? null,
        user_non_visible_data: evidence?.userNonVisibleData ?? null,
        signature: evidence?.signature ?? null,
        ocsp_response: evidence?.ocspResponse ?? null,
        bankid_order_ref: evidence?.orderRef ?? null,
        signer_personal_number: evidence?.signerPersonalNumber ?? null,
        signer_name: evidence?.signerName ?? null,
        signed_at: evidence?.signedAt ?? null,
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
export async function approveMembership(ctx: UseCaseContext, input: unknown, record?: DecisionRecord) {
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
    offered: transferAction("ApproveMembership"),
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
    write: decisionWriter(ctx, "Approved", data, record),
    events: (row) => [event(row.id, "membershipApproved", { transferId: row.id })],
  });
}

export async function rejectMembership(ctx: UseCaseContext, input: unknown, record?: DecisionRecord) {
  const now = ctx.now ?? new Date();
  const data = parse(rejectMembershipSchema(now), input);
  return run(ctx, data.transferId, {
    useCase: "rejectMembership",
    offered: transferAction("RejectMembership"),
    expectedVersion: data.version,
    patch: () => ({
      membership_decision: "Rejected",
      membership_decision_date: data.decisionDate,
      ...finalizedBy(ctx, now.toISOString()),
    }),
    write: decisionWriter(ctx, "Rejected", data, record),
    events: (row) => [event(row.id, "membershipRejected", { transferId: row.id })],
  });
}
