import { beforeAll, describe, expect, it } from "vitest";
import * as apiDocument from "~/routes/api.core.transfers.$id.documents.$documentId";
import * as documentPage from "~/routes/transfers.$id.documents.$documentId";
import { getDb } from "~/server/db/db.server";
import { personalAnswers } from "~/server/platform/protect-routes.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";
import { addDocument } from "../support/documents";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/** Spec 02 §7: a document's previewUrl (…/documents/{documentId}?preview) answers its signed link as `{ url }`. */

let maria: string;
let anders: string;

/** What fetch() sees: the previewUrl's answer, with its one redirect followed. */
async function preview(transferId: string, documentId: string, cookie: string) {
  const first = await answered(
    documentPage.loader({
      request: request(`/transfers/${transferId}/documents/${documentId}?preview`, { cookie }),
      params: { id: transferId, documentId },
      context: {},
    }),
  );
  expect(first.status).toBe(303);
  expect(first.headers.get("Cache-Control")).toBe("no-store");
  const location = first.headers.get("Location")!;
  const [, , , , id, , docId] = new URL(location, "http://localhost").pathname.split("/");
  // As served: every resource route's answer passes personalAnswers (no-store unless the route chose otherwise).
  const answer = await answered(
    personalAnswers(apiDocument.loader)({
      request: request(location, { cookie }),
      params: { id: decodeURIComponent(id!), documentId: decodeURIComponent(docId!) },
      context: {},
    }),
  );
  return { location, answer };
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "pv-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "pv-2", objectId: WORLD.objectA });
  await addDocument("pv-doc", "pv-1");
  await addDocument("pv-other", "pv-2");
  await addDocument("pv-erased", "pv-1", { storage_key: null, data_erased_at: "2026-11-20T03:15:00.000Z" });
  await addDocument("pv-pending", "pv-1", { status: "UploadPending" });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
});

describe("a document's previewUrl", () => {
  it("answers a document in the user's scope with its signed link as { url }, never cached", async () => {
    const { location, answer } = await preview("pv-1", "pv-doc", maria);
    expect(location).toBe("/api/core/transfers/pv-1/documents/pv-doc?noRedirect");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const body = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["url"]);
    expect(body.url).toMatch(/^\/api\/documents\/pv-doc\/file\?expires=\d+&sig=[\w-]{43}$/);
  });

  it("answers another transfer's, another organisation's, an erased, an unverified or a missing document with one JSON 404", async () => {
    const bodies = new Set<string>();
    for (const [transferId, documentId, cookie] of [
      ["pv-1", "pv-other", maria],
      ["pv-1", "pv-doc", anders],
      ["pv-1", "pv-erased", maria],
      ["pv-1", "pv-pending", maria],
      ["pv-1", "nope", maria],
    ] as const) {
      const { answer } = await preview(transferId, documentId, cookie);
      expect(answer.status, `${transferId}/${documentId}`).toBe(404);
      expect(answer.headers.get("Cache-Control"), documentId).toBe("no-store");
      bodies.add(JSON.stringify(await answer.json()));
    }
    // Answered like a missing one: nothing tells the cases apart.
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toMatchObject({ status: 404, title: "Not found" });
  });

  it("sends a visitor who is not signed in to the login page", async () => {
    const answer = await answered(
      documentPage.loader({
        request: request("/transfers/pv-1/documents/pv-doc?preview"),
        params: { id: "pv-1", documentId: "pv-doc" },
        context: {},
      }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/login\?r=/);
  });
});
