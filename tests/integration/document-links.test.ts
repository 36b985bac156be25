import { beforeAll, describe, expect, it } from "vitest";
import * as apiDocument from "~/routes/api.core.transfers.$id.documents.$documentId";
import * as apiDocuments from "~/routes/api.core.transfers.$id.documents";
import * as file from "~/routes/api.documents.$documentId.file";
import * as documentPage from "~/routes/transfers.$id.documents.$documentId";
import { getDb } from "~/server/db/db.server";
import { signLink } from "~/server/platform/signed-links.server";
import { answered, request, tampered, signedInSession, startFreshApp } from "../support/app";
import { addDocument as addStoredDocument, testPdf as pdf } from "../support/documents";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/** Spec 02 §7: a document opens through a short-lived signed link, made only for a user whose scope holds it. */

let maria: string;
let anders: string;

/** This file's documents carry a name with the characters a download name replaces. */
const addDocument = (id: string, transferId: string, fields: Record<string, unknown> = {}) =>
  addStoredDocument(id, transferId, { file_name: 'Avtal: "slutligt"/2026.pdf', ...fields });

const open = (transferId: string, documentId: string, cookie: string, query = "") =>
  answered(
    documentPage.loader({
      request: request(`/transfers/${transferId}/documents/${documentId}${query}`, { cookie }),
      params: { id: transferId, documentId },
      context: {},
    }),
  );

const fetchFile = (location: string) =>
  answered(
    file.loader({
      request: request(location),
      params: { documentId: new URL(location, "http://localhost").pathname.split("/")[3]! },
      context: {},
    }),
  );

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "dl-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "dl-2", objectId: WORLD.objectA });
  await addDocument("doc-ok", "dl-1");
  await addDocument("doc-other", "dl-2");
  await addDocument("doc-erased", "dl-1", { storage_key: null, data_erased_at: "2026-11-20T03:15:00.000Z" });
  await addDocument("doc-pending", "dl-1", { status: "UploadPending" });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
});

describe("opening a document", () => {
  it("redirects a user in scope to a signed link that streams the PDF inline, under a safe name", async () => {
    const answer = await open("dl-1", "doc-ok", maria);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location")!;
    expect(location).toMatch(/^\/api\/documents\/doc-ok\/file\?expires=\d+&sig=[\w-]{43}$/);
    const pdfAnswer = await fetchFile(location);
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdfAnswer.headers.get("Content-Disposition")).toBe(
      `inline; filename="Avtal_ _slutligt__2026.pdf"; filename*=UTF-8''${encodeURIComponent("Avtal_ _slutligt__2026.pdf")}`,
    );
    expect(new Uint8Array(await pdfAnswer.arrayBuffer())).toEqual(pdf);
    const download = await open("dl-1", "doc-ok", maria, "?download");
    expect((await fetchFile(download.headers.get("Location")!)).headers.get("Content-Disposition")).toMatch(
      /^attachment;/,
    );
  });

  it("serves the user's file sandboxed and unsniffed, inline or as a download, so that a PDF that is also HTML runs nothing", async () => {
    for (const query of ["", "?download"]) {
      const link = (await open("dl-1", "doc-ok", maria, query)).headers.get("Location")!;
      const answer = await fetchFile(link);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Security-Policy")).toBe("sandbox");
      expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("answers a document outside the scope, of another transfer, missing or not yet verified with the same 404", async () => {
    for (const [transferId, documentId, cookie] of [
      ["dl-1", "doc-ok", anders],
      ["dl-1", "doc-other", maria],
      ["dl-1", "nope", maria],
      ["dl-1", "doc-pending", maria],
    ] as const) {
      const answer = await open(transferId, documentId, cookie);
      expect(answer.status, `${transferId}/${documentId}`).toBe(404);
    }
  });

  it("shows an erased document as Raderat dokument", async () => {
    const answer = await open("dl-1", "doc-erased", maria);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ title: "Raderat dokument", transferId: "dl-1" });
  });

  it("refuses a tampered, expired or unsigned link in Swedish, and a link to an erased file", async () => {
    const good = signLink("/api/documents/doc-ok/file", 60_000);
    expect((await fetchFile(tampered(good))).status).toBe(403);
    expect((await fetchFile("/api/documents/doc-ok/file")).status).toBe(403);
    const expired = signLink("/api/documents/doc-ok/file", -1_000);
    const refused = await fetchFile(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/^Länken till dokumentet har gått ut/);
    // A link made for one document does not open another.
    const other = signLink("/api/documents/doc-ok/file", 60_000).replace("doc-ok", "doc-other");
    expect((await fetchFile(other)).status).toBe(403);
    expect((await fetchFile(signLink("/api/documents/doc-erased/file", 60_000))).status).toBe(404);
  });
});

describe("the documents API (spec 02 §7)", () => {
  const call = (
    route: { loader: typeof apiDocument.loader },
    path: string,
    params: Record<string, string>,
    cookie: string,
  ) => answered(route.loader({ request: request(path, { cookie }), params, context: {} }));

  it("lists a transfer's documents in scope, and is the API's 404 outside it", async () => {
    const list = await call(apiDocuments, "/api/core/transfers/dl-1/documents", { id: "dl-1" }, maria);
    expect(list.status).toBe(200);
    const documents = (await list.json()) as Array<{
      id: string;
      downloadUrl: string | null;
      dataErasedAt: string | null;
    }>;
    expect(documents.map((d) => d.id).sort()).toEqual(["doc-erased", "doc-ok", "doc-pending"]);
    expect(documents.find((d) => d.id === "doc-ok")?.downloadUrl).toBe("/transfers/dl-1/documents/doc-ok");
    expect(documents.find((d) => d.id === "doc-erased")?.downloadUrl).toBeNull();
    expect(
      (await call(apiDocuments, "/api/core/transfers/dl-1/documents", { id: "dl-1" }, anders)).status,
    ).toBe(404);
  });

  it("gives a document's signed link with ?noRedirect, redirects without it, and 404s what cannot be opened", async () => {
    const params = { id: "dl-1", documentId: "doc-ok" };
    const noRedirect = await call(
      apiDocument,
      "/api/core/transfers/dl-1/documents/doc-ok?noRedirect",
      params,
      maria,
    );
    const { url } = (await noRedirect.json()) as { url: string };
    expect(url).toMatch(/^\/api\/documents\/doc-ok\/file\?expires=\d+&sig=[\w-]{43}$/);
    expect((await fetchFile(url)).status).toBe(200);
    const redirected = await call(apiDocument, "/api/core/transfers/dl-1/documents/doc-ok", params, maria);
    expect(redirected.status).toBe(302);
    for (const [documentId, cookie] of [
      ["doc-erased", maria],
      ["doc-pending", maria],
      ["doc-other", maria],
      ["doc-ok", anders],
    ] as const) {
      const answer = await call(
        apiDocument,
        `/api/core/transfers/dl-1/documents/${documentId}`,
        { id: "dl-1", documentId },
        cookie,
      );
      expect(answer.status, documentId).toBe(404);
    }
  });
});
