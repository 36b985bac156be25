import { beforeAll, describe, expect, it } from "vitest";
import * as overview from "~/routes/transfers.$id.overview";
import { getDb } from "~/server/db/db.server";
import {
  answered,
  cookiesFrom,
  formReplyOf,
  formRequest,
  request,
  signedInSession,
  startFreshApp,
} from "../support/app";
import { renderedPage } from "../support/render";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/** The overview page's forms (decision 014): the note form and the action buttons go through the one form path. */

let maria: string;
let anders: string;

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "ov-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "ov-2", objectId: WORLD.objectA });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
});

function post(id: string, fields: Record<string, string>, cookie = maria) {
  return answered(
    overview.action({
      request: formRequest(`/transfers/${id}/overview`, fields, { cookie }),
      params: { id },
      context: {},
    }),
  );
}

async function transfer(id: string) {
  return getDb()
    .selectFrom("transfers")
    .select(["status", "version", "sale_status"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function notesOf(id: string) {
  return getDb().selectFrom("notes").select(["body", "audience"]).where("transfer_id", "=", id).execute();
}

describe("the note form", () => {
  it("an empty note is a 400 with the field's Swedish error, and nothing is stored", async () => {
    const response = await post("ov-1", { intent: "addNote", body: "   " });
    expect(response.status).toBe(400);
    const reply = await formReplyOf(response);
    expect(reply.fields.body).toEqual(["Fältet kan inte vara tomt"]);
    expect(await notesOf("ov-1")).toEqual([]);
  });

  it("a note over 5000 characters comes back whole, with its error", async () => {
    const body = "x".repeat(5001);
    const response = await post("ov-1", { intent: "addNote", body });
    expect(response.status).toBe(400);
    const reply = await formReplyOf(response);
    expect(reply.fields.body).toEqual(["Anteckningen får vara högst 5000 tecken"]);
    expect(reply.values.body).toBe(body);
  });

  it("a note is saved, the answer is a 303 back with the toast", async () => {
    const response = await post("ov-1", { intent: "addNote", body: "Ring säljaren om andelen" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/transfers/ov-1/overview");
    expect(cookiesFrom(response)).toMatch(/__flash=/);
    expect(await notesOf("ov-1")).toEqual([
      { body: "Ring säljaren om andelen", audience: "PropertyManager" },
    ]);
  });

  it("a transfer outside the user's scope is the page's 404, and nothing is stored", async () => {
    const response = await post("ov-2", { intent: "addNote", body: "Inte min" }, anders);
    expect(response.status).toBe(404);
    expect(await notesOf("ov-2")).toEqual([]);
  });
});

describe("the action buttons", () => {
  it("a missing or unknown intent is a Swedish 400 that keeps the values", async () => {
    const bodies: Array<Record<string, string>> = [{ body: "text" }, { intent: "DropTables", body: "text" }];
    for (const fields of bodies) {
      const response = await post("ov-2", fields);
      expect(response.status).toBe(400);
      const reply = await formReplyOf(response);
      expect(reply.form[0]).toMatch(/^Formuläret kunde inte skickas/);
      expect(reply.values.body).toBe("text");
    }
  });

  it("a bad version is a 400 with the field error; a stale version is refused with a toast and changes nothing", async () => {
    const bad = await post("ov-2", { intent: "MarkAsSaleStopped", version: "abc" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await formReplyOf(bad)).fields)).toEqual(["version"]);
    const before = await transfer("ov-2");
    const stale = await post("ov-2", { intent: "MarkAsSaleStopped", version: String(before.version + 5) });
    expect(stale.status).toBe(303);
    expect(stale.headers.get("Location")).toBe("/transfers/ov-2/overview");
    expect(await transfer("ov-2")).toEqual(before);
  });

  it("a refused send says the spec's failure text, then the reason", async () => {
    const before = await transfer("ov-1");
    const refused = await post("ov-1", { intent: "SendToMembershipReview", version: String(before.version) });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/transfers/ov-1/overview");
    const cookie = refused.headers.get("Set-Cookie") ?? "";
    const value = decodeURIComponent(/__flash=([^;]*)/.exec(cookie)?.[1] ?? "").split(".")[0]!;
    const flash = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Record<string, unknown>;
    const toasts = Object.values(flash)[0] as Array<{ key: string; values?: { reason: string } }>;
    expect(toasts.map((t) => t.key)).toEqual(["review:toast.sendFailed", "review:toast.refused"]);
    expect(toasts[1]!.values?.reason).toBe("Det saknas obligatoriska dokument");
    expect(await transfer("ov-1")).toEqual(before);
  });

  it("an action the policy offers runs and answers 303 with its toast", async () => {
    const before = await transfer("ov-2");
    const response = await post("ov-2", { intent: "MarkAsSaleStopped", version: String(before.version) });
    expect(response.status).toBe(303);
    const after = await transfer("ov-2");
    expect(after.sale_status).toBe("Stopped");
    expect(after.version).toBe(before.version + 1);
  });

  it("aborting asks first: without the confirmation the post leads to the question and changes nothing", async () => {
    const before = await transfer("ov-1");
    const asked = await post("ov-1", { intent: "AbortTransfer", version: String(before.version) });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe("/transfers/ov-1/overview?confirm=AbortTransfer#confirm");
    expect(await transfer("ov-1")).toEqual(before);
    const page = await (
      await overview.loader({
        request: request("/transfers/ov-1/overview?confirm=AbortTransfer", { cookie: maria }),
        params: { id: "ov-1" },
        context: {},
      })
    ).json();
    expect(page.confirm).toBe("AbortTransfer");
    const confirmed = await post("ov-1", {
      intent: "AbortTransfer",
      version: String(before.version),
      confirmed: "yes",
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/transfers/ov-1/overview");
    expect((await transfer("ov-1")).status).toBe("Aborting");
  });
});

describe("each form shows only its own reply", () => {
  /** The page a browser without JavaScript shows after the post, and the titles of its error summaries. */
  async function pageAfter(fields: Record<string, string>) {
    const rendered = await renderedPage(
      overview,
      "/transfers/:id/overview",
      formRequest("/transfers/ov-2/overview", fields, { cookie: maria }),
    );
    const summaries = [...rendered.html.matchAll(/<h2 id="([\w-]+)-summary-title"/g)].map((m) => m[1]);
    return { ...rendered, summaries };
  }

  it("a forged confirmation on an action button shows its error above the page, not under the note form", async () => {
    const { version } = await transfer("ov-2");
    const { status, html, summaries } = await pageAfter({
      intent: "MarkAsSaleStopped",
      version: String(version),
      confirmed: "True",
    });
    expect(status).toBe(400);
    expect(summaries).toEqual(["transfer-actions"]);
    // The button's fields are hidden: the summary says what is wrong without a link to a field nobody sees.
    expect(html).toMatch(/<li>Ogiltigt värde<\/li>/);
    expect(html).not.toMatch(/id="note-body-error"/);
  });

  it("an empty note shows its error in the note form's summary alone", async () => {
    const { status, html, summaries } = await pageAfter({ intent: "addNote", body: " " });
    expect(status).toBe(400);
    expect(summaries).toEqual(["note"]);
    expect(html).toContain("Fältet kan inte vara tomt");
  });
});
