import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import { DomainError, notFound } from "../core/errors.server";
import type { SupplementFacts, TransferFacts, Viewer } from "../transfers/facts.server";
import { answerActions, supplementActions } from "./policies.server";

/**
 * A request and its answer as the answer's use cases find them: the request on the transfer, whether it is still
 * open, the draft answer and its document, and the claim that hands a pending answer.
 *
 * Every change goes through the transfer pipeline (`run`): scope, the offered action of the policies, one
 * transaction, an audit row. Answers move by conditional updates on their status, so of two accepts exactly one
 * wins and the other is a Conflict.
 */

export function requestOf(facts: TransferFacts, requestId: string): SupplementFacts {
  const request = facts.supplements.find((s) => s.id === requestId);
  if (!request) throw notFound();
  return request;
}

/** Refused: the request is answered or cancelled (spec 02 §8 'Komplettering är besvarad eller avbruten'). */
export const notPending = () => new DomainError("Conflict", "supplements.notPending");
/** Refused: the answer was accepted or rejected already. */
const alreadyHandled = () => new DomainError("Conflict", "supplements.answerHandled");

/** The answering party's offered Answer action, after the request is known to be open. */
export function answerOffered(requestId: string) {
  return (viewer: Viewer, facts: TransferFacts, now: Date) => {
    const request = requestOf(facts, requestId);
    if (request.status !== "Open") throw notPending();
    if (request.answer && request.answer.status !== "Draft") throw notPending();
    return supplementActions(viewer, facts, requestId, now).find((a) => a.type === "Answer");
  };
}

/** The request's draft answer, made when the first part of it arrives. */
export async function draftAnswerOf(trx: Db, requestId: string, at: string) {
  const existing = await trx
    .selectFrom("supplement_answers")
    .selectAll()
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  if (existing) {
    if (existing.status !== "Draft") throw notPending();
    return existing;
  }
  const id = crypto.randomUUID();
  await trx
    .insertInto("supplement_answers")
    .values({ id, request_id: requestId, status: "Draft", document_id: null, created_at: at })
    .execute();
  return trx.selectFrom("supplement_answers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The answer's document, when its row still exists (a refused upload removes it). */
export async function answerDocumentOf(trx: Db, answer: { id: string; document_id: string | null }) {
  if (!answer.document_id) return null;
  return (
    (await trx
      .selectFrom("documents")
      .selectAll()
      .where("id", "=", answer.document_id)
      .where("supplement_answer_id", "=", answer.id)
      .executeTakeFirst()) ?? null
  );
}

/** The handling party's offered Handle action, after the answer is known to be pending. */
export function handleOffered(requestId: string) {
  return (viewer: Viewer, facts: TransferFacts, now: Date) => {
    const request = requestOf(facts, requestId);
    if (!request.answer || request.answer.status === "Draft") throw notPending();
    if (request.answer.status !== "Pending") throw alreadyHandled();
    return answerActions(viewer, facts, requestId, now).find((a) => a.type === "Handle");
  };
}

/** Marks the pending answer handled; of two concurrent handlings exactly one changes the row. */
export async function claimAnswer(
  trx: Db,
  requestId: string,
  to: "Accepted" | "Rejected",
  by: { name: string; userId: string },
  at: string,
  reason: string | null,
) {
  const claimed = await trx
    .updateTable("supplement_answers")
    .set({
      status: to,
      handled_by: by.name,
      handled_by_user_id: by.userId,
      handled_at: at,
      reject_reason: reason,
    })
    .where("request_id", "=", requestId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw alreadyHandled();
  return trx
    .selectFrom("supplement_answers")
    .selectAll()
    .where("request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

/** 1 while another request's answer waits to be handled: the transfer still needs action. */
export const otherPending = (facts: TransferFacts, requestId: string) =>
  facts.supplements.some((s) => s.id !== requestId && s.answer?.status === "Pending") ? 1 : 0;
