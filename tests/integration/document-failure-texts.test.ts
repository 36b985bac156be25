import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as tab from "~/routes/transfers.$id.documents._index";
import * as wizardRoute from "~/routes/transfers.$id.application.($page)";
import { getDb } from "~/server/db/db.server";
import { conflict, forbidden } from "~/server/domain/core/errors.server";
import type { ReceiveOutcome } from "~/server/domain/documents/uploads.server";
import { svT } from "~/server/platform/i18n.server";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { addDocument, testPdf } from "../support/documents";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";
import { ANNA, insertWizardTransfer, keepErrorLines } from "../support/wizard";
import type * as Uploads from "~/server/domain/documents/uploads.server";

/**
 * Spec 02 §8's texts of a document that cannot be created, uploaded, re-categorised or deleted, on the Dokument tab
 * and in the wizard's documents steps: a refusal says what failed and then why, a failure of ours names the file
 * (or, for a deletion, asks for a reload). Each failure is made by the use case that would fail, replaced here.
 */

const fail = vi.hoisted(() => ({
  create: null as Error | null,
  receive: null as Error | { outcome: "broken" } | null,
  category: null as Error | null,
  remove: null as Error | null,
  erased: false,
}));

vi.mock("~/server/domain/documents/uploads.server", async (original) => {
  const module = await original<typeof Uploads>();
  const failing = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, key: "create" | "category") =>
    ((...args: A) => (fail[key] ? Promise.reject(fail[key]) : fn(...args))) as typeof fn;
  return {
    ...module,
    createDocument: failing(module.createDocument, "create"),
    changeDocumentCategory: failing(module.changeDocumentCategory, "category"),
    receiveUpload: (...args: Parameters<typeof module.receiveUpload>): Promise<ReceiveOutcome> => {
      const failure = fail.receive;
      if (failure === null) return module.receiveUpload(...args);
      void args[2].cancel();
      return failure instanceof Error ? Promise.reject(failure) : Promise.resolve(failure);
    },
    removeDocument: (...args: Parameters<typeof module.removeDocument>) =>
      fail.remove
        ? Promise.reject(fail.remove)
        : fail.erased
          ? Promise.resolve({ kind: "erased" as const, fileName: "Avtal.pdf" })
          : module.removeDocument(...args),
  };
});

const context = {};
let maria: string;
let logged: string[] = [];

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "df-1", objectId: WORLD.objectA });
  await addDocument("df-doc", "df-1", { uploaded_by_user_id: "user-maria" });
  await insertWizardTransfer(db, "df-wizard", [
    { id: "df-wizard-anna", identifier: ANNA, firstName: "Anna" },
  ]);
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  logged = keepErrorLines();
});

afterEach(() => {
  logged.length = 0;
  Object.assign(fail, { create: null, receive: null, category: null, remove: null, erased: false });
});

const pdfFile = () => new File([testPdf as BlobPart], "Avtal.pdf", { type: "application/pdf" });

function upload(path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", pdfFile());
  return request(path, {
    method: "POST",
    body: form,
    cookie: maria,
    headers: { Origin: "http://localhost:3000" },
  });
}
const postTab = (req: Request) => answered(tab.action({ request: req, params: { id: "df-1" }, context }));

/** The toasts a redirect flashes, as the page shows them. */
function toastsOf(response: Response): string[] {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(/__flash=([^;]*)/.exec(cookie)?.[1] ?? "").split(".")[0]!;
  const flash = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Record<string, unknown>;
  const toasts = Object.values(flash)[0] as Array<{ key: string; values?: Record<string, string> }>;
  return toasts.map((t) => svT()(t.key, t.values));
}

describe("an upload on the Dokument tab", () => {
  const send = () => postTab(upload("/transfers/df-1/documents", { category: "TransferAgreement" }));

  it("a document that may not be created says `Kunde inte skapa dokument`, then why, keeping the category", async () => {
    fail.create = forbidden();
    const response = await send();
    expect(response.status).toBe(403);
    const reply = await formReplyOf(response);
    expect(reply.form[0]).toBe("Kunde inte skapa dokument");
    expect(reply.form).toHaveLength(2);
    expect(reply.values.category).toBe("TransferAgreement");
  });

  it("a document we cannot create names the file", async () => {
    fail.create = new Error("database away");
    const response = await send();
    expect(response.status).toBe(500);
    const reply = await formReplyOf(response);
    expect(reply.fields.file).toEqual([
      "Skapandet av dokument Avtal.pdf misslyckades. Försök på nytt om en stund.",
    ]);
    expect(logged.join("")).toContain("a document could not be uploaded");
  });

  it("a file that may not be stored says `Kunde inte ladda upp dokument`, then why", async () => {
    fail.receive = conflict();
    const response = await send();
    expect(response.status).toBe(409);
    const reply = await formReplyOf(response);
    expect(reply.form[0]).toBe("Kunde inte ladda upp dokument");
    expect(reply.form).toHaveLength(2);
  });

  it("a file we cannot store, or whose upload broke off, names the file", async () => {
    fail.receive = new Error("storage away");
    const failed = await send();
    expect(failed.status).toBe(500);
    const text = "Uppladdningen av dokument Avtal.pdf misslyckades. Försök på nytt om en stund.";
    expect((await formReplyOf(failed)).fields.file).toEqual([text]);
    fail.receive = { outcome: "broken" };
    expect((await formReplyOf(await send())).fields.file).toEqual([text]);
  });
});

describe("a change of category and a deletion on the Dokument tab", () => {
  const post = (fields: Record<string, string>) =>
    postTab(formRequest("/transfers/df-1/documents", fields, { cookie: maria }));
  const change = () => post({ intent: "changeCategory", documentId: "df-doc", category: "DeedOfGift" });
  const remove = () => post({ intent: "remove", documentId: "df-doc" });

  it("a category that cannot be changed says `Kunde inte uppdatera dokumentkategori`", async () => {
    fail.category = forbidden();
    const refused = await change();
    expect(refused.status).toBe(303);
    expect(toastsOf(refused)[0]).toBe("Kunde inte uppdatera dokumentkategori");
    expect(toastsOf(refused)).toHaveLength(2);
    fail.category = new Error("database away");
    expect(toastsOf(await change())).toEqual(["Kunde inte uppdatera dokumentkategori"]);
  });

  it("a deletion the policy refuses says `Dokumentet kunde inte raderas`, another refusal `Kunde inte radera dokument`", async () => {
    fail.remove = forbidden("errors.documentNotRemovable");
    expect(toastsOf(await remove())[0]).toBe("Dokumentet kunde inte raderas");
    fail.remove = conflict();
    expect(toastsOf(await remove())[0]).toBe("Kunde inte radera dokument");
  });

  it("a deletion that fails for a reason of ours asks for a reload", async () => {
    fail.remove = new Error("database away");
    expect(toastsOf(await remove())).toEqual(["Ett fel uppstod vid radering av dokument. Ladda om sidan."]);
  });

  it("an erased document says `Dokumentet har raderats`", async () => {
    fail.erased = true;
    expect(toastsOf(await remove())).toEqual(["Dokumentet har raderats"]);
  });
});

describe("the wizard's documents step", () => {
  const path = "/transfers/df-wizard/application/requiredDocuments";
  const params = { id: "df-wizard", page: "requiredDocuments" };
  const send = (req: Request) => answered(wizardRoute.action({ request: req, params, context }));

  it("an upload that cannot be stored names the file, and a refused one says what failed and why", async () => {
    fail.receive = new Error("storage away");
    const failed = await send(upload(path, { formId: "upload-agreement", category: "TransferAgreement" }));
    expect(failed.status).toBe(500);
    expect((await formReplyOf(failed)).fields.file).toEqual([
      "Uppladdningen av dokument Avtal.pdf misslyckades. Försök på nytt om en stund.",
    ]);
    fail.receive = null;
    fail.create = forbidden();
    // The other slot: the failed upload's row holds the agreement's until the timeout job removes it.
    const refused = await send(
      upload(path, { formId: "upload-MembershipApplication", category: "MembershipApplication" }),
    );
    expect(refused.status).toBe(403);
    expect((await formReplyOf(refused)).form[0]).toBe("Kunde inte skapa dokument");
  });

  it("a removal that fails says the spec's texts", async () => {
    fail.remove = forbidden("errors.documentNotRemovable");
    const refused = await send(formRequest(path, { intent: "remove", documentId: "x" }, { cookie: maria }));
    expect((await formReplyOf(refused)).form[0]).toBe("Dokumentet kunde inte raderas");
    fail.remove = new Error("database away");
    const failed = await send(formRequest(path, { intent: "remove", documentId: "x" }, { cookie: maria }));
    expect(failed.status).toBe(500);
    expect((await formReplyOf(failed)).form).toEqual([
      "Ett fel uppstod vid radering av dokument. Ladda om sidan.",
    ]);
  });
});
