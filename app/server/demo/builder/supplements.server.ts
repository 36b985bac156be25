import { demoUser } from "../users.server";
import { addMinutes } from "./clock.server";
import { addDocument } from "./documents.server";
import type { SupplementInput } from "./inputs.server";
import type { PartyRef, TransferBuilder } from "./transfer.server";

/** Supplement requests and their answers. */

function answererName(b: TransferBuilder): string {
  const { t } = b;
  if (t.broker) return `${t.broker.first} ${t.broker.last}`;
  const id = b.applicant ?? b.fail("nobody to answer a supplement");
  return demoUser(id).name;
}

export function supplements(b: TransferBuilder): void {
  const { t } = b;
  (t.supplements ?? []).forEach((s, i) => {
    const id = `${t.id}-sr${i + 1}`;
    const requestedAt = b.at(s.at);
    const target = s.person ? b.party(s.person) : null;
    b.rows.supplementRequests.push({
      id,
      transfer_id: t.id,
      category: s.category,
      message: s.message,
      person_id: target?.id ?? null,
      person_type: s.personType,
      initiator_role: t.initiator,
      forwarded: s.forwarded ? 1 : 0,
      status: s.status,
      created_by_user_id: s.by,
      created_by_name: demoUser(s.by).name,
      created_at: requestedAt,
      cancelled_at: s.cancelledAt ? b.at(s.cancelledAt) : null,
    });
    if (s.answer) addAnswer(b, s, s.answer, id, `${t.id}-sa${i + 1}`, requestedAt, target);
  });
  const open = (t.supplements ?? []).some((s) => s.status === "Open");
  if (open !== (t.status === "AwaitingInfoRequestAnswer")) {
    b.fail("AwaitingInfoRequestAnswer exactly while a supplement request is open");
  }
}

function addAnswer(
  b: TransferBuilder,
  request: SupplementInput,
  answer: NonNullable<SupplementInput["answer"]>,
  requestId: string,
  answerId: string,
  requestedAt: string,
  target: PartyRef | null,
): void {
  const answeredAt = answer.answeredAt ? b.at(answer.answeredAt) : null;
  if ((answeredAt === null) !== (answer.status === "Draft"))
    b.fail("only a draft answer lacks an answer time");
  const documentId = answer.document
    ? addDocument(b, request.category, addMinutes(answeredAt ?? requestedAt, -5), {
        belongsTo: target?.id,
        answerId,
        person: target?.who,
        guarantors: answer.guarantors,
        uploadedBy: b.applicant,
      })
    : null;
  b.rows.supplementAnswers.push({
    id: answerId,
    request_id: requestId,
    status: answer.status,
    document_id: documentId,
    answered_by: answeredAt ? answererName(b) : null,
    answered_at: answeredAt,
    handled_by: answer.handled ? demoUser(answer.handled.by).name : null,
    handled_by_user_id: answer.handled?.by ?? null,
    handled_at: answer.handled ? b.at(answer.handled.at) : null,
    reject_reason: answer.handled?.rejectReason ?? null,
    created_at: answeredAt ?? addMinutes(requestedAt, 90),
  });
  (answer.guarantors ?? []).forEach((g, k) =>
    b.rows.answerGuarantors.push({
      id: `${answerId}-g${k + 1}`,
      answer_id: answerId,
      identifier_value: g.identifier,
      first_name: g.first,
      last_name: g.last,
      email: g.email,
      phone: g.phone,
      sort_order: k,
    }),
  );
}
