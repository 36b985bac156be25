import { beforeAll, describe, expect, it } from "vitest";
import * as managerRoute from "~/routes/transfers.$id.application.($page)";
import * as privateRoute from "~/routes/transfers.private.$id.application.($page)";
import * as confirmRoute from "~/routes/api.core.transfers.$id.application.requiredDocuments";
import * as proposedRoute from "~/routes/api.core.transfers.$id.application.proposed";
import * as overviewRoute from "~/routes/transfers.$id.overview";
import * as privateOverviewRoute from "~/routes/transfers.private.$id.overview";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import type { OptionalDocumentsData, RequiredDocumentsData, ReviewData, WizardShellData } from "~/lib/wizard";
import { answered, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { addDocument } from "../support/documents";
import { renderedPage } from "../support/render";
import { truncateFileName } from "~/lib/truncate";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";
import { ANNA, PER, saveFilledApplication } from "../support/wizard";

/**
 * Decision 023: the wizard's shell (guards and the navigation rule of spec 03 §2.2, §4.1) and its steps 1, 3 and 4,
 * called as the browser calls them without JavaScript (form and multipart posts to the route's action).
 */

const context = {};
const pdf = makePdf({ title: "Medlemskapsansökan", lines: ["Sökande: Sara Lind"] });

let maria: string;
let erik: string;
let elin: string;
let anders: string;

const half = { owner_share_numerator: 1, owner_share_denominator: 2 };
const transferors = (prefix: string) => [
  {
    id: `${prefix}-anna`,
    kind: "Transferor",
    identifier_value: ANNA,
    first_name: "Anna",
    last_name: "Ek",
    ...half,
  },
  {
    id: `${prefix}-per`,
    kind: "Transferor",
    identifier_value: PER,
    first_name: "Per",
    last_name: "Ek",
    ...half,
  },
];
const initiated = {
  status: "Initiated",
  initiator_role: "PropertyManager",
  purchase_price: null,
  contract_date: null,
  entry_date: null,
};

type Page = { wizard: WizardShellData; waiting: boolean; data: unknown };

function routeOf(path: string) {
  return path.startsWith("/transfers/private/") ? privateRoute : managerRoute;
}
function paramsOf(path: string) {
  const m = /^\/transfers\/(?:private\/)?([^/]+)\/application(?:\/([^/?]+))?/.exec(path)!;
  return { id: decodeURIComponent(m[1]!), page: m[2] };
}
const load = (path: string, cookie = maria) =>
  answered(routeOf(path).loader({ request: request(path, { cookie }), params: paramsOf(path), context }));
const post = (path: string, fields: Record<string, string>, cookie = maria) =>
  answered(
    routeOf(path).action({ request: formRequest(path, fields, { cookie }), params: paramsOf(path), context }),
  );
function upload(path: string, fields: Record<string, string>, file: File, cookie = maria) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  const req = request(path, {
    method: "POST",
    body: form,
    cookie,
    headers: { Origin: "http://localhost:3000" },
  });
  return answered(routeOf(path).action({ request: req, params: paramsOf(path), context }));
}
const pdfFile = (name = "Ansökan.pdf") => new File([pdf as BlobPart], name, { type: "application/pdf" });

async function pageOf(path: string, cookie = maria): Promise<Page> {
  const response = await load(path, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}
async function replyOf(response: Response) {
  return (await response.json()) as {
    formId: string;
    also?: string[];
    result: { error?: Record<string, string[]> };
  };
}
async function documentsOf(transferId: string) {
  return getDb()
    .selectFrom("documents")
    .select(["id", "category", "status", "file_name"])
    .where("transfer_id", "=", transferId)
    .orderBy("created_at")
    .execute();
}
async function statusOf(transferId: string) {
  return await getDb()
    .selectFrom("transfers")
    .select(["status", "transfer_type"])
    .where("id", "=", transferId)
    .executeTakeFirstOrThrow();
}

async function verifiedRequired(transferId: string, agreement = "TransferAgreement") {
  await addDocument(`${transferId}-ma`, transferId, {
    category: "MembershipApplication",
    file_name: "Medlemskapsansökan.pdf",
    uploaded_by_user_id: "user-maria",
  });
  await addDocument(`${transferId}-ag`, transferId, {
    category: agreement,
    uploaded_by_user_id: "user-maria",
  });
}

beforeAll(async () => {
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "0";
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  for (const id of ["wz-1", "wz-2", "wz-3", "wz-4", "wz-5", "wz-6"]) {
    await insertTransfer(db, { id, objectId: WORLD.objectA, ...initiated }, transferors(id));
  }
  await insertTransfer(
    db,
    { id: "wz-sent", objectId: WORLD.objectA, status: "ApplicationSent" },
    transferors("wz-sent"),
  );
  await insertTransfer(db, { id: "wz-b", objectId: WORLD.objectB, ...initiated }, transferors("wz-b"));
  await insertTransfer(db, { id: "wz-org", objectId: WORLD.objectA, ...initiated }, [
    {
      id: "wz-org-ab",
      kind: "Transferor",
      identifier_type: "OrganizationNumber",
      identifier_value: "5560360793",
      first_name: "Fastighets AB Ek",
      last_name: "",
      owner_share_numerator: 1,
      owner_share_denominator: 1,
    },
  ]);
  await insertTransfer(
    db,
    {
      id: "wz-private",
      objectId: WORLD.objectA,
      status: "DraftTransfer",
      initiator_role: "PrivateIntermediary",
      created_by_user_id: "user-elin",
      purchase_price: null,
      contract_date: null,
      entry_date: null,
    },
    transferors("wz-private"),
  );
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik", "styrelse")).cookie;
  elin = (await signedInSession("user-elin", "individuals")).cookie;
});

describe("the wizard's shell", () => {
  it("opens step 1 of an Initiated transfer, with only step 1 reachable", async () => {
    const page = await pageOf("/transfers/wz-1/application/requiredDocuments");
    expect(page.wizard).toMatchObject({
      side: "manager",
      step: "requiredDocuments",
      reachable: ["requiredDocuments"],
      paths: { transfer: "/transfers/wz-1" },
    });
    // No page is the first step too (the transfer page's CreateApplication links there).
    expect((await pageOf("/transfers/wz-1/application")).wizard.step).toBe("requiredDocuments");
  });

  it("sends an unknown page, a skip ahead and a transfer no longer editable to the transfer", async () => {
    for (const path of [
      "/transfers/wz-1/application/nosuchstep",
      "/transfers/wz-1/application/form",
      "/transfers/wz-1/application/optionalDocuments",
      "/transfers/wz-1/application/review",
      "/transfers/wz-sent/application/requiredDocuments",
    ]) {
      const response = await load(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(`/transfers/${paramsOf(path).id}`);
    }
    // A post to a page beyond the reachable ones saves nothing and goes the same way.
    const posted = await post("/transfers/wz-1/application/review", { intent: "submit" });
    expect(posted.status).toBe(302);
    expect((await statusOf("wz-1")).status).toBe("Initiated");
  });

  it("answers another manager's transfer like a missing one, and sends a board member to no permissions", async () => {
    const outOfScope = await load("/transfers/wz-b/application/requiredDocuments");
    const missing = await load("/transfers/nope/application/requiredDocuments");
    expect(outOfScope.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await outOfScope.json()).toEqual(await missing.json());
    expect((await load("/transfers/wz-b/application/requiredDocuments", anders)).status).toBe(200);
    const board = await load("/transfers/wz-1/application/requiredDocuments", erik);
    expect(board.status).toBe(302);
    expect(board.headers.get("Location")).toBe("/noPermissions");
  });

  it("is the same wizard for the private party, on their own DraftTransfer only", async () => {
    const page = await pageOf("/transfers/private/wz-private/application", elin);
    expect(page.wizard).toMatchObject({
      side: "private",
      step: "requiredDocuments",
      paths: { transfer: "/transfers/private/wz-private" },
    });
    expect((await load("/transfers/private/wz-1/application", elin)).status).toBe(404);
    // The manager's route is not the private party's.
    expect((await load("/transfers/wz-private/application", elin)).status).toBe(302);
  });

  it("shows the waiting page instead of the form while the analysis is InProgress, then the form's state", async () => {
    await verifiedRequired("wz-6");
    const at = new Date().toISOString();
    await getDb()
      .insertInto("document_analyses")
      .values({ transfer_id: "wz-6", status: "InProgress", created_at: at, updated_at: at })
      .execute();
    const waiting = await pageOf("/transfers/wz-6/application/form");
    expect(waiting.waiting).toBe(true);
    expect(waiting.data).toBeNull();
    expect(waiting.wizard.proposedApplication).toEqual({ status: "InProgress" });
    // A post while waiting saves nothing: back to the waiting page.
    const posted = await post("/transfers/wz-6/application/form", { intent: "save" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/transfers/wz-6/application/form");

    const polled = await answered(
      proposedRoute.loader({
        request: request("/api/core/transfers/wz-6/application/proposed", { cookie: maria }),
        params: { id: "wz-6" },
        context,
      }),
    );
    expect(await polled.json()).toEqual({ status: "InProgress" });
    await getDb()
      .updateTable("document_analyses")
      .set({ status: "Failed", failure: "NoText" })
      .where("transfer_id", "=", "wz-6")
      .execute();
    const failed = await load("/transfers/wz-6/application/form");
    // Not waiting any more: the form step (its module is the other branch's) gets the Failed state.
    if (failed.status === 200) {
      const page = (await failed.json()) as Page;
      expect(page.waiting).toBe(false);
      expect(page.wizard.proposedApplication).toEqual({ status: "Failed" });
    } else {
      expect(failed.status).toBe(500);
    }
  });
});

describe("the way into the wizard", () => {
  const actionsOf = async (
    route: typeof overviewRoute | typeof privateOverviewRoute,
    id: string,
    cookie: string,
  ) => {
    const path = route === overviewRoute ? `/transfers/${id}/overview` : `/transfers/private/${id}/overview`;
    const response = await answered(
      route.loader({ request: request(path, { cookie }), params: { id }, context }),
    );
    const body = (await response.json()) as {
      actions?: Array<{ type: string }>;
      review: { actions: Array<{ type: string }> };
    };
    return (body.actions ?? body.review.actions).map((a) => a.type);
  };

  it("is offered on the transfer page only while the application may be filled in", async () => {
    expect(await actionsOf(overviewRoute, "wz-1", maria)).toContain("CreateApplication");
    expect(await actionsOf(overviewRoute, "wz-sent", maria)).not.toContain("CreateApplication");
    expect(await actionsOf(privateOverviewRoute, "wz-private", elin)).toContain("CreateApplication");
  });
});

describe("step 1, Obligatoriska dokument", () => {
  const STEP = "/transfers/wz-2/application/requiredDocuments";

  it("shows the membership application and the type's slots, and changes the type", async () => {
    let data = (await pageOf(STEP)).data as RequiredDocumentsData;
    expect(data.slots.map((s) => [s.key, s.categories])).toEqual([
      ["MembershipApplication", ["MembershipApplication"]],
      ["agreement", ["TransferAgreement"]],
    ]);
    const changed = await post(STEP, { intent: "setType", type: "Inheritance" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe(STEP);
    expect((await statusOf("wz-2")).transfer_type).toBe("Inheritance");
    data = (await pageOf(STEP)).data as RequiredDocumentsData;
    expect(data.slots[1]!.categories).toEqual(["EstateDistribution", "EstateInventory"]);
    await post(STEP, { intent: "setType", type: "Purchase" });
  });

  it("refuses no type, and a type the transfer cannot take, keeping the previous one", async () => {
    const none = await post(STEP, { intent: "setType" });
    expect(none.status).toBe(400);
    expect((await replyOf(none)).result.error).toEqual({
      type: ["transfer:application.transferTypeRequired"],
    });
    const org = "/transfers/wz-org/application/requiredDocuments";
    const impossible = await post(org, { intent: "setType", type: "Inheritance" });
    expect(impossible.status).toBe(400);
    expect((await replyOf(impossible)).result.error?.type).toEqual([
      "transfer:application.transferTypeNotPossible",
    ]);
    expect((await statusOf("wz-org")).transfer_type).toBe("Purchase");
  });

  it("uploads into a slot as a multipart post, one document per category", async () => {
    const uploaded = await upload(
      STEP,
      { formId: "upload-MembershipApplication", category: "MembershipApplication" },
      pdfFile(),
    );
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(STEP);
    expect(await documentsOf("wz-2")).toEqual([
      expect.objectContaining({
        category: "MembershipApplication",
        status: "UploadPending",
        file_name: "Ansökan.pdf",
      }),
    ]);
    const again = await upload(
      STEP,
      { formId: "upload-MembershipApplication", category: "MembershipApplication" },
      pdfFile("Igen.pdf"),
    );
    expect(again.status).toBe(400);
    const reply = await replyOf(again);
    expect(reply.formId).toBe("upload-MembershipApplication");
    expect(reply.result.error?.file).toEqual(["wizard:required.categoryTaken"]);
    // A category of another step, or another slot's, is not this slot's.
    const other = await upload(
      STEP,
      { formId: "upload-agreement", category: "PersonalGuarantee" },
      pdfFile(),
    );
    expect(other.status).toBe(400);
    expect((await replyOf(other)).result.error?.file).toEqual(["documents.categoryNotAllowed"]);
    expect(await documentsOf("wz-2")).toHaveLength(1);
  });

  it("refuses a file that is not a PDF and a file name with control characters, naming the file", async () => {
    const fields = { formId: "upload-agreement", category: "TransferAgreement" };
    const gif = await upload(
      STEP,
      fields,
      new File(["GIF89a inte en PDF"], "bild.pdf", { type: "application/pdf" }),
    );
    expect(gif.status).toBe(400);
    expect((await replyOf(gif)).result.error?.file?.[0]).toMatch(/^documents\.notPdf\|.*bild\.pdf/);
    const control = await upload(STEP, fields, pdfFile("Avtal\u0007\u001b.pdf"));
    expect(control.status).toBe(400);
    const reply = await replyOf(control);
    expect(reply.formId).toBe("upload-agreement");
    expect(reply.result.error?.file).toEqual(["domain:documents.fileNameCharacters"]);
    expect((await documentsOf("wz-2")).map((d) => d.category)).toEqual(["MembershipApplication"]);
  });

  it("refuses a 26 MB file with 413 as it streams, leaving neither row nor file", async () => {
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(pdf.slice(0, 8));
    const before = await documentsOf("wz-2");
    const response = await upload(
      STEP,
      { formId: "upload-agreement", category: "TransferAgreement" },
      new File([big as BlobPart], "stor.pdf"),
    );
    expect(response.status).toBe(413);
    const reply = await replyOf(response);
    expect(reply.formId).toBe("upload-agreement");
    expect(reply.result.error?.file?.[0]).toMatch(/^documents\.tooLarge\|.*stor\.pdf/);
    expect(await documentsOf("wz-2")).toEqual(before);
  });

  it("refuses Fortsätt while a slot has no verified document, naming each missing slot", async () => {
    const response = await post(STEP, { intent: "continue" });
    expect(response.status).toBe(400);
    const reply = await replyOf(response);
    // The membership application is uploaded but not verified yet: both slots are missing.
    expect(reply.formId).toBe("upload-MembershipApplication");
    expect(reply.also).toEqual(["upload-MembershipApplication", "upload-agreement"]);
    expect(reply.result.error?.file).toEqual(["transfer:application.missingRequiredDocuments"]);
    // Nothing changed (the type change before started the application).
    expect((await statusOf("wz-2")).status).toBe("Draft");
  });

  it("tells the private party what their type's document must be", async () => {
    const privateStep = async () => {
      const page = await renderedPage(
        privateRoute,
        "/transfers/private/:id/application/:page?",
        request("/transfers/private/wz-private/application/requiredDocuments", { cookie: elin }),
      );
      expect(page.status).toBe(200);
      return page.html;
    };
    const purchase = await privateStep();
    expect(purchase).toContain("Överlåtelseavtalet ska vara undertecknat.");
    expect(purchase).not.toContain("bouppteckning");
    await getDb()
      .updateTable("transfers")
      .set({ transfer_type: "Gift" })
      .where("id", "=", "wz-private")
      .execute();
    const gift = await privateStep();
    expect(gift).toContain("Gåvobrevet ska vara undertecknat.");
    expect(gift).not.toContain("bouppteckning");
    await getDb()
      .updateTable("transfers")
      .set({ transfer_type: "Purchase" })
      .where("id", "=", "wz-private")
      .execute();
  });

  it("puts a space between a document's status and its Ta bort", async () => {
    const page = await renderedPage(
      managerRoute,
      "/transfers/:id/application/:page?",
      request(STEP, { cookie: maria }),
    );
    const text = page.html.replace(/<[^>]*>/g, "");
    expect(text).toMatch(/\([^)]+\) Ta bort/);
    expect(text).not.toMatch(/\)Ta bort/);
  });

  it("removes the user's own upload, and answers another transfer's document id as missing", async () => {
    const [mine] = await documentsOf("wz-2");
    await addDocument("wz-b-doc", "wz-b", { category: "MembershipApplication" });
    const foreign = await post(STEP, { intent: "remove", documentId: "wz-b-doc" });
    expect(foreign.status).toBe(404);
    expect((await replyOf(foreign)).result.error?.[""]).toEqual(["wizard:documents.notFound"]);
    const removed = await post(STEP, { intent: "remove", documentId: mine!.id });
    expect(removed.status).toBe(303);
    expect(await documentsOf("wz-2")).toEqual([]);
  });

  it("moves on once both slots hold verified documents, starting the application", async () => {
    await verifiedRequired("wz-2");
    const response = await post(STEP, { intent: "continue" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/transfers/wz-2/application/form");
    expect((await statusOf("wz-2")).status).toBe("Draft");
    expect((await pageOf(STEP)).wizard.reachable).toEqual(["requiredDocuments", "form"]);
  });

  it("confirms step 1 over the JSON call too", async () => {
    const call = (id: string, cookie = maria) =>
      answered(
        confirmRoute.action({
          request: request(`/api/core/transfers/${id}/application/requiredDocuments`, {
            method: "POST",
            cookie,
            headers: { Origin: "http://localhost:3000", "Content-Length": "0" },
          }),
          params: { id },
          context,
        }),
      );
    const missing = await call("wz-3");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      errors: {
        MembershipApplication: ["Det saknas obligatoriska dokument"],
        agreement: ["Det saknas obligatoriska dokument"],
      },
    });
    expect((await call("wz-b")).status).toBe(404);
    await verifiedRequired("wz-3");
    const done = await call("wz-3");
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ transferId: "wz-3", status: "Draft" });
  });
});

describe("step 3, Övriga dokument", () => {
  const STEP = "/transfers/wz-4/application/optionalDocuments";

  beforeAll(async () => {
    await verifiedRequired("wz-4");
    await saveFilledApplication("wz-4", ["wz-4-anna", "wz-4-per"]);
  });

  it("opens once steps 1 and 2 are done, offering the requirement's one category", async () => {
    const page = await pageOf(STEP);
    expect(page.wizard.reachable).toEqual(["requiredDocuments", "form", "optionalDocuments", "review"]);
    const data = page.data as OptionalDocumentsData;
    expect(data.categories).toEqual(["PersonalGuarantee"]);
    expect(data.requirements).toEqual([
      { restriction: "MultipleDocumentsOfCategory", categories: ["PersonalGuarantee"] },
    ]);
    expect(data.maxDocuments).toBe(25);
    expect(data.documents).toEqual([]);
  });

  it("uploads a personal guarantee, refuses a required category, and Fortsätt waits for the upload", async () => {
    const fields = { formId: "upload-optional", category: "PersonalGuarantee" };
    expect((await upload(STEP, fields, pdfFile("Borgen.pdf"))).status).toBe(303);
    const required = await upload(STEP, { ...fields, category: "MembershipApplication" }, pdfFile());
    expect(required.status).toBe(400);
    expect((await replyOf(required)).result.error?.file).toEqual(["documents.categoryNotAllowed"]);
    const early = await post(STEP, { intent: "continue" });
    expect(early.status).toBe(400);
    expect((await replyOf(early)).result.error?.[""]).toEqual(["wizard:documents.stillUploading"]);
    // The review is out of reach while it uploads.
    expect((await load("/transfers/wz-4/application/review")).status).toBe(302);
    await getDb()
      .updateTable("documents")
      .set({ status: "UploadVerified" })
      .where("transfer_id", "=", "wz-4")
      .execute();
    const done = await post(STEP, { intent: "continue" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/transfers/wz-4/application/review");
  });

  it("takes at most 25 documents", async () => {
    for (let i = 0; i < 24; i++) {
      await addDocument(`wz-4-pg-${i}`, "wz-4", {
        category: "PersonalGuarantee",
        file_name: `Borgen ${i}.pdf`,
      });
    }
    const response = await upload(
      STEP,
      { formId: "upload-optional", category: "PersonalGuarantee" },
      pdfFile("Nr 26.pdf"),
    );
    expect(response.status).toBe(400);
    expect((await replyOf(response)).result.error?.file).toEqual(["wizard:documents.tooMany"]);
    expect(((await pageOf(STEP)).data as OptionalDocumentsData).documents).toHaveLength(25);
  });
});

describe("step 4, Skicka in", () => {
  const STEP = "/transfers/wz-5/application/review";

  beforeAll(async () => {
    await verifiedRequired("wz-5");
    await saveFilledApplication("wz-5", ["wz-5-anna", "wz-5-per"]);
  });

  it("shows a long file name at 25 characters keeping its suffix, as the Dokument tab does", async () => {
    const name = "Borgensförbindelse för Sara Lind och Per Ek 2026.pdf";
    await addDocument("wz-5-long", "wz-5", { category: "PersonalGuarantee", file_name: name });
    const page = await renderedPage(
      managerRoute,
      "/transfers/:id/application/:page?",
      request(STEP, { cookie: maria }),
    );
    expect(page.status).toBe(200);
    const shown = truncateFileName(name);
    expect(shown).not.toBe(name);
    expect(page.html).toContain(`<span aria-hidden="true" title="${name}">${shown}</span>`);
    await getDb().deleteFrom("documents").where("id", "=", "wz-5-long").execute();
  });

  it("summarises everything saved, with shares as percent", async () => {
    const data = (await pageOf(STEP)).data as ReviewData;
    expect(data.transferType).toBe("Purchase");
    expect(data.requiredDocuments.map((d) => d.category).sort()).toEqual([
      "MembershipApplication",
      "TransferAgreement",
    ]);
    expect(data.transferors.map((p) => p.name)).toEqual(["Anna Ek", "Per Ek"]);
    expect(data.transferors[0]!.rows).toEqual(
      expect.arrayContaining([{ label: "Överlåten andel", value: "50,00\u00a0%" }]),
    );
    expect(data.acquirers[0]).toMatchObject({ name: "Sara Lind" });
    expect(data.acquirers[0]!.rows).toEqual(
      expect.arrayContaining([{ label: "Förvärvad andel", value: "100,00\u00a0%" }]),
    );
    expect(data.agreement).toEqual({
      purchasePrice: expect.stringMatching(/^2\s450\s000\skr$/u),
      contractDate: "2026-11-01",
      entryDate: "2026-12-01",
    });
    expect(data.paymentNoticeRecipient).toBe("Sara Lind");
    expect(data.validation).toEqual({ isValid: true, errors: [] });
  });

  it("needs the three confirmations", async () => {
    const response = await post(STEP, { intent: "submit" });
    expect(response.status).toBe(400);
    expect((await replyOf(response)).result.error).toEqual({
      correct: ["wizard:review.confirm.correct.required"],
      signed: ["wizard:review.confirm.signed.required"],
      singleDocument: ["wizard:review.confirm.singleDocument.required"],
    });
    expect((await statusOf("wz-5")).status).toBe("Draft");
  });

  it("lists what is left when the saved application is not valid, and refuses to submit it", async () => {
    await getDb()
      .updateTable("transfers")
      .set({ contract_date: "2099-01-01" })
      .where("id", "=", "wz-5")
      .execute();
    const data = (await pageOf(STEP)).data as ReviewData;
    expect(data.validation.isValid).toBe(false);
    expect(data.validation.errors).toContainEqual(
      expect.objectContaining({ message: "transfer:application.contractDateInFuture", step: "form" }),
    );
    const confirmations = { intent: "submit", correct: "on", signed: "on", singleDocument: "on" };
    const refused = await post(STEP, confirmations);
    expect(refused.status).toBe(400);
    expect((await replyOf(refused)).result.error?.[""]).toEqual(["transfer:application.notSubmitted"]);
    expect((await statusOf("wz-5")).status).toBe("Draft");
    await getDb()
      .updateTable("transfers")
      .set({ contract_date: "2026-11-01" })
      .where("id", "=", "wz-5")
      .execute();
  });

  it("submits, then goes to the transfer with Ansökan har skickats in", async () => {
    const response = await post(STEP, {
      intent: "submit",
      correct: "on",
      signed: "on",
      singleDocument: "on",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/transfers/wz-5/overview");
    expect(response.headers.get("Set-Cookie")).toContain("__flash");
    expect((await statusOf("wz-5")).status).toBe("ApplicationSent");
    // The wizard is closed now.
    expect((await load(STEP)).status).toBe(302);
  });
});
