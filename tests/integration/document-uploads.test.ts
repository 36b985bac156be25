import { beforeAll, describe, expect, it } from "vitest";
import * as apiCategory from "~/routes/api.core.transfers.$id.documents.$documentId.category";
import * as apiDocument from "~/routes/api.core.transfers.$id.documents.$documentId";
import * as apiDocuments from "~/routes/api.core.transfers.$id.documents";
import * as apiUploaded from "~/routes/api.core.transfers.$id.documents.$documentId.uploaded";
import * as apiRequirements from "~/routes/api.core.transfers.$id.documentrequirements";
import * as apiPropertyObjectDocument from "~/routes/api.core.propertyObjects.$id.documents.$documentId";
import * as upload from "~/routes/api.uploads.$documentId";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import { expireStalledUploads, UPLOAD_TIMEOUT_MS } from "~/server/domain/documents/lifecycle.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { createJobRunner } from "~/server/jobs/runner.server";
// Every job type (verifying a document enqueues its analysis and the automatic review).
import "~/server/jobs/index.server";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import { answered, request, tampered, signedInSession, startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * Decision 018, the JavaScript flow of spec 02 §7: POST …/documents {fileName, category} → {id, uploadUrl}; PUT the
 * bytes to uploadUrl → 201; the verification job moves the document on. Every refusal is a Swedish 400 (413 for
 * size), and leaves neither a file nor a row the page cannot show.
 */

let maria: string;
let anders: string;
let erik: string;
const pdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg", "Köpare: Örjan Ärlig"] });

const json = (path: string, method: string, cookie: string, body?: unknown) =>
  request(path, {
    method,
    cookie,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function create(transferId: string, body: unknown, cookie = maria) {
  return answered(
    apiDocuments.action({
      request: json(`/api/core/transfers/${transferId}/documents`, "POST", cookie, body),
      params: { id: transferId },
      context: {},
    }),
  );
}

function put(
  uploadUrl: string,
  body: Uint8Array | ReadableStream<Uint8Array> | null,
  headers: HeadersInit = {},
) {
  const url = new URL(uploadUrl, "http://localhost:3000");
  return answered(
    upload.action({
      request: new Request(url, {
        method: "PUT",
        body: body as BodyInit | null,
        headers: { "Content-Type": "application/pdf", ...headers },
        // Node's fetch wants this for a streamed body.
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit),
      params: { documentId: url.pathname.split("/")[3]! },
      context: {},
    }),
  );
}

const documentRow = (id: string) =>
  getDb().selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();

const runner = () => createJobRunner({ db: getDb(), kind: "sqlite", pollMs: 10 });

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "up-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "up-gift", objectId: WORLD.objectA, transfer_type: "Gift" });
  await insertTransfer(db, { id: "up-nordhem", objectId: WORLD.objectB });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("creating a document and putting its bytes", () => {
  it("answers 201 {id, uploadUrl}; the PUT stores the PDF (201) and the job verifies it", async () => {
    const created = await create("up-1", { fileName: "Överlåtelseavtal.pdf", category: "TransferAgreement" });
    expect(created.status).toBe(201);
    const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
    expect(uploadUrl).toMatch(new RegExp(`^/api/uploads/${id}\\?expires=\\d+&sig=[\\w-]{43}$`));
    expect((await documentRow(id))?.status).toBe("UploadNotStarted");
    expect((await documentRow(id))?.storage_key).toBe(`transfers/up-1/${id}.pdf`);

    const stored = await put(uploadUrl, pdf);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ id, status: "UploadPending", sizeInBytes: pdf.byteLength });
    expect((await documentRow(id))?.status).toBe("UploadPending");
    const jobs = await getDb()
      .selectFrom("jobs")
      .select(["type", "payload"])
      .where("type", "=", "document.verify")
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toContainEqual({ documentId: id });

    await runner().drain();
    const verified = await documentRow(id);
    expect(verified?.status).toBe("UploadVerified");
    expect(verified?.uploaded_by_user_id).toBe("user-maria");
    // The same URL does not take a second file.
    expect((await put(uploadUrl, pdf)).status).toBe(409);
  });

  it("streams a body that arrives in chunks (never needing it whole)", async () => {
    const created = await create("up-1", { fileName: "Ansökan.pdf", category: "MembershipApplication" });
    const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
    const chunks = [pdf.slice(0, 7), pdf.slice(7, 300), pdf.slice(300)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    expect((await put(uploadUrl, body)).status).toBe(201);
    const stored = await getStorage().get(`transfers/up-1/${id}.pdf`);
    expect(new Uint8Array(await new Response(stored).arrayBuffer())).toEqual(pdf);
  });

  it("refuses a non-PDF named .pdf in Swedish: 400, no file, no row", async () => {
    const created = await create("up-1", { fileName: "bild.pdf", category: "TransferAgreement" });
    const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
    const refused = await put(uploadUrl, new TextEncoder().encode("GIF89a not a pdf at all"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errors: { file: ["bild.pdf är ingen PDF. Det går bara att ladda upp PDF-filer."] },
    });
    expect(await documentRow(id)).toBeUndefined();
    expect(await getStorage().exists(`transfers/up-1/${id}.pdf`)).toBe(false);
  });

  it("refuses 26 MB with 413 and the spec's text, from the declared length or as the stream passes 25 MB", async () => {
    for (const declared of [true, false]) {
      const created = await create("up-1", { fileName: "stor.pdf", category: "TransferAgreement" });
      const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
      let sent = 0;
      const total = 26 * 1024 * 1024;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= total) return controller.close();
          const chunk = new Uint8Array(Math.min(1024 * 1024, total - sent));
          if (sent === 0) chunk.set(pdf.slice(0, 8));
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const refused = await put(uploadUrl, body, declared ? { "Content-Length": String(total) } : {});
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({
        errors: { file: ["stor.pdf är för stor. Maximal godkända filstorlek är 25MB"] },
      });
      // Refused at the limit: what was read is at most the limit and one chunk, never the whole file.
      expect(sent).toBeLessThanOrEqual(declared ? 1024 * 1024 : MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
      expect(await documentRow(id)).toBeUndefined();
      expect(await getStorage().exists(`transfers/up-1/${id}.pdf`)).toBe(false);
    }
  });

  it("refuses file names with control characters or a path, and categories the transfer does not take", async () => {
    for (const fileName of ["../../etc/passwd.pdf", "avtal\u0007.pdf", "a/b.pdf", "..", "   "]) {
      const refused = await create("up-1", { fileName, category: "TransferAgreement" });
      expect(refused.status, fileName).toBe(400);
      const body = (await refused.json()) as { errors: Record<string, string[]> };
      expect(body.errors.fileName?.[0], fileName).toMatch(/^Filnamnet|^Filen saknar namn/);
    }
    const gift = await create("up-gift", { fileName: "avtal.pdf", category: "TransferAgreement" });
    expect(gift.status).toBe(400);
    expect(await gift.json()).toMatchObject({
      errors: { category: ["Kategorin går inte att välja för den här överlåtelsen"] },
    });
    const summary = await create("up-1", { fileName: "x.pdf", category: "TransferSummary" });
    expect(summary.status).toBe(400);
    const missing = await create("up-1", { fileName: "x.pdf" });
    expect(await missing.json()).toMatchObject({ errors: { category: ["Välj kategori"] } });
    const count = await getDb()
      .selectFrom("documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("file_name", "in", ["x.pdf", "avtal.pdf"])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("is the API's 404 outside the scope and 403 for a board member, who does not upload", async () => {
    expect((await create("up-nordhem", { fileName: "a.pdf", category: "TransferAgreement" })).status).toBe(
      404,
    );
    expect((await create("up-1", { fileName: "a.pdf", category: "TransferAgreement" }, anders)).status).toBe(
      404,
    );
    expect((await create("up-1", { fileName: "a.pdf", category: "TransferAgreement" }, erik)).status).toBe(
      403,
    );
  });

  it("refuses a tampered or expired upload link", async () => {
    const created = await create("up-1", { fileName: "a.pdf", category: "TransferAgreement" });
    const { uploadUrl } = (await created.json()) as { uploadUrl: string };
    expect((await put(tampered(uploadUrl), pdf)).status).toBe(403);
    expect((await put(uploadUrl.replace(/expires=\d+/, "expires=1"), pdf)).status).toBe(403);
  });

  it("an upload cut off halfway leaves no file; the row waits for a retry, then the timeout job removes it", async () => {
    const created = await create("up-1", { fileName: "avbruten.pdf", category: "TransferAgreement" });
    const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(pdf.slice(0, 200));
        else controller.error(new Error("connection reset"));
      },
    });
    const broken = await put(uploadUrl, body);
    expect(broken.status).toBe(400);
    expect((await documentRow(id))?.status).toBe("UploadProgressing");
    expect(await getStorage().exists(`transfers/up-1/${id}.pdf`)).toBe(false);
    const later = new Date(Date.now() + UPLOAD_TIMEOUT_MS + 60_000);
    await expireStalledUploads(buildUseCaseContext(getDb(), "system", { now: later }));
    expect(await documentRow(id)).toBeUndefined();
  });
});

describe("telling the server that a presigned PUT answered", () => {
  const mark = (transferId: string, documentId: string, cookie: string) =>
    answered(
      apiUploaded.action({
        request: json(`/api/core/transfers/${transferId}/documents/${documentId}/uploaded`, "POST", cookie),
        params: { id: transferId, documentId },
        context: {},
      }),
    );

  it("only the uploader's side marks its upload: the board is refused, out of scope is missing", async () => {
    const created = await create("up-1", { fileName: "Gåvobrev.pdf", category: "TransferAgreement" });
    const { id } = (await created.json()) as { id: string };
    // The bytes are stored, as after the browser's PUT straight to S3.
    await getStorage().put(`transfers/up-1/${id}.pdf`, pdf);

    const byBoard = await mark("up-1", id, erik);
    expect(byBoard.status).toBe(403);
    expect(await byBoard.json()).toMatchObject({ message: "Du har inte behörighet att utföra åtgärden." });
    expect((await documentRow(id))?.status).toBe("UploadNotStarted");
    expect((await mark("up-1", id, anders)).status).toBe(404);
    expect((await documentRow(id))?.status).toBe("UploadNotStarted");

    const byManager = await mark("up-1", id, maria);
    expect(byManager.status).toBe(200);
    expect(await byManager.json()).toEqual({ id, status: "UploadPending" });
  });
});

describe("the other document calls", () => {
  it("documentrequirements lists the type's slots", async () => {
    const answer = await answered(
      apiRequirements.loader({
        request: request("/api/core/transfers/up-gift/documentrequirements", { cookie: maria }),
        params: { id: "up-gift" },
        context: {},
      }),
    );
    expect(await answer.json()).toEqual({
      transferType: "Gift",
      required: [
        { restriction: "SingleDocumentOfCategory", categories: ["MembershipApplication"] },
        { restriction: "SingleDocumentOfCategory", categories: ["DeedOfGift"] },
      ],
      optional: [{ restriction: "MultipleDocumentsOfCategory", categories: ["PersonalGuarantee"] }],
      maxOptionalDocuments: 25,
      uploadableCategories: ["MembershipApplication", "DeedOfGift", "PersonalGuarantee"],
    });
    const outside = await answered(
      apiRequirements.loader({
        request: request("/api/core/transfers/up-gift/documentrequirements", { cookie: anders }),
        params: { id: "up-gift" },
        context: {},
      }),
    );
    expect(outside.status).toBe(404);
  });

  it("changes a category to one the transfer takes, and deletes one's own unsent upload", async () => {
    const created = await create("up-1", { fileName: "borgen.pdf", category: "MembershipApplication" });
    const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
    await put(uploadUrl, pdf);
    const category = (cookie: string, value: string) =>
      answered(
        apiCategory.action({
          request: json(`/api/core/transfers/up-1/documents/${id}/category`, "PUT", cookie, {
            category: value,
          }),
          params: { id: "up-1", documentId: id },
          context: {},
        }),
      );
    expect((await category(maria, "PersonalGuarantee")).status).toBe(200);
    expect((await documentRow(id))?.category).toBe("PersonalGuarantee");
    expect((await documentRow(id))?.sensitive).toBe(1);
    expect((await category(maria, "DeedOfGift")).status).toBe(400);
    expect((await category(anders, "TransferAgreement")).status).toBe(404);

    const remove = (cookie: string) =>
      answered(
        apiDocument.action({
          request: json(`/api/core/transfers/up-1/documents/${id}`, "DELETE", cookie),
          params: { id: "up-1", documentId: id },
          context: {},
        }),
      );
    expect((await remove(anders)).status).toBe(404);
    expect((await remove(erik)).status).toBe(403);
    const removed = await remove(maria);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id, removed: "withdrawn" });
    expect(await documentRow(id)).toBeUndefined();
    expect(await getStorage().exists(`transfers/up-1/${id}.pdf`)).toBe(false);
  });

  it("opens a document through its property object only when a transfer of that object in scope holds it", async () => {
    const created = await create("up-1", { fileName: "objekt.pdf", category: "TransferAgreement" });
    const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
    await put(uploadUrl, pdf);
    await runner().drain();
    const open = (objectId: string, cookie: string) =>
      answered(
        apiPropertyObjectDocument.loader({
          request: request(`/api/core/propertyObjects/${objectId}/documents/${id}?noRedirect`, { cookie }),
          params: { id: objectId, documentId: id },
          context: {},
        }),
      );
    const opened = await open(WORLD.objectA, maria);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { url: string }).url).toMatch(
      new RegExp(`^/api/documents/${id}/file\\?`),
    );
    expect((await open(WORLD.objectB, maria)).status).toBe(404);
    expect((await open(WORLD.objectA, anders)).status).toBe(404);
  });
});
