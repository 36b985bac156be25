import { beforeAll, describe, expect, it } from "vitest";
import * as review from "~/routes/api.core.reviews.transfers_.$id";
import * as send from "~/routes/api.core.reviews.transfers_.sendToMembershipReview";
import * as flag from "~/routes/api.core.reviews.transfers_.$id.$flag";
import * as abort from "~/routes/api.core.transfers.$id.abort";
import * as status from "~/routes/api.core.transfers.$id.status";
import * as notes from "~/routes/api.core.transfers.$id.notes";
import { getDb } from "~/server/db/db.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import "~/server/jobs/handlers/automatic-review.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { answered, request, startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

const context = { clientIp: "192.0.2.10" };

async function cookieFor(userId: string, tenantId: string): Promise<string> {
  const session = await getSession(request("/"));
  session.set("userId", userId);
  session.set("tenantId", tenantId);
  return (await commitSession(session)).split(";")[0] ?? "";
}

function jsonRequest(path: string, method: string, body: unknown, cookie: string) {
  return request(path, {
    method,
    cookie,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
  });
}

let maria: string;
let anders: string;
let erik: string;

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "api-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "api-2", objectId: WORLD.objectA });
  maria = await cookieFor("user-maria", "stadsbo");
  anders = await cookieFor("user-anders", "nordhem");
  erik = await cookieFor("user-erik", "styrelse");
});

describe("transfer JSON API", () => {
  it("answers 401 without a session and the same 404 for missing and out-of-scope transfers", async () => {
    const anonymous = await review.loader({
      request: request("/api/core/reviews/transfers/api-1"),
      params: { id: "api-1" },
      context,
    });
    expect(anonymous.status).toBe(401);
    const outOfScope = await review.loader({
      request: request("/api/core/reviews/transfers/api-1", { cookie: anders }),
      params: { id: "api-1" },
      context,
    });
    const missing = await review.loader({
      request: request("/api/core/reviews/transfers/nope", { cookie: anders }),
      params: { id: "nope" },
      context,
    });
    expect(outOfScope.status).toBe(404);
    expect(await outOfScope.json()).toEqual(await missing.json());
    expect(missing.status).toBe(404);
  });

  it("returns the transfer for review with server-computed actions", async () => {
    const response = await review.loader({
      request: request("/api/core/reviews/transfers/api-1", { cookie: maria }),
      params: { id: "api-1" },
      context,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: "api-1", status: "TransferReviewInProgress", version: 1 });
    const sendAction = body.actions.find((a: { type: string }) => a.type === "SendToMembershipReview");
    expect(sendAction).toEqual({
      type: "SendToMembershipReview",
      disabled: true,
      disabledReason: "Det saknas obligatoriska dokument",
    });
  });

  it("refuses a disabled action with 403 and its Swedish reason, and junk with 400", async () => {
    const refused = await send.action({
      request: jsonRequest(
        "/api/core/reviews/transfers/sendToMembershipReview",
        "POST",
        { transferId: "api-1" },
        maria,
      ),
      params: {},
      context,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: "Det saknas obligatoriska dokument" });
    const junk = await answered(
      send.action({
        request: jsonRequest(
          "/api/core/reviews/transfers/sendToMembershipReview",
          "POST",
          "{not json",
          maria,
        ),
        params: {},
        context,
      }),
    );
    expect(junk.status).toBe(400);
    const empty = await send.action({
      request: jsonRequest(
        "/api/core/reviews/transfers/sendToMembershipReview",
        "POST",
        { transferId: "" },
        maria,
      ),
      params: {},
      context,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { transferId: ["Fältet kan inte vara tomt"] } });
  });

  it("sets and removes flags, refuses a stale version with 409, and a board member is not offered them", async () => {
    const put = (name: string, cookie: string, body: unknown = {}) =>
      flag.action({
        request: jsonRequest(`/api/core/reviews/transfers/api-1/${name}`, "PUT", body, cookie),
        params: { id: "api-1", flag: name },
        context,
      });
    const stopped = await put("markSaleStopped", maria, { version: 1 });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ status: "TransferReviewInProgress", version: 2 });
    const stale = await put("removeSaleStop", maria, { version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      message: "Överlåtelsen har ändrats av någon annan under tiden. Ladda om sidan och försök igen.",
    });
    // The sale stop is a check of the automatic review, which runs again (a background task, version 3).
    expect((await put("removeSaleStop", maria, { version: 2 })).status).toBe(403);
    await createJobRunner({ db: getDb(), kind: "sqlite", pollMs: 10 }).drain();
    expect((await put("removeSaleStop", maria, { version: 3 })).status).toBe(200);
    expect((await put("markSaleStopped", erik)).status).toBe(403);
    expect((await put("deleteEverything", maria)).status).toBe(404);
    const current = await status.loader({
      request: request("/api/core/transfers/api-1/status", { cookie: maria }),
      params: { id: "api-1" },
      context,
    });
    expect(await current.json()).toEqual({ status: "TransferReviewInProgress", version: 4 });
  });

  it("aborts a transfer into Aborting", async () => {
    const response = await abort.action({
      request: jsonRequest("/api/core/transfers/api-2/abort", "POST", {}, maria),
      params: { id: "api-2" },
      context,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "Aborting" });
    const again = await abort.action({
      request: jsonRequest("/api/core/transfers/api-2/abort", "POST", {}, maria),
      params: { id: "api-2" },
      context,
    });
    expect(again.status).toBe(403);
  });

  it("keeps notes per side and refuses an empty note with a Swedish 400", async () => {
    const post = (cookie: string, body: unknown) =>
      notes.action({
        request: jsonRequest("/api/core/transfers/api-1/notes", "POST", body, cookie),
        params: { id: "api-1" },
        context,
      });
    expect((await post(maria, { body: "Ringde mäklaren, köpekontraktet kommer i morgon." })).status).toBe(
      200,
    );
    expect((await post(erik, { body: "Tas upp på styrelsemötet." })).status).toBe(200);
    const empty = await post(maria, { body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { body: ["Fältet kan inte vara tomt"] } });
    const read = async (cookie: string) =>
      (await (
        await notes.loader({
          request: request("/api/core/transfers/api-1/notes", { cookie }),
          params: { id: "api-1" },
          context,
        })
      ).json()) as Array<{ body: string; createdBy: string }>;
    expect((await read(maria)).map((n) => [n.body, n.createdBy])).toEqual([
      ["Ringde mäklaren, köpekontraktet kommer i morgon.", "Maria Ek"],
    ]);
    expect((await read(erik)).map((n) => n.body)).toEqual(["Tas upp på styrelsemötet."]);
    const foreign = await notes.loader({
      request: request("/api/core/transfers/api-1/notes", { cookie: anders }),
      params: { id: "api-1" },
      context,
    });
    expect(foreign.status).toBe(404);
  });
});
