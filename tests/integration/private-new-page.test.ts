import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/routes/transfers.private.new";
import { getDb } from "~/server/db/db.server";
import { ownsSearchId } from "~/server/live/tokens.server";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";

/**
 * /transfers/private/new (spec 03 §2.3) without JavaScript — the loader waits for the managers and shows the user's
 * own objects; `?confirm=` asks first; the post creates one DraftTransfer per request id, only for an object the user
 * owns.
 */

let karin: string;
let erik: string;
const load = async (cookie: string, query = "") =>
  answered(
    page.loader({ request: request(`/transfers/private/new${query}`, { cookie }), params: {}, context: {} }),
  );
const post = async (fields: Record<string, string>) =>
  answered(
    page.action({
      request: formRequest("/transfers/private/new", fields, { cookie: karin }),
      params: {},
      context: {},
    }),
  );

type Data = { objects: Array<{ objectId: string; name: string }>; asked: string | null; requestId: string };

beforeAll(async () => {
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "5";
  await startFreshApp();
  karin = (await signedInSession("user-karin")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("/transfers/private/new", () => {
  it("shows the private party's own objects, and is not a page for a board member without the feature", async () => {
    const data = (await (await load(karin)).json()) as Data;
    expect(data.objects.length).toBeGreaterThan(0);
    expect(data.asked).toBeNull();
    const refused = await load(erik);
    expect(refused.status).toBe(302);
  });

  it("answers the app's own navigation at once with a search id to search live with, unless asked to wait", async () => {
    // A data request: JavaScript runs the page, which searches over the live channel and shows hits as they come.
    const quick = (await (await load(karin, "?_data=routes%2Ftransfers.private.new")).json()) as Data & {
      pending: boolean;
      searchId: string;
    };
    expect(quick.pending).toBe(true);
    expect(quick.objects).toEqual([]);
    expect(ownsSearchId("user-karin", quick.searchId)).toBe(true);
    expect(ownsSearchId("user-erik", quick.searchId)).toBe(false);
    // The page's fallback when the live channel does not come up: the server searches after all.
    const waited = (await (
      await load(karin, "?_data=routes%2Ftransfers.private.new&wait=1")
    ).json()) as Data & {
      pending: boolean;
    };
    expect(waited.pending).toBe(false);
    expect(waited.objects.length).toBeGreaterThan(0);
  });

  it("asks first, then creates one DraftTransfer per request id, and refuses an object the user does not own", async () => {
    const first = (await (await load(karin)).json()) as Data;
    const objectId = first.objects[0]!.objectId;
    const asked = (await (await load(karin, `?confirm=${objectId}`)).json()) as Data;
    expect(asked.asked).toBe(objectId);
    expect(((await (await load(karin, "?confirm=nope")).json()) as Data).asked).toBeNull();

    const requestId = crypto.randomUUID();
    const created = await post({ intent: "create", objectId, requestId });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(`/transfers/private/${requestId}/overview`);
    expect((await post({ intent: "create", objectId, requestId })).status).toBe(303);
    const rows = await getDb()
      .selectFrom("transfers")
      .select(["status", "initiator_role"])
      .where("id", "=", requestId)
      .execute();
    expect(rows).toEqual([{ status: "DraftTransfer", initiator_role: "PrivateIntermediary" }]);

    const notHers = await getDb()
      .selectFrom("property_objects")
      .select("id")
      .where(
        "id",
        "not in",
        first.objects.map((o) => o.objectId),
      )
      .executeTakeFirstOrThrow();
    const refused = await post({ intent: "create", objectId: notHers.id, requestId: crypto.randomUUID() });
    expect(refused.status).toBe(400);
    expect((await formReplyOf(refused)).form).toEqual(["Kunde inte initiera ny överlåtelse"]);
  });
});
