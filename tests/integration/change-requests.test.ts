import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/api.core.transfers.$id.agreementChangeRequests";
import * as possibleRoute from "~/routes/api.core.transfers.$id.agreementChangeRequests.possible";
import * as decisionsRoute from "~/routes/api.core.transfers.$id.agreementChangeRequests.$requestId.decisions";
import * as newPage from "~/routes/transfers.$id.additionals_.changeRequests.new";
import * as rejectPage from "~/routes/transfers.$id.additionals_.changeRequests.$requestId.reject";
import * as additionalsTab from "~/routes/transfers.$id.additionals";
import * as acceptRoute from "~/routes/transfers.$id.additionals_.changeRequests.$requestId.accept";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import {
  createChangeRequest,
  decideChangeRequest,
} from "~/server/domain/change-requests/change-requests.server";
import { DomainError } from "~/server/domain/core/errors.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { renderedPage } from "../support/render";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { actorFor, buildWorld, insertTransfer, WORLD } from "../support/transfers";
import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * Decision 026: agreement change requests. The property manager asks for a change of price, entry date or
 * contract date with an additional agreement (a PDF, streamed); the board accepts (the transfer's agreement changes
 * in the same transaction, with an audit row, and the automatic review runs again) or rejects with a reason. The
 * calls of spec 02 §7 are scoped (out of scope is 404), bad input is a Swedish 400, and of two decisions at once
 * exactly one wins.
 */

const ORIGIN = { Origin: "http://localhost:3000" };
const pdf = makePdf({ title: "Tilläggsavtal", lines: ["Köpeskillingen sänks till 2 400 000 kr."] });
let dataDir: string;
let maria: string;
let erik: string;
let anders: string;

const pdfFile = (name = "Tilläggsavtal.pdf") =>
  new File([pdf as BlobPart], name, { type: "application/pdf" });

function multipart(fields: Record<string, string>, file: File | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("additionalAgreement", file ?? new File([], ""));
  return form;
}

function apiCreate(transferId: string, cookie: string, fields: Record<string, string>, file: File | null) {
  return answered(
    listRoute.action({
      request: request(`/api/core/transfers/${transferId}/agreementChangeRequests`, {
        method: "POST",
        body: multipart(fields, file),
        cookie,
        headers: ORIGIN,
      }),
      params: { id: transferId },
      context: {},
    }),
  );
}

function apiGet(
  route: typeof listRoute | typeof possibleRoute,
  path: string,
  transferId: string,
  cookie: string,
) {
  return answered(
    route.loader({ request: request(path, { cookie }), params: { id: transferId }, context: {} }),
  );
}

const apiList = (transferId: string, cookie: string) =>
  apiGet(listRoute, `/api/core/transfers/${transferId}/agreementChangeRequests`, transferId, cookie);
const apiPossible = (transferId: string, cookie: string) =>
  apiGet(
    possibleRoute,
    `/api/core/transfers/${transferId}/agreementChangeRequests/possible`,
    transferId,
    cookie,
  );

function apiDecide(transferId: string, requestId: string, cookie: string, body: unknown) {
  return answered(
    decisionsRoute.action({
      request: request(`/api/core/transfers/${transferId}/agreementChangeRequests/${requestId}/decisions`, {
        method: "POST",
        body: JSON.stringify(body),
        cookie,
        headers: { ...ORIGIN, "Content-Type": "application/json" },
      }),
      params: { id: transferId, requestId },
      context: {},
    }),
  );
}

async function ctxFor(userId: string): Promise<UseCaseContext> {
  const db = getDb();
  return buildUseCaseContext(db, await actorFor(db, userId));
}

const body = (stream: string | Uint8Array) =>
  new Blob([stream as BlobPart]).stream() as ReadableStream<Uint8Array>;

async function create(transferId: string, fields: Record<string, string>, userId = "user-maria") {
  return createChangeRequest(await ctxFor(userId), {
    transferId,
    fields,
    file: { fileName: "Tilläggsavtal.pdf", stream: body(pdf) },
  });
}

const agreementOf = (transferId: string) =>
  getDb()
    .selectFrom("transfers")
    .select(["purchase_price", "entry_date", "contract_date", "running_tasks", "version"])
    .where("id", "=", transferId)
    .executeTakeFirstOrThrow();

const changeRequestsOf = (transferId: string) =>
  getDb().selectFrom("change_requests").selectAll().where("transfer_id", "=", transferId).execute();

const additionalAgreementsOf = (transferId: string) =>
  getDb()
    .selectFrom("documents")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("category", "=", "AdditionalAgreement")
    .execute();

/** The locale keys of the toasts a redirect flashes (the signed flash cookie's JSON). */
function flashedToastKeys(response: Response): string[] {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(/__flash=([^;]*)/.exec(cookie)?.[1] ?? "").split(".")[0]!;
  const data = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Record<string, unknown>;
  const toasts = Object.values(data)[0] as Array<{ key: string }>;
  return toasts.map((t) => t.key);
}

/** The files the disk storage holds for a transfer (none when its folder was never made). */
function storedFiles(transferId: string): string[] {
  const folder = path.join(dataDir, "files", "transfers", transferId);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("the use case did not refuse");
}

beforeAll(async () => {
  ({ dataDir } = await startFreshApp());
  const db = getDb();
  await buildWorld(db);
  for (const id of [
    "cr-1",
    "cr-2",
    "cr-bad",
    "cr-race",
    "cr-page",
    "cr-page-reject",
    "cr-reject",
    "cr-both",
    "cr-nofile",
    "cr-page-nofile",
  ])
    await insertTransfer(db, { id, objectId: WORLD.objectA });
  await insertTransfer(db, {
    id: "cr-gift",
    objectId: WORLD.objectA,
    transfer_type: "Gift",
    purchase_price: null,
  });
  await insertTransfer(db, { id: "cr-draft", objectId: WORLD.objectA, status: "Draft" });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("the possible call", () => {
  it("offers the manager a new request with each value's current value and whether it may change", async () => {
    const answer = await apiPossible("cr-1", maria);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      action: { type: "CreateChangeRequest", disabled: false, disabledReason: null },
      purchasePrice: { currentValue: 2_450_000, changeable: true },
      entryDate: { currentValue: "2026-12-01", changeable: true },
      contractDate: { currentValue: "2026-10-01", changeable: true },
    });
  });

  it("offers nothing to the board, nothing before the application is sent, and a gift's price never changes", async () => {
    expect(((await (await apiPossible("cr-1", erik)).json()) as { action: unknown }).action).toBeNull();
    expect(((await (await apiPossible("cr-draft", maria)).json()) as { action: unknown }).action).toBeNull();
    const gift = (await (await apiPossible("cr-gift", maria)).json()) as Record<
      string,
      { changeable: boolean }
    >;
    expect(gift.purchasePrice!.changeable).toBe(false);
  });

  it("answers a transfer outside the scope like a missing one (404)", async () => {
    expect((await apiPossible("cr-1", anders)).status).toBe(404);
    expect((await apiPossible("no-such", maria)).status).toBe(404);
  });
});

describe("creating a change request", () => {
  it("stores the changed values with their previous ones, the PDF as an additional agreement, and an audit row", async () => {
    const answer = await apiCreate(
      "cr-1",
      maria,
      { purchasePrice: "2 400 000", entryDate: "2026-12-01" },
      pdfFile(),
    );
    expect(answer.status).toBe(201);
    const { id, additionalAgreementId } = (await answer.json()) as {
      id: string;
      additionalAgreementId: string;
    };
    const [row] = await changeRequestsOf("cr-1");
    expect(row).toMatchObject({
      id,
      created_by_user_id: "user-maria",
      created_by_first_name: "Maria",
      purchase_price_previous: 2_450_000,
      purchase_price_new: 2_400_000,
      // The entry date was posted unchanged: not part of the request.
      entry_date_previous: null,
      entry_date_new: null,
      additional_agreement_document_id: additionalAgreementId,
      decision: null,
    });
    const [document] = await additionalAgreementsOf("cr-1");
    expect(document).toMatchObject({
      id: additionalAgreementId,
      status: "UploadPending",
      file_name: "Tilläggsavtal.pdf",
    });
    expect(await getStorage().exists(`transfers/cr-1/${additionalAgreementId}.pdf`)).toBe(true);
    const audit = await getDb()
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", id)
      .where("action", "=", "createChangeRequest")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ purchasePrice: 2_400_000 });
    // The agreement itself does not change until the board accepts.
    expect((await agreementOf("cr-1")).purchase_price).toBe(2_450_000);
  });

  it("lists it with current, previous and new values; the board may decide it, the manager may not", async () => {
    type Listed = Array<{
      canMakeDecision: boolean;
      canAcceptChangeRequest: boolean;
      purchasePrice: { currentValue: number; previousValue: number; newValue: number; changeable: boolean };
      additionalAgreement: { fileName: string } | null;
    }>;
    const board = (await (await apiList("cr-1", erik)).json()) as Listed;
    expect(board).toHaveLength(1);
    expect(board[0]).toMatchObject({
      canMakeDecision: true,
      canAcceptChangeRequest: true,
      purchasePrice: {
        currentValue: 2_450_000,
        previousValue: 2_450_000,
        newValue: 2_400_000,
        changeable: true,
      },
      additionalAgreement: { fileName: "Tilläggsavtal.pdf" },
    });
    const manager = (await (await apiList("cr-1", maria)).json()) as Listed;
    expect(manager[0]).toMatchObject({ canMakeDecision: false, canAcceptChangeRequest: false });
    expect((await apiList("cr-1", anders)).status).toBe(404);
  });

  it("refuses a second request while one is undecided (403, the blocker's text) and keeps no file", async () => {
    const answer = await apiCreate("cr-1", maria, { entryDate: "2027-01-15" }, pdfFile());
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { message: string }).message).toBe(
      "Det finns ändringsbegäranden som inte är beslutade",
    );
    expect(await changeRequestsOf("cr-1")).toHaveLength(1);
    expect(await additionalAgreementsOf("cr-1")).toHaveLength(1);
  });

  it("refuses the board and a transfer outside the scope (404 like a missing one)", async () => {
    expect((await apiCreate("cr-2", erik, { entryDate: "2027-01-15" }, pdfFile())).status).toBe(403);
    expect((await apiCreate("cr-2", anders, { entryDate: "2027-01-15" }, pdfFile())).status).toBe(404);
    expect(await changeRequestsOf("cr-2")).toHaveLength(0);
    expect(await additionalAgreementsOf("cr-2")).toHaveLength(0);
  });

  it("answers bad input with the Swedish field errors (400) and stores nothing", async () => {
    const errorsOf = async (fields: Record<string, string>, file: File | null = pdfFile()) => {
      const answer = await apiCreate("cr-bad", maria, fields, file);
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { errors: Record<string, string[]> }).errors;
    };
    const again = "Välj tilläggsavtalet igen. Filen sparas inte när något i formuläret behöver rättas.";
    expect(await errorsOf({})).toEqual({
      form: ["Ändra minst ett av värdena"],
      additionalAgreement: [again],
    });
    expect(await errorsOf({ purchasePrice: "2 450 000", entryDate: "2026-12-01" })).toEqual({
      form: ["Ändra minst ett av värdena"],
      additionalAgreement: [again],
    });
    expect(await errorsOf({ entryDate: "2026-09-01" })).toEqual({
      entryDate: ["Tillträdesdagen får inte vara tidigare än avtalsdatumet"],
      additionalAgreement: [again],
    });
    expect(await errorsOf({ entryDate: "2026-02-30", contractDate: "2026-13-01" })).toEqual({
      entryDate: ["Tillträdesdagen är ett ogiltigt datum"],
      contractDate: ["Avtalsdatumet är ett ogiltigt datum"],
      additionalAgreement: [again],
    });
    expect((await errorsOf({ purchasePrice: "1e9" })).purchasePrice).toEqual([
      "Ange köpeskillingen med siffror, till exempel 2 450 000",
    ]);
    expect((await errorsOf({ purchasePrice: "-5" })).purchasePrice).toEqual([
      "Köpeskillingen kan inte vara negativ",
    ]);
    expect((await errorsOf({ purchasePrice: "12 345,50" })).purchasePrice).toEqual([
      "Ange köpeskillingen i hela kronor, utan decimaler",
    ]);
    // Without a file only the fields' errors: there is no file to choose again.
    expect(await errorsOf({}, null)).toEqual({ form: ["Ändra minst ett av värdena"] });
    expect(await errorsOf({ entryDate: "2027-01-15" }, new File(["hej"], "bild.pdf"))).toEqual({
      additionalAgreement: ["bild.pdf är ingen PDF. Det går bara att ladda upp PDF-filer."],
    });
    expect(await changeRequestsOf("cr-bad")).toHaveLength(0);
    expect(await additionalAgreementsOf("cr-bad")).toHaveLength(0);
    expect(storedFiles("cr-bad")).toEqual([]);
  });

  it("creates one without an additional agreement, which can be attached (spec 02 §5), and lists it so", async () => {
    const answer = await apiCreate("cr-nofile", maria, { entryDate: "2027-01-15" }, null);
    expect(answer.status).toBe(201);
    const { id, additionalAgreementId } = (await answer.json()) as {
      id: string;
      additionalAgreementId: string | null;
    };
    expect(additionalAgreementId).toBeNull();
    const [row] = await changeRequestsOf("cr-nofile");
    expect(row).toMatchObject({
      id,
      entry_date_new: "2027-01-15",
      additional_agreement_document_id: null,
    });
    expect(await additionalAgreementsOf("cr-nofile")).toHaveLength(0);
    expect(storedFiles("cr-nofile")).toEqual([]);
    const [listed] = (await (await apiList("cr-nofile", erik)).json()) as Array<Record<string, unknown>>;
    expect(listed).toMatchObject({
      id,
      additionalAgreement: null,
      additionalAgreementAttached: false,
      canMakeDecision: true,
    });
    const [withFile] = (await (await apiList("cr-1", erik)).json()) as Array<Record<string, unknown>>;
    expect(withFile).toMatchObject({ additionalAgreementAttached: true });
  });

  it("refuses a change of a value the transfer does not let change (a gift's price)", async () => {
    const error = await refusal(create("cr-gift", { purchasePrice: "100 000" }));
    expect(error.code).toBe("Validation");
    expect(error.fieldErrors.purchasePrice).toEqual(["domain:changeRequests.notChangeable"]);
  });
});

describe("the board's decision", () => {
  it("accepts: the agreement takes the new values in the same transaction, with an audit row, and the review runs again", async () => {
    const { changeRequestId } = await create("cr-2", { entryDate: "2027-01-15", contractDate: "2026-10-05" });
    const before = await agreementOf("cr-2");
    const answer = await apiDecide("cr-2", changeRequestId, erik, { decision: "Accept" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ decision: "Accepted" });
    const after = await agreementOf("cr-2");
    expect(after).toMatchObject({
      purchase_price: 2_450_000,
      entry_date: "2027-01-15",
      contract_date: "2026-10-05",
    });
    expect(after.version).toBe(before.version + 1);
    expect(JSON.parse(after.running_tasks)).toContain("AutomaticReview");
    const job = await getDb()
      .selectFrom("jobs")
      .select("type")
      .where("transfer_id", "=", "cr-2")
      .where("type", "=", "transfer.automaticReview")
      .executeTakeFirst();
    expect(job).toBeDefined();
    const [row] = await changeRequestsOf("cr-2");
    expect(row).toMatchObject({
      decision: "Accepted",
      decided_by: "Erik Johansson",
      decided_by_user_id: "user-erik",
    });
    const audit = await getDb()
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", changeRequestId)
      .where("action", "=", "acceptChangeRequest")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toEqual({
      decision: null,
      agreement: { entryDate: "2026-12-01", contractDate: "2026-10-01" },
    });
    expect(audit.user_id).toBe("user-erik");
  });

  it("refuses a second decision with the spec's message (409), and the manager and other tenants", async () => {
    const [row] = await changeRequestsOf("cr-2");
    const again = await apiDecide("cr-2", row!.id, erik, { decision: "Reject", rejectReason: "Nej" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      "Ändringsbegäran har redan ett beslut",
    );
    const { changeRequestId } = await create("cr-reject", { purchasePrice: "2 000 000" });
    expect((await apiDecide("cr-reject", changeRequestId, maria, { decision: "Accept" })).status).toBe(403);
    expect((await apiDecide("cr-reject", changeRequestId, anders, { decision: "Accept" })).status).toBe(404);
    expect((await apiDecide("cr-reject", "no-such", erik, { decision: "Accept" })).status).toBe(404);
    // A request of another transfer is not this transfer's.
    expect((await apiDecide("cr-1", changeRequestId, erik, { decision: "Accept" })).status).toBe(404);
  });

  it("rejects only with a reason, and then leaves the agreement as it was", async () => {
    const [row] = await changeRequestsOf("cr-reject");
    const noReason = await apiDecide("cr-reject", row!.id, erik, { decision: "Reject", rejectReason: "  " });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ errors: { rejectReason: ["Ange orsak"] } });
    const unknown = await apiDecide("cr-reject", row!.id, erik, { decision: "Later" });
    expect(unknown.status).toBe(400);
    const rejected = await apiDecide("cr-reject", row!.id, erik, {
      decision: "Reject",
      rejectReason: "Priset stämmer inte med tilläggsavtalet.",
    });
    expect(rejected.status).toBe(200);
    expect((await changeRequestsOf("cr-reject"))[0]).toMatchObject({
      decision: "Rejected",
      rejected_reason: "Priset stämmer inte med tilläggsavtalet.",
    });
    expect((await agreementOf("cr-reject")).purchase_price).toBe(2_450_000);
  });

  it("lets exactly one of two decisions at once win", async () => {
    const { changeRequestId } = await create("cr-race", { purchasePrice: "2 300 000" });
    const input = { transferId: "cr-race", requestId: changeRequestId };
    const outcomes = await Promise.allSettled([
      decideChangeRequest(await ctxFor("user-erik"), { ...input, decision: "Accept" }),
      decideChangeRequest(await ctxFor("user-karin"), { ...input, decision: "Reject", rejectReason: "Nej" }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")!;
    expect(lost.reason).toBeInstanceOf(DomainError);
    expect((lost.reason as DomainError).code).toBe("Conflict");
    const [row] = await changeRequestsOf("cr-race");
    const price = (await agreementOf("cr-race")).purchase_price;
    expect(price).toBe(row!.decision === "Accepted" ? 2_300_000 : 2_450_000);
    const audits = await getDb()
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", changeRequestId)
      .where("action", "in", ["acceptChangeRequest", "rejectChangeRequest"])
      .execute();
    expect(audits).toHaveLength(1);
  });

  it("refuses to accept what would put the entry date before the contract date as the agreement is now", async () => {
    const { changeRequestId } = await create("cr-both", { contractDate: "2026-11-15" });
    // The agreement changed meanwhile (the wizard, or another accepted change): the entry date moved earlier.
    await getDb()
      .updateTable("transfers")
      .set({ entry_date: "2026-11-01" })
      .where("id", "=", "cr-both")
      .execute();
    const answer = await apiDecide("cr-both", changeRequestId, erik, { decision: "Accept" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      errors: {
        decision: [
          "Ändringen kan inte godkännas eftersom tillträdesdagen då skulle bli tidigare än avtalsdatumet",
        ],
      },
    });
    expect((await changeRequestsOf("cr-both"))[0]!.decision).toBeNull();
  });
});

describe("the pages without JavaScript", () => {
  it("the Kompletteringar tab carries the section: the board's decision paths, the manager's Ny ändringsbegäran", async () => {
    type Tab = {
      extra: {
        changeRequests: {
          requests: Array<{ id: string; canMakeDecision: boolean }>;
          create: { disabled: boolean; disabledReason: string | null; href: string } | null;
          acceptPath: Record<string, string>;
          rejectPath: Record<string, string>;
        } | null;
      };
    };
    const tab = async (transferId: string, cookie: string) =>
      (await (
        await answered(
          additionalsTab.loader({
            request: request(`/transfers/${transferId}/additionals`, { cookie }),
            params: { id: transferId },
            context: {},
          }),
        )
      ).json()) as Tab;
    const board = (await tab("cr-1", erik)).extra.changeRequests!;
    const id = board.requests[0]!.id;
    expect(board.create).toBeNull();
    expect(board.requests[0]!.canMakeDecision).toBe(true);
    expect(board.acceptPath[id]).toBe(`/transfers/cr-1/additionals/changeRequests/${id}/accept`);
    expect(board.rejectPath[id]).toBe(`/transfers/cr-1/additionals/changeRequests/${id}/reject`);
    expect((await tab("cr-1", maria)).extra.changeRequests!.create).toEqual({
      disabled: true,
      disabledReason: "Det finns ändringsbegäranden som inte är beslutade",
      href: "/transfers/cr-1/additionals/changeRequests/new",
    });
    expect((await tab("cr-page", maria)).extra.changeRequests!.create).toMatchObject({ disabled: false });
  });

  it("shows a pending request's values without a Tidigare värde that repeats the current one", async () => {
    const page = await renderedPage(
      additionalsTab,
      "/transfers/:id/additionals",
      request("/transfers/cr-1/additionals", { cookie: maria }),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain("Nuvarande värde");
    expect(page.html).not.toContain("Tidigare värde");
  });

  it("ends the current value's part of a field's hint before the hint goes on", async () => {
    const page = await renderedPage(
      newPage,
      "/transfers/:id/additionals/changeRequests/new",
      request("/transfers/cr-page/additionals/changeRequests/new", { cookie: maria }),
    );
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/kr\. I hela kronor/);
  });

  function pagePost(fields: Record<string, string>, file: File | null, cookie = maria) {
    return answered(
      newPage.action({
        request: request("/transfers/cr-page/additionals/changeRequests/new", {
          method: "POST",
          body: multipart(fields, file),
          cookie,
          headers: ORIGIN,
        }),
        params: { id: "cr-page" },
        context: {},
      }),
    );
  }

  it("shows the manager the form with the current values; the board gets the not-found page", async () => {
    const load = (cookie: string) =>
      answered(
        newPage.loader({
          request: request("/transfers/cr-page/additionals/changeRequests/new", { cookie }),
          params: { id: "cr-page" },
          context: {},
        }),
      );
    const page = (await (await load(maria)).json()) as {
      title: string;
      current: unknown;
      disabledReason: unknown;
    };
    expect(page.title).toBe("Ny ändringsbegäran");
    expect(page.current).toEqual({
      purchasePrice: 2_450_000,
      entryDate: "2026-12-01",
      contractDate: "2026-10-01",
    });
    expect(page.disabledReason).toBeNull();
    expect((await load(erik)).status).toBe(404);
    expect((await load(anders)).status).toBe(404);
  });

  it("answers a failed post with the errors and every value typed (400); the file's error asks for it again", async () => {
    const answer = await pagePost({ purchasePrice: "12 345,50", entryDate: "2026-09-01" }, pdfFile());
    expect(answer.status).toBe(400);
    const reply = await formReplyOf(answer);
    expect(reply.fields).toEqual({
      purchasePrice: ["Ange köpeskillingen i hela kronor, utan decimaler"],
      entryDate: ["Tillträdesdagen får inte vara tidigare än avtalsdatumet"],
      additionalAgreement: [
        "Välj tilläggsavtalet igen. Filen sparas inte när något i formuläret behöver rättas.",
      ],
    });
    expect(reply.values).toMatchObject({ purchasePrice: "12 345,50", entryDate: "2026-09-01" });
    const nothing = await formReplyOf(await pagePost({ purchasePrice: "2 450 000" }, pdfFile()));
    expect(nothing.form).toEqual(["Ändra minst ett av värdena"]);
    const notPdf = await formReplyOf(
      await pagePost({ purchasePrice: "2 400 000" }, new File(["x"], "avtal.docx")),
    );
    expect(notPdf.fields.additionalAgreement).toEqual([
      "avtal.docx är ingen PDF. Det går bara att ladda upp PDF-filer.",
    ]);
    expect(notPdf.values).toMatchObject({ purchasePrice: "2 400 000" });
  });

  it("creates with a 303 to the tab and the toast Ändringsbegäran skapad; the board accepts by a post", async () => {
    const answer = await pagePost({ purchasePrice: "2 400 000", entryDate: "", contractDate: "" }, pdfFile());
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/transfers/cr-page/additionals");
    expect(flashedToastKeys(answer)).toEqual(["review:changeRequests.toast.created"]);
    const [row] = await changeRequestsOf("cr-page");
    const accepted = await answered(
      acceptRoute.action({
        request: formRequest(
          `/transfers/cr-page/additionals/changeRequests/${row!.id}/accept`,
          {},
          { cookie: erik },
        ),
        params: { id: "cr-page", requestId: row!.id },
        context: {},
      }),
    );
    expect(accepted.status).toBe(303);
    expect((await agreementOf("cr-page")).purchase_price).toBe(2_400_000);
    // Accepting again is refused with the spec's message as a toast on the tab.
    const again = await answered(
      acceptRoute.action({
        request: formRequest(
          `/transfers/cr-page/additionals/changeRequests/${row!.id}/accept`,
          {},
          { cookie: erik },
        ),
        params: { id: "cr-page", requestId: row!.id },
        context: {},
      }),
    );
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/transfers/cr-page/additionals");
    expect(flashedToastKeys(again)).toEqual(["review:toast.refused"]);
  });

  it("creates without a file chosen (the browser's empty part), and from a form post without a file part", async () => {
    const post = (body: FormData | URLSearchParams) =>
      answered(
        newPage.action({
          request: request("/transfers/cr-page-nofile/additionals/changeRequests/new", {
            method: "POST",
            body,
            cookie: maria,
            headers: ORIGIN,
          }),
          params: { id: "cr-page-nofile" },
          context: {},
        }),
      );
    const answer = await post(multipart({ purchasePrice: "2 300 000", entryDate: "" }, null));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/transfers/cr-page-nofile/additionals");
    expect(flashedToastKeys(answer)).toEqual(["review:changeRequests.toast.created"]);
    const [first] = await changeRequestsOf("cr-page-nofile");
    expect(first).toMatchObject({ purchase_price_new: 2_300_000, additional_agreement_document_id: null });
    // The board decides it as any other; then a plain form post (no file part at all) makes the next one.
    await decideChangeRequest(await ctxFor("user-erik"), {
      transferId: "cr-page-nofile",
      requestId: first!.id,
      decision: "Reject",
      rejectReason: "Fel belopp",
    });
    const plain = await post(new URLSearchParams({ entryDate: "2027-02-01" }));
    expect(plain.status).toBe(303);
    expect(await changeRequestsOf("cr-page-nofile")).toHaveLength(2);
    expect(await additionalAgreementsOf("cr-page-nofile")).toHaveLength(0);
  });

  it("rejects on the Avslå ändringsbegäran page: the reason is required, then 303 to the tab", async () => {
    const { changeRequestId } = await create("cr-page-reject", { entryDate: "2027-02-01" });
    const path = `/transfers/cr-page-reject/additionals/changeRequests/${changeRequestId}/reject`;
    const params = { id: "cr-page-reject", requestId: changeRequestId };
    const page = await answered(
      rejectPage.loader({ request: request(path, { cookie: erik }), params, context: {} }),
    );
    expect(((await page.json()) as { title: string }).title).toBe("Avslå ändringsbegäran");
    const forManager = await answered(
      rejectPage.loader({ request: request(path, { cookie: maria }), params, context: {} }),
    );
    expect(forManager.status).toBe(303);
    const empty = await answered(
      rejectPage.action({
        request: formRequest(path, { rejectReason: " " }, { cookie: erik }),
        params,
        context: {},
      }),
    );
    expect(empty.status).toBe(400);
    expect((await formReplyOf(empty)).fields).toEqual({ rejectReason: ["Ange orsak"] });
    const done = await answered(
      rejectPage.action({
        request: formRequest(path, { rejectReason: "Tillträdet kan inte flyttas." }, { cookie: erik }),
        params,
        context: {},
      }),
    );
    expect(done.status).toBe(303);
    expect(flashedToastKeys(done)).toEqual(["review:changeRequests.toast.rejected"]);
    const row = (await changeRequestsOf("cr-page-reject")).find((r) => r.id === changeRequestId)!;
    expect(row).toMatchObject({ decision: "Rejected", rejected_reason: "Tillträdet kan inte flyttas." });
    expect((await agreementOf("cr-page-reject")).entry_date).toBe("2026-12-01");
  });
});
