import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/routes/transfers.$id.analysis";
import * as api from "~/routes/api.core.reviews.transfers_.$id.analysis";
import { getDb } from "~/server/db/db.server";
import type { AgreementExtraction } from "~/server/integrations/document-analysis/types.server";
import { performAutomaticReview, ReviewNotReadyError } from "~/server/domain/automatic-review/run.server";
import { markSaleStopped, removeSaleStop } from "~/server/domain/transfers/actions.server";
import { rerunAutomaticReview } from "~/server/domain/automatic-review/again.server";
import { submitApplication } from "~/server/domain/application/submit.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import { enqueueAutomaticReview } from "~/server/domain/automatic-review/queue.server";
import "~/server/jobs/handlers/automatic-review.server";
import "~/server/jobs/handlers/documents.server";
import { enqueueJob } from "~/server/context/job-queue.server";
import { VERIFY_DOCUMENT_JOB } from "~/server/domain/documents/uploads.server";
import { generatePersonnummer } from "~/lib/personnummer";
import { CHECK_TYPES } from "~/lib/transfer";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { addDocument } from "../support/documents";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";
import { buildUseCaseContext } from "~/server/context/use-case.server";

import { jobQueue } from "~/server/context/job-queue.server";
/**
 * Spec 02 §2.6: the automatic review as a job after submission and after a sale stop, the Granskning tab's
 * loader and action (accepting deviations, with and without a valid choice), and GET/PUT
 * api/core/reviews/transfers/{id}/analysis with their scoping.
 */

const SELLER = generatePersonnummer({ year: 1970, month: 4, day: 2 }, 31);
const BUYER = generatePersonnummer({ year: 1990, month: 1, day: 1 }, 123);

let maria: string;
let anders: string;
let erik: string;

/** What the agreement of "an-1" says; the price differs from the application's (2 450 000 kr). */
function extraction(price = 2_400_000): AgreementExtraction {
  return {
    documents: [
      {
        documentId: "doc-1",
        category: "TransferAgreement",
        detectedCategory: "TransferAgreement",
        pageCount: 1,
        pagesWithText: [true],
      },
    ],
    transferType: "Purchase",
    purchasePrice: price,
    contractDate: "2026-10-01",
    entryDate: "2026-12-01",
    transferors: [{ firstName: "Sven", lastName: "Säljare", identifier: SELLER, share: 1 }],
    acquirers: [{ firstName: "Anna", lastName: "Svensson", identifier: BUYER, share: 1 }],
    guarantors: [],
    objectNumber: "T-1102-0304",
    associationOrganisationNumber: "769600-1234",
    clauses: {
      cancellationAgreement: false,
      guarantor: false,
      trustee: false,
      estateOfDeceased: false,
      powerOfAttorney: false,
      privateAgreement: false,
    },
  };
}

async function storeAnalysis(transferId: string, status: string, value: AgreementExtraction | null) {
  const db = getDb();
  const at = new Date().toISOString();
  await db.deleteFrom("document_analyses").where("transfer_id", "=", transferId).execute();
  await db
    .insertInto("document_analyses")
    .values({
      transfer_id: transferId,
      status,
      extraction: value ? JSON.stringify(value) : null,
      failure: status === "Failed" ? "NoText" : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

const parties = [
  {
    kind: "Transferor",
    identifier_value: SELLER,
    first_name: "Sven",
    last_name: "Säljare",
    owner_share_numerator: 1,
    owner_share_denominator: 1,
    transfer_share_numerator: 1,
    transfer_share_denominator: 1,
    membership_status: null,
  },
  {
    kind: "Acquirer",
    identifier_value: BUYER,
    first_name: "Anna",
    last_name: "Svensson",
    email: "anna.svensson@example.se",
    street: "Storgatan 1",
    postal_code: "111 22",
    city: "Stockholm",
    country: "Sverige",
  },
];

const drain = () => createJobRunner({ db: getDb(), kind: "sqlite", pollMs: 10 }).drain();

async function checks(transferId: string) {
  return getDb()
    .selectFrom("automatic_checks")
    .select(["id", "type", "result", "accepted_by_user_id", "accepted_at"])
    .where("transfer_id", "=", transferId)
    .execute();
}

async function checkOf(transferId: string, type: string) {
  const found = (await checks(transferId)).find((c) => c.type === type);
  if (!found) throw new Error(`no check ${type}`);
  return found;
}

async function transfer(transferId: string) {
  return getDb()
    .selectFrom("transfers")
    .select(["status", "running_tasks", "has_deviations", "version"])
    .where("id", "=", transferId)
    .executeTakeFirstOrThrow();
}

const load = (transferId: string, cookie: string) =>
  answered(
    page.loader({
      request: request(`/transfers/${transferId}/analysis`, { cookie }),
      params: { id: transferId },
      context: {},
    }),
  );

const post = (transferId: string, fields: Record<string, string | string[]>, cookie = maria) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return answered(
    page.action({
      request: formRequest(`/transfers/${transferId}/analysis`, {}, { cookie, body }),
      params: { id: transferId },
      context: {},
    }),
  );
};

function jsonCall(transferId: string, method: string, cookie: string, body?: unknown) {
  const req = request(`/api/core/reviews/transfers/${transferId}/analysis`, {
    method,
    cookie,
    ...(body === undefined
      ? {}
      : {
          body: typeof body === "string" ? body : JSON.stringify(body),
          headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
        }),
  });
  const args = { request: req, params: { id: transferId }, context: {} };
  return answered(method === "GET" ? api.loader(args) : api.action(args));
}

type View = {
  running: boolean;
  version: number;
  deviations: Array<{
    id: string;
    type: string;
    result: string;
    text: string;
    acceptedBy: { name: string } | null;
  }>;
  approved: Array<{ id: string; type: string; passTextKey: string }>;
  acceptDeviation: { disabled: boolean; disabledReason: string | null } | null;
};

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "an-submit", objectId: WORLD.objectA, status: "Draft" }, parties);
  // A complete application: its required documents are there (submission checks them).
  await addDocument("an-submit-application", "an-submit", { category: "MembershipApplication" });
  await addDocument("an-submit-agreement", "an-submit", { category: "TransferAgreement" });
  await insertTransfer(
    db,
    { id: "an-1", objectId: WORLD.objectA, status: "ApplicationSent", running_tasks: '["AutomaticReview"]' },
    parties,
  );
  await insertTransfer(
    db,
    { id: "an-info", objectId: WORLD.objectA, status: "AwaitingInfoRequestAnswer", has_deviations: 1 },
    parties,
  );
  await db
    .insertInto("automatic_checks")
    .values({
      id: "an-info-check",
      transfer_id: "an-info",
      type: "PriceMatches",
      result: "Deviation",
      created_at: "2026-10-01T08:00:00.000Z",
    })
    .execute();
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("the automatic review as a job", () => {
  it("starts when the application is sent: the task and the job in the same change", async () => {
    const db = getDb();
    const actor = await actorFor(db, "user-maria");
    await submitApplication(buildUseCaseContext(db, actor), { transferId: "an-submit" });
    expect(JSON.parse((await transfer("an-submit")).running_tasks)).toEqual(["AutomaticReview"]);
    const job = await db
      .selectFrom("jobs")
      .select(["type", "state"])
      .where("transfer_id", "=", "an-submit")
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ type: "transfer.automaticReview", state: "queued" });
  });

  it("stores one result per check, and the transfer is ready for review", async () => {
    const db = getDb();
    await storeAnalysis("an-1", "Ready", extraction());
    await enqueueAutomaticReview(jobQueue, db, "an-1", new Date());
    const running = (await (await load("an-1", maria)).json()) as { analysis: View };
    expect(running.analysis.running).toBe(true);

    await drain();
    const after = await transfer("an-1");
    expect(after.status).toBe("TransferReviewInProgress");
    expect(JSON.parse(after.running_tasks)).toEqual([]);
    expect(after.has_deviations).toBe(1);
    const stored = await checks("an-1");
    expect(stored.map((c) => c.type).sort()).toEqual([...CHECK_TYPES].sort());
    expect(stored.filter((c) => c.result === "Deviation").map((c) => c.type)).toEqual(["PriceMatches"]);
  });

  it("waits for an analysis in progress and reviews without it on the last attempt", async () => {
    const db = getDb();
    await storeAnalysis("an-1", "InProgress", null);
    const now = new Date();
    await expect(
      performAutomaticReview(buildUseCaseContext(db, "system", { now }), "an-1", { lastAttempt: false }),
    ).rejects.toBeInstanceOf(ReviewNotReadyError);
    const result = await performAutomaticReview(buildUseCaseContext(db, "system", { now }), "an-1", {
      lastAttempt: true,
    });
    expect(result).toMatchObject({ outcome: "reviewed" });
    expect((await checkOf("an-1", "AnalysisSuccessful")).result).toBe("Deviation");
    // Back to the ready analysis for the rest of the file.
    await storeAnalysis("an-1", "Ready", extraction());
    await performAutomaticReview(buildUseCaseContext(db, "system", { now }), "an-1", { lastAttempt: true });
    expect((await checks("an-1")).filter((c) => c.result !== "Valid").map((c) => c.type)).toEqual([
      "PriceMatches",
    ]);
  });
});

describe("the Granskning tab", () => {
  it("shows the manager the deviation with its fail text and the approved checks with theirs", async () => {
    const answer = await load("an-1", maria);
    expect(answer.status).toBe(200);
    const { analysis } = (await answer.json()) as { analysis: View };
    expect(analysis.running).toBe(false);
    expect(analysis.deviations).toMatchObject([
      {
        type: "PriceMatches",
        result: "Deviation",
        text: "Köpeskillingen stämmer inte med överlåtelseavtalet.",
      },
    ]);
    expect(analysis.approved).toHaveLength(CHECK_TYPES.length - 1);
    expect(analysis.approved[0]).toMatchObject({
      type: "AcquirerOfLegalAge",
      passTextKey: "review:analysis.checks.AcquirerOfLegalAge.pass",
    });
    expect(analysis.acceptDeviation).toEqual({
      type: "AcceptDeviation",
      disabled: false,
      disabledReason: null,
    });
  });

  it("is another manager's transfer: not found; a board member is sent to the overview with why", async () => {
    expect((await load("an-1", anders)).status).toBe(404);
    expect((await load("no-such-transfer", maria)).status).toBe(404);
    const board = await load("an-1", erik);
    expect(board.status).toBe(303);
    expect(board.headers.get("Location")).toBe("/transfers/an-1/overview");
  });

  it("refuses a post with nothing ticked, a check that is no deviation and an unknown intent, keeping the page", async () => {
    const none = await post("an-1", { intent: "acceptDeviations" });
    expect(none.status).toBe(400);
    expect((await formReplyOf(none)).fields.checkIds).toEqual(["Välj minst en avvikelse att godkänna"]);

    const valid = await checkOf("an-1", "NoSaleStop");
    const wrong = await post("an-1", { intent: "acceptDeviations", checkIds: valid.id });
    expect(wrong.status).toBe(400);
    expect((await formReplyOf(wrong)).form).toEqual([
      "Minst en av de valda kontrollerna är inte en avvikelse som kan godkännas. Ladda om sidan och försök igen.",
    ]);
    const stranger = await post("an-1", { intent: "acceptDeviations", checkIds: "an-info-check" });
    expect(stranger.status).toBe(400);

    expect((await post("an-1", { intent: "somethingElse" })).status).toBe(400);
    expect((await checkOf("an-1", "PriceMatches")).result).toBe("Deviation");
  });

  it("refuses another manager (404) and a board member (back with the reason), accepting nothing", async () => {
    const deviation = await checkOf("an-1", "PriceMatches");
    expect((await post("an-1", { intent: "acceptDeviations", checkIds: deviation.id }, anders)).status).toBe(
      404,
    );
    const board = await post("an-1", { intent: "acceptDeviations", checkIds: deviation.id }, erik);
    expect(board.status).toBe(303);
    expect((await checkOf("an-1", "PriceMatches")).result).toBe("Deviation");
  });

  it("accepts the ticked deviation, records who and when, and clears the transfer's deviation flag", async () => {
    const deviation = await checkOf("an-1", "PriceMatches");
    const { version } = await transfer("an-1");
    const answer = await post("an-1", {
      intent: "acceptDeviations",
      checkIds: deviation.id,
      version: String(version),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/transfers/an-1/analysis");
    const accepted = await checkOf("an-1", "PriceMatches");
    expect(accepted).toMatchObject({ result: "AcceptedDeviation", accepted_by_user_id: "user-maria" });
    expect(accepted.accepted_at).not.toBeNull();
    expect((await transfer("an-1")).has_deviations).toBe(0);
    const { analysis } = (await (await load("an-1", maria)).json()) as { analysis: View };
    expect(analysis.deviations).toMatchObject([
      { type: "PriceMatches", result: "AcceptedDeviation", acceptedBy: { name: "Maria Ek" } },
    ]);
    expect(analysis.acceptDeviation).toMatchObject({ disabled: true });
  });

  it("runs again after a sale stop: the running task, then NoSaleStop deviates and the accepted deviation stays accepted", async () => {
    const db = getDb();
    const actor = await actorFor(db, "user-maria");
    await markSaleStopped(buildUseCaseContext(db, actor), { transferId: "an-1" });
    expect(JSON.parse((await transfer("an-1")).running_tasks)).toEqual(["AutomaticReview"]);
    const { analysis } = (await (await load("an-1", maria)).json()) as { analysis: View };
    expect(analysis.running).toBe(true);
    expect(analysis.acceptDeviation).toEqual({
      type: "AcceptDeviation",
      disabled: true,
      disabledReason: "Bakgrundsjobb pågår",
    });
    const before = await checkOf("an-1", "PriceMatches");

    await drain();
    expect((await checkOf("an-1", "NoSaleStop")).result).toBe("Deviation");
    const kept = await checkOf("an-1", "PriceMatches");
    expect(kept).toEqual(before);
    expect(await transfer("an-1")).toMatchObject({ status: "TransferReviewInProgress", has_deviations: 1 });

    await removeSaleStop(buildUseCaseContext(db, actor), { transferId: "an-1" });
    await drain();
    expect((await checkOf("an-1", "NoSaleStop")).result).toBe("Valid");
    expect((await checkOf("an-1", "PriceMatches")).result).toBe("AcceptedDeviation");
    expect((await transfer("an-1")).has_deviations).toBe(0);
  });

  it("resets an accepted deviation whose check became valid", async () => {
    const db = getDb();
    await storeAnalysis("an-1", "Ready", extraction(2_450_000));
    await rerunAutomaticReview(buildUseCaseContext(db, "system"), { transferId: "an-1" });
    await drain();
    expect(await checkOf("an-1", "PriceMatches")).toMatchObject({
      result: "Valid",
      accepted_by_user_id: null,
      accepted_at: null,
    });
    // A later deviation of the same check must be accepted anew.
    await storeAnalysis("an-1", "Ready", extraction(2_400_000));
    await rerunAutomaticReview(buildUseCaseContext(db, "system"), { transferId: "an-1" });
    await drain();
    expect((await checkOf("an-1", "PriceMatches")).result).toBe("Deviation");
  });
});

describe("a verified document", () => {
  it("of a kind the review reads starts the review again; another kind does not", async () => {
    const db = getDb();
    const now = new Date();
    await addDocument("an-1-guarantee", "an-1", { category: "PersonalGuarantee", status: "UploadPending" });
    await enqueueJob(db, { type: VERIFY_DOCUMENT_JOB, payload: { documentId: "an-1-guarantee" } }, now);
    await drain();
    expect(JSON.parse((await transfer("an-1")).running_tasks)).toEqual([]);

    const { version } = await transfer("an-1");
    await addDocument("an-1-agreement", "an-1", { status: "UploadPending" });
    await enqueueJob(db, { type: VERIFY_DOCUMENT_JOB, payload: { documentId: "an-1-agreement" } }, now);
    // The verification job runs, and the review it enqueued after it (the same drain). A new agreement is also
    // analysed again (documents/analysis), after which the review runs once more, against the new analysis.
    await drain();
    const jobs = await db
      .selectFrom("jobs")
      .select(["type", "state"])
      .where("transfer_id", "=", "an-1")
      .where("type", "in", ["transfer.automaticReview", "document.analyse"])
      .where("created_at", ">=", now.toISOString())
      .orderBy("created_at")
      .execute();
    expect(jobs.every((j) => j.state === "done")).toBe(true);
    expect(jobs.filter((j) => j.type === "document.analyse")).toHaveLength(1);
    expect(jobs.at(-1)?.type).toBe("transfer.automaticReview");
    const after = await transfer("an-1");
    expect(JSON.parse(after.running_tasks)).toEqual([]);
    expect(after.version).toBeGreaterThan(version);

    // Back to the agreement the rest of the file reviews against (the test PDF is no agreement: Failed).
    await storeAnalysis("an-1", "Ready", extraction());
    await rerunAutomaticReview(buildUseCaseContext(db, "system"), { transferId: "an-1" });
    await drain();
    expect((await checks("an-1")).filter((c) => c.result !== "Valid").map((c) => c.type)).toEqual([
      "PriceMatches",
    ]);
  });
});

describe("GET and PUT api/core/reviews/transfers/{id}/analysis", () => {
  it("answers the checks to the manager, 404 to another manager and for a missing transfer, 403 to a board member", async () => {
    const mine = await jsonCall("an-1", "GET", maria);
    expect(mine.status).toBe(200);
    const view = (await mine.json()) as View;
    expect(view.deviations.map((c) => c.type)).toEqual(["PriceMatches"]);
    expect(view.approved).toHaveLength(CHECK_TYPES.length - 1);
    expect((await jsonCall("an-1", "GET", anders)).status).toBe(404);
    expect((await jsonCall("nope", "GET", maria)).status).toBe(404);
    const board = await jsonCall("an-1", "GET", erik);
    expect(board.status).toBe(403);
    expect(await board.json()).toMatchObject({
      message: "Den automatiska granskningen visas bara för förvaltaren.",
    });
  });

  it("refuses bad bodies and ids that are no deviation with a Swedish 400", async () => {
    const valid = await checkOf("an-1", "NoSaleStop");
    const wrong = await jsonCall("an-1", "PUT", maria, { checkIds: [valid.id] });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      errors: {
        checkIds: [
          "Minst en av de valda kontrollerna är inte en avvikelse som kan godkännas. Ladda om sidan och försök igen.",
        ],
      },
    });
    const empty = await jsonCall("an-1", "PUT", maria, { checkIds: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: { checkIds: ["Välj minst en avvikelse att godkänna"] },
    });
    expect((await jsonCall("an-1", "PUT", maria, { checkIds: "x".repeat(200) })).status).toBe(400);
    expect((await jsonCall("an-1", "PUT", maria, "{not json")).status).toBe(400);
    expect((await jsonCall("an-1", "PUT", maria, [1, 2])).status).toBe(400);
  });

  it("is 403 with the reason when not offered or disabled, 404 out of scope, and accepts when offered", async () => {
    const notInReview = await jsonCall("an-info", "PUT", maria, { checkIds: ["an-info-check"] });
    expect(notInReview.status).toBe(403);
    expect(await notInReview.json()).toMatchObject({
      message: "Avvikelser kan bara godkännas medan förvaltaren granskar överlåtelsen",
    });
    const deviation = await checkOf("an-1", "PriceMatches");
    const board = await jsonCall("an-1", "PUT", erik, { checkIds: [deviation.id] });
    expect(board.status).toBe(403);
    expect(await board.json()).toMatchObject({ message: "Du har inte behörighet att utföra åtgärden." });
    expect((await jsonCall("an-1", "PUT", anders, { checkIds: [deviation.id] })).status).toBe(404);

    const accepted = await jsonCall("an-1", "PUT", maria, { checkIds: [deviation.id] });
    expect(accepted.status).toBe(200);
    const view = (await accepted.json()) as View;
    expect(view.deviations).toMatchObject([
      { id: deviation.id, result: "AcceptedDeviation", acceptedBy: { name: "Maria Ek" } },
    ]);
    const again = await jsonCall("an-1", "PUT", maria, { checkIds: [deviation.id] });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ message: "Det finns inga avvikelser att godkänna" });
  });
});
