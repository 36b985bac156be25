import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests";
import * as descriptionsRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.descriptions";
import * as oneRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId";
import * as cancelRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.cancel";
import * as forwardRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.forward";
import * as answersRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.answers";
import * as submitRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.answers.submit";
import * as acceptRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.answers.accept";
import * as rejectRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.answers.reject";
import * as guarantorsRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.answers.guarantors";
import * as documentRoute from "~/routes/api.core.transfers.$id.additionalinformationrequests.$requestId.answers.document";
import * as tab from "~/routes/transfers.$id.additionals";
import * as privateTab from "~/routes/transfers.private.$id.additionals";
import type { Db } from "~/server/db/kysely.server";
import { getDb } from "~/server/db/db.server";
import { acceptAnswer } from "~/server/domain/supplements/accept.server";
import { answerIsValid, submitAnswer } from "~/server/domain/supplements/submit.server";
import { createAnswerDocument } from "~/server/domain/supplements/answer-document.server";
import { createSupplementRequest } from "~/server/domain/supplements/create-request.server";
import { guarantorErrors, setAnswerGuarantors } from "~/server/domain/supplements/guarantors.server";
import { rejectAnswer } from "~/server/domain/supplements/reject.server";
import { receiveUpload } from "~/server/domain/documents/uploads.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import type { SupplementFacts } from "~/server/domain/transfers/facts.server";
import { cancelSupplementRequest } from "~/server/domain/supplements/requests.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { listSupplements } from "~/server/domain/supplements/views.server";
import { svT } from "~/server/platform/i18n.server";
import { SupplementViewSchema } from "~/schemas/transfer-views";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { testPdf } from "../support/documents";
import { actorFor, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * Decision 025: supplement requests and answers. The use cases check the policies and the spec's rules (one
 * document, guarantors validated on the server, validToSubmit), e-mail the request through the mail job, apply an
 * accepted answer to the transfer, and let exactly one of two concurrent accepts win; the calls of spec 02 §7 are
 * scoped; the tab's forms work as plain posts.
 */

const context = {};
const ORIGIN = { Origin: "http://localhost:3000" };
const VALID_PN = "19900101-1239";
const ACQUIRER = "sup-acq";
let cookies: Record<"maria" | "erik" | "anders" | "elin", string>;

async function ctxFor(userId: string): Promise<UseCaseContext> {
  const db = getDb();
  return buildUseCaseContext(db, await actorFor(db, userId));
}

/** The test PDF as an upload's body. */
function pdfStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(testPdf));
      controller.close();
    },
  });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error))
      return { code: error.code, key: error.messageKey, fields: error.fieldErrors, status: error.status };
    throw error;
  }
  throw new Error("expected a refusal");
}

function api(path: string, method: string, cookie: string, body?: unknown) {
  return request(path, {
    method,
    cookie,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...ORIGIN },
  });
}

/** A private transfer of Elin's in review, with one acquirer, on the board of Erik and managed by Maria. */
async function privateTransfer(id: string, extra: Record<string, unknown> = {}) {
  await insertTransfer(
    getDb(),
    { id, initiator_role: "PrivateIntermediary", created_by_user_id: "user-elin", ...extra },
    [{ id: `${id}-${ACQUIRER}`, kind: "Acquirer", first_name: "Ronja", last_name: "Vik" }],
  );
}

async function statusOf(db: Db, id: string) {
  return db
    .selectFrom("transfers")
    .select(["status", "awaiting_info_request_answer", "action_is_needed"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function verify(db: Db, documentId: string) {
  await db.updateTable("documents").set({ status: "UploadVerified" }).where("id", "=", documentId).execute();
}

/** A request answered with a verified document (and guarantors for a guarantee), ready to be sent. */
async function draftAnswer(transferId: string, category = "PersonalGuarantee") {
  const maria = await ctxFor("user-maria");
  const elin = await ctxFor("user-elin");
  const { requestId } = await createSupplementRequest(maria, transferId, {
    category,
    message: "Vänligen komplettera.",
    personId: category === "TransferAgreement" ? null : `${transferId}-${ACQUIRER}`,
  });
  const doc = await createAnswerDocument(
    elin,
    { transferId, requestId, fileName: "borgen.pdf" },
    "receiving",
  );
  const received = await receiveUpload(buildUseCaseContext(getDb(), "system"), doc.documentId, pdfStream());
  expect(received.outcome).toBe("pending");
  await verify(getDb(), doc.documentId);
  if (category === "PersonalGuarantee") {
    await setAnswerGuarantors(elin, {
      transferId,
      requestId,
      guarantors: [{ identifier: VALID_PN, firstName: "Gun", lastName: "Borg" }],
    });
  }
  return { requestId, documentId: doc.documentId };
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  for (const id of ["sup-1", "sup-2", "sup-3", "sup-4", "sup-5", "sup-api"]) await privateTransfer(id);
  await privateTransfer("sup-decided", {
    status: "MembershipApproved",
    membership_decision: "Approved",
    membership_decision_date: "2026-11-01",
  });
  await privateTransfer("sup-initiated", { status: "Initiated" });
  cookies = {
    maria: (await signedInSession("user-maria", "stadsbo")).cookie,
    erik: (await signedInSession("user-erik", "styrelse")).cookie,
    anders: (await signedInSession("user-anders", "nordhem")).cookie,
    elin: (await signedInSession("user-elin", "individuals")).cookie,
  };
});

afterAll(() => {
  globalThis.__dbHandle = undefined;
});

describe("validation rules", () => {
  it("validates each guarantor on the server: personal number required and valid, first and last name required", () => {
    const t = svT();
    const texts = (g: { identifier_value: string; first_name: string; last_name: string }) =>
      guarantorErrors(g).map((e) => [e.property, t(e.message)]);
    expect(texts({ identifier_value: "199001011239", first_name: "Gun", last_name: "Borg" })).toEqual([]);
    expect(texts({ identifier_value: "199001011238", first_name: "Gun", last_name: "Borg" })).toEqual([
      ["identifier", "Ogiltigt personnummer, checksiffra stämmer inte vid verifiering."],
    ]);
    expect(texts({ identifier_value: "", first_name: " ", last_name: "" })).toEqual([
      ["identifier", "Personnummer saknas för borgensman"],
      ["firstName", "Förnamn saknas för borgensman"],
      ["lastName", "Efternamn saknas för borgensman"],
    ]);
  });

  it("an answer is valid to submit with a verified document, and for a guarantee with valid guarantors", () => {
    const request = (
      category: SupplementFacts["category"],
      answer: Partial<NonNullable<SupplementFacts["answer"]>> | null,
    ) =>
      ({
        id: "r",
        status: "Open",
        category,
        forwarded: false,
        createdByUserId: "u",
        answer:
          answer === null
            ? null
            : {
                id: "a",
                status: "Draft",
                hasVerifiedDocument: false,
                guarantorCount: 0,
                guarantorsValid: true,
                ...answer,
              },
      }) as SupplementFacts;
    expect(answerIsValid(request("TransferAgreement", null))).toBe(false);
    expect(answerIsValid(request("TransferAgreement", { hasVerifiedDocument: false }))).toBe(false);
    expect(answerIsValid(request("TransferAgreement", { hasVerifiedDocument: true }))).toBe(true);
    expect(answerIsValid(request("PersonalGuarantee", { hasVerifiedDocument: true }))).toBe(false);
    expect(
      answerIsValid(
        request("PersonalGuarantee", {
          hasVerifiedDocument: true,
          guarantorCount: 2,
          guarantorsValid: false,
        }),
      ),
    ).toBe(false);
    expect(
      answerIsValid(
        request("PersonalGuarantee", { hasVerifiedDocument: true, guarantorCount: 1, guarantorsValid: true }),
      ),
    ).toBe(true);
    expect(
      answerIsValid(
        request("PersonalGuarantee", {
          hasVerifiedDocument: false,
          guarantorCount: 1,
          guarantorsValid: true,
        }),
      ),
    ).toBe(false);
  });
});

describe("requests", () => {
  it("creates a request, e-mails the private party through the mail job and waits for the answer", async () => {
    const db = getDb();
    const { requestId } = await createSupplementRequest(await ctxFor("user-maria"), "sup-1", {
      category: "MembershipApplication",
      message: "Vänligen komplettera med en underskriven medlemskapsansökan från Ronja Vik.",
      personId: `sup-1-${ACQUIRER}`,
    });
    expect(await statusOf(db, "sup-1")).toMatchObject({
      status: "AwaitingInfoRequestAnswer",
      awaiting_info_request_answer: 1,
    });
    const job = await db
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", `mail:supplement:${requestId}`)
      .executeTakeFirstOrThrow();
    expect(job.type).toBe("mail.send");
    const mail = JSON.parse(job.payload) as { to: string; subject: string; text: string };
    expect(mail.to).toBe("elin.sandberg@example.se");
    expect(mail.subject).toBe("Komplettering begärd för T-1102-0304");
    expect(mail.text).toContain("medlemskapsansökan från Ronja Vik");
    expect(mail.text).toContain("Logga in i Överlåtelseportalen");
    const views = await listSupplements(
      { db, viewer: (await actorFor(db, "user-maria")).viewer, now: new Date(), t: svT() },
      "sup-1",
    );
    expect(views).toHaveLength(1);
    expect(() => SupplementViewSchema.parse(views![0])).not.toThrow();
    expect(views![0]).toMatchObject({ personType: "Acquirer", name: "Ronja Vik", status: "Open" });
  });

  it("refuses a person not on the transfer, a missing person, an unknown type, and any supplement after the decision", async () => {
    const maria = await ctxFor("user-maria");
    const t = svT();
    const other = await refusal(
      createSupplementRequest(maria, "sup-2", {
        category: "PersonalGuarantee",
        message: "Borgen tack.",
        personId: `sup-1-${ACQUIRER}`,
      }),
    );
    expect(other.status).toBe(400);
    expect(t(`domain:${other.fields.personId![0]}`)).toBe(
      "Dokument är inte uppladdat, eller borgenärsinformation är ofullständig",
    );
    const missing = await refusal(
      createSupplementRequest(maria, "sup-2", { category: "PersonalGuarantee", message: "Borgen tack." }),
    );
    expect(missing.fields.personId).toEqual(["supplements.personRequired"]);
    // `Övrigt` sent as its template stands asks for nothing.
    const bare = await refusal(
      createSupplementRequest(maria, "sup-2", {
        category: "Other",
        message: "Vänligen komplettera med följande gällande Ronja Vik: ",
        personId: `sup-2-${ACQUIRER}`,
      }),
    );
    expect(bare.status).toBe(400);
    expect(t(`domain:${bare.fields.message![0]}`)).toBe("Skriv vad som ska kompletteras");
    const unknown = await refusal(
      createSupplementRequest(maria, "sup-2", { category: "Nonsense", message: "Hej" }),
    );
    expect(unknown.status).toBe(400);
    const decided = await refusal(
      createSupplementRequest(maria, "sup-decided", {
        category: "TransferAgreement",
        message: "Avtalet tack.",
      }),
    );
    expect(decided.status).toBe(403);
    expect(t(`policy:${decided.key}`)).toBe(
      "Det går inte att inkomma med kompletteringar efter styrelsens beslut",
    );
    expect(await statusOf(getDb(), "sup-2")).toMatchObject({ status: "TransferReviewInProgress" });
  });
});

describe("answers", () => {
  it("takes one document at a time, validates guarantors, sends only a valid answer, and the board accepts it", async () => {
    const db = getDb();
    const maria = await ctxFor("user-maria");
    const elin = await ctxFor("user-elin");
    const { requestId } = await createSupplementRequest(maria, "sup-3", {
      category: "PersonalGuarantee",
      message: "Borgen för Ronja Vik.",
      personId: `sup-3-${ACQUIRER}`,
    });
    // A verified guarantee already on the transfer, which the answer will replace (archived).
    await db
      .insertInto("documents")
      .values({
        id: "sup-3-old",
        transfer_id: "sup-3",
        file_name: "gammal.pdf",
        category: "PersonalGuarantee",
        status: "UploadVerified",
        document_type: "pdf",
        created_at: "2026-10-01T08:00:00.000Z",
      })
      .execute();
    // The manager cannot answer; the private party can.
    expect(
      (
        await refusal(
          createAnswerDocument(maria, { transferId: "sup-3", requestId, fileName: "x.pdf" }, "receiving"),
        )
      ).status,
    ).toBe(403);
    const doc = await createAnswerDocument(
      elin,
      { transferId: "sup-3", requestId, fileName: "borgen.pdf" },
      "receiving",
    );
    await receiveUpload(buildUseCaseContext(db, "system"), doc.documentId, pdfStream());
    const second = await refusal(
      createAnswerDocument(elin, { transferId: "sup-3", requestId, fileName: "annan.pdf" }, "receiving"),
    );
    expect(svT()(`domain:${second.fields.file![0]}`)).toBe(
      "Det går endast att komplettera med ett dokument åt gången.",
    );

    await setAnswerGuarantors(elin, {
      transferId: "sup-3",
      requestId,
      guarantors: [
        { identifier: "19900101-1238", firstName: "", lastName: "" },
        { identifier: VALID_PN, firstName: "Gun", lastName: "Borg" },
      ],
    });
    const elinView = {
      db,
      viewer: elin.actor === "system" ? null! : elin.actor.viewer,
      now: new Date(),
      t: svT(),
    };
    let view = (await listSupplements(elinView, "sup-3"))!.find((s) => s.id === requestId)!;
    expect(view.answer!.guarantors.map((g) => g.validationResult.errors.map((e) => e.message))).toEqual([
      [
        "Ogiltigt personnummer, checksiffra stämmer inte vid verifiering.",
        "Förnamn saknas för borgensman",
        "Efternamn saknas för borgensman",
      ],
      [],
    ]);
    expect(view.validToSubmit).toBe(false);
    // Not verified yet and a guarantor invalid: not sent.
    const early = await refusal(submitAnswer(elin, { transferId: "sup-3", requestId }));
    expect(svT()(`domain:${early.fields[""]![0]}`)).toBe(
      "Dokument är inte uppladdat, eller borgenärsinformation är ofullständig",
    );
    await verify(db, doc.documentId);
    // Removing every guarantor resets to one empty guarantor keeping the first one's id.
    const firstId = view.answer!.guarantors[0]!.id;
    await setAnswerGuarantors(elin, { transferId: "sup-3", requestId, guarantors: [] });
    view = (await listSupplements(elinView, "sup-3"))!.find((s) => s.id === requestId)!;
    expect(view.answer!.guarantors).toHaveLength(1);
    expect(view.answer!.guarantors[0]).toMatchObject({ id: firstId, firstName: "", lastName: "" });
    await setAnswerGuarantors(elin, {
      transferId: "sup-3",
      requestId,
      guarantors: [{ id: firstId, identifier: VALID_PN, firstName: "Gun", lastName: "Borg" }],
    });
    view = (await listSupplements(elinView, "sup-3"))!.find((s) => s.id === requestId)!;
    expect(view.validToSubmit).toBe(true);
    expect(view.answer!.guarantors[0]!.identifier.value).toBe("199001011239");

    await submitAnswer(elin, { transferId: "sup-3", requestId });
    expect(await statusOf(db, "sup-3")).toMatchObject({
      status: "TransferReviewInProgress",
      awaiting_info_request_answer: 0,
      action_is_needed: 1,
    });
    // Sent: no further changes by the answering party.
    const late = await refusal(setAnswerGuarantors(elin, { transferId: "sup-3", requestId, guarantors: [] }));
    expect(svT()(`domain:${late.key}`)).toBe("Komplettering är besvarad eller avbruten");

    const erik = await ctxFor("user-erik");
    const erikView = { db, viewer: (await actorFor(db, "user-erik")).viewer, now: new Date(), t: svT() };
    view = (await listSupplements(erikView, "sup-3"))!.find((s) => s.id === requestId)!;
    expect(view.answer).toMatchObject({ status: "Pending", hasConflictingDocument: true });
    expect(view.answer!.actions).toEqual([{ type: "Handle", disabled: false, disabledReason: null }]);
    await db
      .insertInto("automatic_checks")
      .values({
        id: "sup-3-check",
        transfer_id: "sup-3",
        type: "NoGuarantor",
        result: "Valid",
        created_at: "2026-10-02T08:00:00.000Z",
      })
      .execute();
    await acceptAnswer(erik, { transferId: "sup-3", requestId });

    const documents = await db
      .selectFrom("documents")
      .selectAll()
      .where("transfer_id", "=", "sup-3")
      .execute();
    expect(documents.find((d) => d.id === doc.documentId)).toMatchObject({
      supplement_answer_id: null,
      archived_at: null,
    });
    expect(documents.find((d) => d.id === "sup-3-old")!.archived_at).not.toBeNull();
    const guarantors = await db
      .selectFrom("transfer_parties")
      .selectAll()
      .where("transfer_id", "=", "sup-3")
      .where("kind", "=", "Guarantor")
      .execute();
    expect(guarantors.map((g) => [g.identifier_value, g.first_name, g.last_name])).toEqual([
      ["199001011239", "Gun", "Borg"],
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("transfer_id", "=", "sup-3")
      .where("action", "=", "supplement.apply")
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe("user-erik");
    expect(JSON.parse(audit.after!)).toMatchObject({
      document: { added: doc.documentId, archived: ["sup-3-old"] },
      guarantors: { kept: [], removed: [] },
    });
    const review = await db
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "transfer.automaticReview")
      .where("transfer_id", "=", "sup-3")
      .executeTakeFirst();
    expect(review).toBeDefined();
    expect(await statusOf(db, "sup-3")).toMatchObject({ action_is_needed: 0 });
    // Accepted: no second handling and no further answer.
    const again = await refusal(acceptAnswer(maria, { transferId: "sup-3", requestId }));
    expect(svT()(`domain:${again.key}`)).toBe("Svaret på kompletteringen är redan hanterat");
    const answerAgain = await refusal(
      createAnswerDocument(elin, { transferId: "sup-3", requestId, fileName: "ny.pdf" }, "receiving"),
    );
    expect(svT()(`domain:${answerAgain.key}`)).toBe("Komplettering är besvarad eller avbruten");
  });

  it("lets exactly one of two concurrent accepts win", async () => {
    const { requestId } = await draftAnswer("sup-4");
    await submitAnswer(await ctxFor("user-elin"), { transferId: "sup-4", requestId });
    const [maria, erik] = [await ctxFor("user-maria"), await ctxFor("user-erik")];
    const results = await Promise.allSettled([
      acceptAnswer(maria, { transferId: "sup-4", requestId }),
      acceptAnswer(erik, { transferId: "sup-4", requestId }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(isDomainError(lost.reason) && lost.reason.status).toBe(409);
    const audits = await getDb()
      .selectFrom("audit_log")
      .select("id")
      .where("transfer_id", "=", "sup-4")
      .where("action", "=", "supplement.accept")
      .execute();
    expect(audits).toHaveLength(1);
  });

  it("rejects with a reason, and refuses an answer to a cancelled request", async () => {
    const db = getDb();
    const elin = await ctxFor("user-elin");
    const maria = await ctxFor("user-maria");
    const { requestId } = await draftAnswer("sup-5", "TransferAgreement");
    await submitAnswer(elin, { transferId: "sup-5", requestId });
    const empty = await refusal(rejectAnswer(maria, { transferId: "sup-5", requestId, reason: "  " }));
    expect(svT()(empty.fields.reason![0]!)).toBe("Ange orsak");
    await rejectAnswer(maria, { transferId: "sup-5", requestId, reason: "Avtalet saknar underskrift." });
    const view = (await listSupplements(
      { db, viewer: (elin.actor as Exclude<typeof elin.actor, "system">).viewer, now: new Date(), t: svT() },
      "sup-5",
    ))!.find((s) => s.id === requestId)!;
    expect(view.answer).toMatchObject({ status: "Rejected", rejectReason: "Avtalet saknar underskrift." });
    // A rejected answer hides the upload: the answering party is offered nothing more.
    expect(view.actions).toEqual([]);

    const { requestId: open } = await createSupplementRequest(maria, "sup-5", {
      category: "TransferAgreement",
      message: "Nytt avtal tack.",
    });
    await cancelSupplementRequest(maria, { transferId: "sup-5", requestId: open });
    const cancelled = await refusal(
      createAnswerDocument(elin, { transferId: "sup-5", requestId: open, fileName: "a.pdf" }, "receiving"),
    );
    expect(cancelled.status).toBe(409);
    expect(svT()(`domain:${cancelled.key}`)).toBe("Komplettering är besvarad eller avbruten");
  });
});

describe("the calls of spec 02 §7", () => {
  const base = "/api/core/transfers/sup-api/additionalinformationrequests";
  const params = (extra: Record<string, string> = {}) => ({ id: "sup-api", ...extra });

  it("are scoped: out of scope is 404, the request of another transfer is 404", async () => {
    const list = async (cookie: string) =>
      answered(listRoute.loader({ request: api(base, "GET", cookie), params: params(), context }));
    expect((await list(cookies.anders)).status).toBe(404);
    expect((await list(cookies.maria)).status).toBe(200);
    expect((await list(cookies.elin)).status).toBe(200);
    const descriptions = async (cookie: string) =>
      answered(
        descriptionsRoute.loader({
          request: api(`${base}/descriptions`, "GET", cookie),
          params: params(),
          context,
        }),
      );
    expect((await descriptions(cookies.anders)).status).toBe(404);
    // The private party answers; asking is for the manager and the board.
    expect((await descriptions(cookies.elin)).status).toBe(404);
    const described = await descriptions(cookies.erik);
    expect(described.status).toBe(200);
    const body = (await described.json()) as {
      descriptions: Array<{ category: string; template: string; personTypes: string[] }>;
      emailHeader: string;
      emailFooter: string;
    };
    expect(body.descriptions.find((d) => d.category === "PersonalGuarantee")).toMatchObject({
      personTypes: ["Acquirer"],
      template: expect.stringContaining("{fullName}"),
    });
    expect(body.emailHeader).toContain("T-1102-0304");
    expect(body.emailFooter).toContain("Logga in i Överlåtelseportalen");
  });

  it("create, read, forward, answer, submit, accept and cancel, each with Swedish refusals", async () => {
    const created = await answered(
      listRoute.action({
        request: api(base, "POST", cookies.maria, {
          category: "PersonalGuarantee",
          message: "Borgen tack.",
          personId: `sup-api-${ACQUIRER}`,
          personType: "Acquirer",
        }),
        params: params(),
        context,
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const bad = await answered(
      listRoute.action({
        request: api(base, "POST", cookies.maria, { category: "PersonalGuarantee" }),
        params: params(),
        context,
      }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Ange meddelande");
    const one = await answered(
      oneRoute.loader({
        request: api(`${base}/${id}`, "GET", cookies.erik),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(one.status).toBe(200);
    expect(
      (
        await answered(
          oneRoute.loader({
            request: api(`${base}/${id}`, "GET", cookies.anders),
            params: params({ requestId: id }),
            context,
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await answered(
          oneRoute.loader({
            request: api(
              `/api/core/transfers/sup-1/additionalinformationrequests/${id}`,
              "GET",
              cookies.maria,
            ),
            params: { id: "sup-1", requestId: id },
            context,
          }),
        )
      ).status,
    ).toBe(404);

    const forward = (method: string, cookie: string) =>
      answered(
        forwardRoute.action({
          request: api(`${base}/${id}/forward`, method, cookie),
          params: params({ requestId: id }),
          context,
        }),
      );
    expect((await forward("PUT", cookies.maria)).status).toBe(200);
    expect(
      (
        (await (
          await answered(
            oneRoute.loader({
              request: api(`${base}/${id}`, "GET", cookies.maria),
              params: params({ requestId: id }),
              context,
            }),
          )
        ).json()) as { forwarded: boolean }
      ).forwarded,
    ).toBe(true);
    expect((await forward("DELETE", cookies.maria)).status).toBe(200);
    expect((await forward("PUT", cookies.elin)).status).toBe(403);

    const doc = await answered(
      documentRoute.action({
        request: api(`${base}/${id}/answers/document`, "POST", cookies.elin, { fileName: "borgen.pdf" }),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(doc.status).toBe(201);
    const { id: documentId, uploadUrl } = (await doc.json()) as { id: string; uploadUrl: string };
    expect(uploadUrl).toContain(`/api/uploads/${documentId}`);
    const twice = await answered(
      documentRoute.action({
        request: api(`${base}/${id}/answers/document`, "POST", cookies.elin, { fileName: "igen.pdf" }),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain(
      "Det går endast att komplettera med ett dokument åt gången.",
    );
    const removed = await answered(
      documentRoute.action({
        request: api(`${base}/${id}/answers/document`, "DELETE", cookies.elin),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(removed.status).toBe(200);
    const again = await answered(
      documentRoute.action({
        request: api(`${base}/${id}/answers/document`, "POST", cookies.elin, { fileName: "borgen.pdf" }),
        params: params({ requestId: id }),
        context,
      }),
    );
    const { id: secondDoc } = (await again.json()) as { id: string };
    await receiveUpload(buildUseCaseContext(getDb(), "system"), secondDoc, pdfStream());
    await verify(getDb(), secondDoc);

    const guarantors = await answered(
      guarantorsRoute.action({
        request: api(`${base}/${id}/answers/guarantors`, "PUT", cookies.elin, {
          guarantors: [{ identifier: { value: "19900101-1238" }, firstName: "Gun", lastName: "Borg" }],
        }),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(guarantors.status).toBe(200);
    const saved = (await guarantors.json()) as {
      validToSubmit: boolean;
      answer: { guarantors: Array<{ validationResult: { errors: Array<{ message: string }> } }> };
    };
    expect(saved.validToSubmit).toBe(false);
    expect(saved.answer.guarantors[0]!.validationResult.errors[0]!.message).toBe(
      "Ogiltigt personnummer, checksiffra stämmer inte vid verifiering.",
    );
    const submit = (cookie: string) =>
      answered(
        submitRoute.action({
          request: api(`${base}/${id}/answers/submit`, "POST", cookie),
          params: params({ requestId: id }),
          context,
        }),
      );
    const invalid = await submit(cookies.elin);
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain(
      "Dokument är inte uppladdat, eller borgenärsinformation är ofullständig",
    );
    await answered(
      guarantorsRoute.action({
        request: api(`${base}/${id}/answers/guarantors`, "PUT", cookies.elin, {
          guarantors: [{ identifier: { value: VALID_PN }, firstName: "Gun", lastName: "Borg" }],
        }),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect((await submit(cookies.maria)).status).toBe(403);
    expect((await submit(cookies.elin)).status).toBe(200);
    const answers = await answered(
      answersRoute.loader({
        request: api(`${base}/${id}/answers`, "GET", cookies.erik),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(((await answers.json()) as { answer: { status: string } }).answer.status).toBe("Pending");

    const reject = await answered(
      rejectRoute.action({
        request: api(`${base}/${id}/answers/reject`, "POST", cookies.erik, {}),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(reject.status).toBe(400);
    expect(JSON.stringify(await reject.json())).toContain("Ange orsak");
    const accept = (cookie: string) =>
      answered(
        acceptRoute.action({
          request: api(`${base}/${id}/answers/accept`, "POST", cookie),
          params: params({ requestId: id }),
          context,
        }),
      );
    expect((await accept(cookies.anders)).status).toBe(404);
    expect((await accept(cookies.erik)).status).toBe(200);
    const second = await accept(cookies.maria);
    expect(second.status).toBe(409);

    const cancel = await answered(
      cancelRoute.action({
        request: api(`${base}/${id}/cancel`, "DELETE", cookies.maria),
        params: params({ requestId: id }),
        context,
      }),
    );
    expect(cancel.status).toBe(409);
    expect(JSON.stringify(await cancel.json())).toContain("Komplettering är besvarad eller avbruten");
  });
});

describe("the Kompletteringar tab", () => {
  const page = (path: string, cookie: string) => request(path, { cookie });

  it("opens for the manager, the board and the private party; forced without the right it leads to the overview", async () => {
    const load = async (cookie: string, id = "sup-2") =>
      answered(
        tab.loader({ request: page(`/transfers/${id}/additionals`, cookie), params: { id }, context }),
      );
    expect((await load(cookies.maria)).status).toBe(200);
    expect((await load(cookies.erik)).status).toBe(200);
    expect((await load(cookies.anders)).status).toBe(404);
    // No supplements can be asked for before the application is sent: the tab is not there, and its address leads to
    // the overview (spec 02 §2.1), while a transfer out of scope stays not found.
    const forced = await load(cookies.maria, "sup-initiated");
    expect(forced.status).toBe(302);
    expect(forced.headers.get("Location")).toBe("/transfers/sup-initiated/overview");
    const own = await answered(
      privateTab.loader({
        request: page("/transfers/private/sup-2/additionals", cookies.elin),
        params: { id: "sup-2" },
        context,
      }),
    );
    expect(own.status).toBe(200);
    const nav = (await own.json()) as { tabs: string[] };
    expect(nav.tabs).toEqual(["overview", "documents", "additionals", "messages"]);
    const decided = (await (await load(cookies.maria, "sup-decided")).json()) as {
      newRequest: { disabled: boolean; disabledReason: string };
    };
    expect(decided.newRequest).toMatchObject({
      disabled: true,
      disabledReason: "Det går inte att inkomma med kompletteringar efter styrelsens beslut",
    });
  });

  it("chooses type and person as a step, previews the e-mail, creates, and keeps the message on an error", async () => {
    const here = "/transfers/sup-2/additionals";
    const post = (fields: Record<string, string>) =>
      answered(
        tab.action({
          request: formRequest(here, fields, { cookie: cookies.maria }),
          params: { id: "sup-2" },
          context,
        }),
      );
    const chosen = await post({ intent: "choose", category: "PersonalGuarantee" });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe(`${here}?ny&typ=PersonalGuarantee#ny-komplettering`);
    // One matching person: preselected, the template filled with the full name.
    const step = (await (
      await answered(
        tab.loader({
          request: page(`${here}?ny&typ=PersonalGuarantee`, cookies.maria),
          params: { id: "sup-2" },
          context,
        }),
      )
    ).json()) as { newRequest: { ready: boolean; chosen: { personId: string }; message: string } };
    expect(step.newRequest.ready).toBe(true);
    expect(step.newRequest.chosen.personId).toBe(`sup-2-${ACQUIRER}`);
    expect(step.newRequest.message).toContain("för Ronja Vik");

    const preview = await post({
      intent: "preview",
      category: "PersonalGuarantee",
      personId: `sup-2-${ACQUIRER}`,
      message: "Borgen tack.",
    });
    expect(preview.status).toBe(200);
    const shown = (await preview.json()) as { preview: { header: string; message: string; footer: string } };
    expect(shown.preview.message).toBe("Borgen tack.");
    expect(shown.preview.header).toContain("T-1102-0304");

    const wrong = await post({
      intent: "create",
      category: "PersonalGuarantee",
      personId: `sup-1-${ACQUIRER}`,
      message: "Borgen tack.",
    });
    expect(wrong.status).toBe(400);
    const reply = await formReplyOf(wrong);
    expect(reply.fields.personId).toEqual([
      "Dokument är inte uppladdat, eller borgenärsinformation är ofullständig",
    ]);
    expect(reply.values.message).toBe("Borgen tack.");

    const created = await post({
      intent: "create",
      category: "PersonalGuarantee",
      personId: `sup-2-${ACQUIRER}`,
      message: "Borgen tack.",
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toMatch(new RegExp(`^${here}#komplettering-`));
  });
});
