import type { Db } from "../../db/kysely.server";
import { parseJsonList } from "../../db/json-columns.server";
import type { TransferRow } from "../../db/schema.server";
import type {
  AnswerStatus,
  CheckResult,
  CreditCheckStatus,
  DocumentCategory,
  DocumentStatus,
  InitiatorRole,
  MembershipDecisionValue,
  MessageRole,
  PartyKind,
  RunningTask,
  SupplementStatus,
  TransferStatus,
  TransferType,
} from "~/lib/transfer";
import type { IdentifierType } from "~/lib/identifier";
import { isValidPersonnummer } from "~/lib/personnummer";
import type { TransferFacts } from "./facts.server";

/** A stored sign is valid this long (spec 02 §9); an older Pending one blocks nobody (the expiry job ends it). */
export const SIGN_SESSION_VALID_MS = 4 * 60_000;

/** Everything the policies need about one transfer, in a handful of indexed queries. */
export async function loadTransferFacts(
  db: Db,
  transfer: TransferRow,
  now: Date = new Date(),
): Promise<TransferFacts> {
  const id = transfer.id;
  const [
    object,
    parties,
    documents,
    checks,
    supplements,
    answers,
    guarantors,
    changes,
    credit,
    messages,
    sign,
  ] = await Promise.all([
    db
      .selectFrom("property_objects")
      .select("under_maintenance")
      .where("id", "=", transfer.object_id)
      .executeTakeFirst(),
    db
      .selectFrom("transfer_parties")
      .select(["id", "kind", "identifier_type", "identifier_value", "membership_status"])
      .where("transfer_id", "=", id)
      .orderBy("sort_order")
      .execute(),
    db
      .selectFrom("documents")
      .select(["id", "category", "status", "uploaded_by_user_id", "data_erased_at", "supplement_answer_id"])
      .where("transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("automatic_checks")
      .select(["id", "type", "result"])
      .where("transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("supplement_requests")
      .select(["id", "status", "category", "forwarded", "created_by_user_id"])
      .where("transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("supplement_answers")
      .innerJoin("supplement_requests", "supplement_requests.id", "supplement_answers.request_id")
      .leftJoin("documents", "documents.id", "supplement_answers.document_id")
      .select([
        "supplement_answers.id",
        "supplement_answers.request_id",
        "supplement_answers.status",
        "documents.status as document_status",
        "documents.data_erased_at as document_erased_at",
      ])
      .where("supplement_requests.transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("supplement_answer_guarantors")
      .innerJoin("supplement_answers", "supplement_answers.id", "supplement_answer_guarantors.answer_id")
      .innerJoin("supplement_requests", "supplement_requests.id", "supplement_answers.request_id")
      .select([
        "supplement_answer_guarantors.answer_id",
        "supplement_answer_guarantors.identifier_value",
        "supplement_answer_guarantors.first_name",
        "supplement_answer_guarantors.last_name",
      ])
      .where("supplement_requests.transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("change_requests")
      .select(["id", "created_by_user_id", "decision"])
      .where("transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("credit_check_orders")
      .select(["id", "party_id", "identifier_value", "status", "data_erased_at"])
      .where("transfer_id", "=", id)
      .execute(),
    db
      .selectFrom("messages")
      .select(["id", "recipient", "sent_by_role", "sent_by_user_id", "resolved"])
      .where("transfer_id", "=", id)
      .where("parent_id", "is", null)
      .execute(),
    db
      .selectFrom("sign_sessions")
      .select(["user_id", "decision"])
      .where("transfer_id", "=", id)
      .where("status", "=", "Pending")
      .where("started_at", ">", new Date(now.getTime() - SIGN_SESSION_VALID_MS).toISOString())
      .orderBy("started_at", "desc")
      .executeTakeFirst(),
  ]);

  return {
    id,
    status: transfer.status as TransferStatus,
    transferType: transfer.transfer_type as TransferType,
    initiatorRole: transfer.initiator_role as InitiatorRole,
    tenantId: transfer.tenant_id,
    associationId: transfer.association_id,
    createdByUserId: transfer.created_by_user_id,
    hasIntermediaryEmail: (transfer.intermediary_email ?? "").trim() !== "",
    saleStopped: transfer.sale_status === "Stopped",
    underInvestigationSince: transfer.under_investigation_since,
    partsNotified: transfer.parts_notified === 1,
    expired: transfer.expired === 1,
    aborting: transfer.aborting === 1,
    runningTasks: parseJsonList(transfer.running_tasks) as RunningTask[],
    propertyManagerUnderMaintenance: object?.under_maintenance === 1,
    entryDate: transfer.entry_date,
    membershipDecision:
      transfer.membership_decision && transfer.membership_decision_date
        ? {
            decision: transfer.membership_decision as MembershipDecisionValue,
            date: transfer.membership_decision_date,
          }
        : null,
    unresolvedMessages: transfer.unresolved_messages,
    parties: parties.map((p) => ({
      id: p.id,
      kind: p.kind as PartyKind,
      identifierType: p.identifier_type as IdentifierType,
      identifierValue: p.identifier_value,
      membershipStatus: p.membership_status,
    })),
    documents: documents.map((d) => ({
      id: d.id,
      category: d.category as DocumentCategory,
      status: d.status as DocumentStatus,
      uploadedByUserId: d.uploaded_by_user_id,
      dataErasedAt: d.data_erased_at,
      supplementAnswerId: d.supplement_answer_id,
    })),
    checks: checks.map((c) => ({ id: c.id, type: c.type, result: c.result as CheckResult })),
    supplements: supplements.map((s) => {
      const answer = answers.find((a) => a.request_id === s.id);
      const own = answer ? guarantors.filter((g) => g.answer_id === answer.id) : [];
      return {
        id: s.id,
        status: s.status as SupplementStatus,
        category: s.category as DocumentCategory,
        forwarded: s.forwarded === 1,
        createdByUserId: s.created_by_user_id,
        answer: answer
          ? {
              id: answer.id,
              status: answer.status as AnswerStatus,
              hasVerifiedDocument:
                answer.document_status === "UploadVerified" && answer.document_erased_at === null,
              guarantorCount: own.length,
              guarantorsValid: own.every(
                (g) =>
                  isValidPersonnummer(g.identifier_value) &&
                  g.first_name.trim() !== "" &&
                  g.last_name.trim() !== "",
              ),
            }
          : null,
      };
    }),
    changeRequests: changes.map((c) => ({
      id: c.id,
      createdByUserId: c.created_by_user_id,
      decision: (c.decision as "Accepted" | "Rejected" | null) ?? null,
    })),
    creditChecks: credit.map((c) => ({
      id: c.id,
      partyId: c.party_id,
      identifierValue: c.identifier_value,
      status: c.status as CreditCheckStatus,
      dataErasedAt: c.data_erased_at,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      recipient: (m.recipient as MessageRole | null) ?? null,
      sentByRole: m.sent_by_role as MessageRole,
      sentByUserId: m.sent_by_user_id,
      resolved: m.resolved === 1,
    })),
    pendingSignSession: sign ? { userId: sign.user_id, decision: sign.decision } : null,
  };
}
