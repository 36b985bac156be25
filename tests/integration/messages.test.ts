import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as countRoute from "~/routes/api.core.messages.count";
import * as unresolvedRoute from "~/routes/api.core.messages.unresolved";
import * as messagesRoute from "~/routes/api.core.transfers.$id.messages";
import * as recipientsRoute from "~/routes/api.core.transfers.$id.messages.recipients";
import * as replyRoute from "~/routes/api.core.transfers.$id.messages.$messageId.reply";
import * as resolveRoute from "~/routes/api.core.transfers.$id.messages.$messageId.resolve";
import * as unresolveRoute from "~/routes/api.core.transfers.$id.messages.$messageId.unresolve";
import * as tab from "~/routes/transfers.$id.messages";
import * as privateTab from "~/routes/transfers.private.$id.messages";
import * as worklist from "~/routes/messages";
import type { Db } from "~/server/db/kysely.server";
import { getDb, getDbHandle } from "~/server/db/db.server";
import type { LivePublisher } from "~/server/domain/core/events.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { postMessage, replyToMessage, setMessageResolved } from "~/server/domain/messages/messages.server";
import { unresolvedCount, unresolvedMessages } from "~/server/domain/messages/worklist.server";
import { loadTransferFacts } from "~/server/domain/transfers/load.server";
import { messageActions, messageRecipients } from "~/server/domain/messages/policies.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import "~/server/jobs/handlers/mail.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { actorFor, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * Spec 02 §2.8, §2.9: messages between the parties. The use cases keep the transfer's counts in step and tell each
 * user their count; the JSON calls of spec 02 §7 are scoped; the page forms work as plain posts; the reply's e-mail
 * goes out by the job mail.send, to the outbox or to an SMTP server, and waits while that server is down.
 */

const context = {};
const ORIGIN = { Origin: "http://localhost:3000" };
let maria: string;
let erik: string;
let anders: string;

class Recorder implements LivePublisher {
  events: Array<{ userId: string; unresolved: number }> = [];
  async publish() {}
  async publishToUser(userId: string, _event: string, payload: unknown) {
    this.events.push({ userId, unresolved: (payload as { unresolved: number }).unresolved });
  }
  async accessChanged() {}
}

async function ctxFor(db: Db, userId: string, live?: LivePublisher): Promise<UseCaseContext> {
  return buildUseCaseContext(db, await actorFor(db, userId), { live });
}

function api(path: string, method: string, cookie: string, body?: unknown) {
  return request(path, {
    method,
    cookie,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...ORIGIN },
  });
}

async function counts(db: Db, transferId: string) {
  return db
    .selectFrom("transfers")
    .select(["number_of_messages", "unresolved_messages"])
    .where("id", "=", transferId)
    .executeTakeFirstOrThrow();
}

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  // Only this file's messages count: the demo seed's go, with the counts that stood for them.
  await db.deleteFrom("messages").execute();
  await db.updateTable("transfers").set({ number_of_messages: 0, unresolved_messages: 0 }).execute();
  const entry = daysFromToday(30);
  await insertTransfer(db, { id: "msg-1", entry_date: entry });
  await insertTransfer(db, { id: "msg-2", entry_date: entry });
  await insertTransfer(db, { id: "msg-old", entry_date: daysFromToday(-7) });
  await insertTransfer(db, { id: "msg-pm", entry_date: entry, initiator_role: "PropertyManager" });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  erik = (await signedInSession("user-erik", "styrelse")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
});

describe("message policies", () => {
  it("offers the other parties as recipients, the default first, and closes posting 7 days after entry", async () => {
    const db = getDb();
    const row = async (id: string) =>
      loadTransferFacts(
        db,
        await db.selectFrom("transfers").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
      );
    const mariaViewer = (await actorFor(db, "user-maria")).viewer;
    const erikViewer = (await actorFor(db, "user-erik")).viewer;
    expect(messageRecipients(mariaViewer, await row("msg-1"))).toEqual(["BoardMember", "Intermediary"]);
    expect(messageRecipients(erikViewer, await row("msg-1"))).toEqual(["PropertyManager", "Intermediary"]);
    expect(messageRecipients(mariaViewer, await row("msg-pm"))).toEqual(["BoardMember"]);
    const anders = (await actorFor(db, "user-anders")).viewer;
    expect(messageRecipients(anders, await row("msg-1"))).toEqual([]);
    const now = new Date();
    expect(messageActions(mariaViewer, await row("msg-1"), now)).toEqual([
      { type: "PostMessage", disabled: false, reason: null },
    ]);
    expect(messageActions(mariaViewer, await row("msg-old"), now)).toEqual([
      { type: "PostMessage", disabled: true, reason: "messagePostingClosed" },
    ]);
    expect(messageActions(anders, await row("msg-1"), now)).toEqual([]);
  });
});

describe("message use cases", () => {
  it("post, reply and resolve keep the transfer's counts and each user's counter in step", async () => {
    const db = getDb();
    const live = new Recorder();
    const { messageId } = await postMessage(await ctxFor(db, "user-maria", live), {
      transferId: "msg-1",
      body: "  Hej! Har föreningen sett över andelstalet?  ",
      recipient: "BoardMember",
    });
    expect(await counts(db, "msg-1")).toEqual({ number_of_messages: 1, unresolved_messages: 1 });
    const stored = await db
      .selectFrom("messages")
      .selectAll()
      .where("id", "=", messageId)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe("Hej! Har föreningen sett över andelstalet?");
    expect(stored.sent_by_role).toBe("PropertyManager");
    const erikViewer = (await actorFor(db, "user-erik")).viewer;
    const mariaViewer = (await actorFor(db, "user-maria")).viewer;
    expect(await unresolvedCount(db, erikViewer)).toBe(1);
    expect(await unresolvedCount(db, mariaViewer)).toBe(0);
    expect(live.events).toContainEqual({ userId: "user-erik", unresolved: 1 });
    expect(live.events).toContainEqual({ userId: "user-maria", unresolved: 0 });
    expect(live.events.some((e) => e.userId === "user-anders")).toBe(false);
    const items = await unresolvedMessages(db, erikViewer);
    expect(items).toEqual([
      expect.objectContaining({ transferId: "msg-1", messageId, objectDescription: "T-1102-0304" }),
    ]);

    // Erik answers: Maria is told by e-mail (a job in the same transaction), the message stays unhandled.
    live.events = [];
    await replyToMessage(await ctxFor(db, "user-erik", live), {
      transferId: "msg-1",
      messageId,
      body: "Ja, vi tittar på det.",
    });
    const job = await db
      .selectFrom("jobs")
      .selectAll()
      .where("type", "=", "mail.send")
      .where("transfer_id", "=", "msg-1")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toMatchObject({ to: "maria.ek@stadsbo.example" });
    expect(JSON.parse(job.payload).text).toContain("Ja, vi tittar på det.");
    expect(await counts(db, "msg-1")).toEqual({ number_of_messages: 1, unresolved_messages: 1 });

    // Erik marks it handled: the counts fall; Maria may not handle a message addressed to the board.
    await setMessageResolved(await ctxFor(db, "user-erik", live), {
      transferId: "msg-1",
      messageId,
      resolved: true,
    });
    expect(await counts(db, "msg-1")).toEqual({ number_of_messages: 1, unresolved_messages: 0 });
    expect(await unresolvedCount(db, erikViewer)).toBe(0);
    expect(live.events).toContainEqual({ userId: "user-erik", unresolved: 0 });
    const refused = await setMessageResolved(await ctxFor(db, "user-maria"), {
      transferId: "msg-1",
      messageId,
      resolved: false,
    }).catch((e: unknown) => e);
    expect(isDomainError(refused) && refused.code).toBe("Forbidden");

    // Maria's reply opens the handled message again for the board.
    await replyToMessage(await ctxFor(db, "user-maria", live), {
      transferId: "msg-1",
      messageId,
      body: "Tack!",
    });
    expect(await counts(db, "msg-1")).toEqual({ number_of_messages: 1, unresolved_messages: 1 });
    expect(await unresolvedCount(db, erikViewer)).toBe(1);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("transfer_id", "=", "msg-1")
      .where("entity", "=", "message")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "postMessage",
      "replyToMessage",
      "resolveMessage",
      "replyToMessage",
    ]);
  });
});

describe("message calls (spec 02 §7)", () => {
  it("answers the same 404 out of scope and lists, posts and counts in scope", async () => {
    const list = (cookie: string, id = "msg-2") =>
      answered(
        messagesRoute.loader({
          request: api(`/api/core/transfers/${id}/messages`, "GET", cookie),
          params: { id },
          context,
        }),
      );
    expect((await list(anders)).status).toBe(404);
    expect((await list(maria, "missing")).status).toBe(404);
    const post = await answered(
      messagesRoute.action({
        request: api("/api/core/transfers/msg-2/messages", "POST", anders, {
          body: "Hej där",
          recipient: null,
        }),
        params: { id: "msg-2" },
        context,
      }),
    );
    expect(post.status).toBe(404);

    const created = await answered(
      messagesRoute.action({
        request: api("/api/core/transfers/msg-2/messages", "POST", erik, {
          body: "Fråga till förvaltaren",
          recipient: "PropertyManager",
        }),
        params: { id: "msg-2" },
        context,
      }),
    );
    expect(created.status).toBe(200);
    const { messageId } = (await created.json()) as { messageId: string };
    const listed = (await (await list(maria)).json()) as Array<{
      id: string;
      canResolve: boolean;
      body: string;
    }>;
    expect(listed).toEqual([
      expect.objectContaining({ id: messageId, canResolve: true, body: "Fråga till förvaltaren" }),
    ]);

    const count = await answered(
      countRoute.loader({ request: api("/api/core/messages/count", "GET", maria), params: {}, context }),
    );
    expect(await count.json()).toEqual({ unresolved: 1 });
    const worklistItems = await answered(
      unresolvedRoute.loader({
        request: api("/api/core/messages/unresolved", "GET", maria),
        params: {},
        context,
      }),
    );
    expect(await worklistItems.json()).toEqual([expect.objectContaining({ transferId: "msg-2", messageId })]);
    const andersCount = await answered(
      countRoute.loader({ request: api("/api/core/messages/count", "GET", anders), params: {}, context }),
    );
    expect(await andersCount.json()).toEqual({ unresolved: 0 });

    const recipients = await answered(
      recipientsRoute.loader({
        request: api("/api/core/transfers/msg-2/messages/recipients", "GET", erik),
        params: { id: "msg-2" },
        context,
      }),
    );
    expect(await recipients.json()).toEqual(["PropertyManager", "Intermediary"]);
    // The answer depends on who asks: the route leaves it to the API's no-store (tests/integration/api-caching.test.ts).
    expect(recipients.headers.get("Cache-Control")).toBeNull();

    const resolve = (cookie: string, route: typeof resolveRoute | typeof unresolveRoute, id = messageId) =>
      answered(
        route.action({
          request: api(`/api/core/transfers/msg-2/messages/${id}/resolve`, "PUT", cookie),
          params: { id: "msg-2", messageId: id },
          context,
        }),
      );
    // Erik sent it to the manager: only the manager's side handles it.
    const refused = await resolve(erik, resolveRoute);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("Kunde inte markera som hanterad");
    expect((await resolve(maria, resolveRoute)).status).toBe(200);
    expect((await counts(getDb(), "msg-2")).unresolved_messages).toBe(0);
    expect((await resolve(maria, unresolveRoute)).status).toBe(200);
    expect((await counts(getDb(), "msg-2")).unresolved_messages).toBe(1);
    expect((await resolve(maria, resolveRoute, "no-such-message")).status).toBe(400);
  });

  it("refuses bad input with a 400 and Swedish field errors, never a 500", async () => {
    const post = async (body: unknown, id = "msg-2", cookie = maria) => {
      const response = await answered(
        messagesRoute.action({
          request: api(`/api/core/transfers/${id}/messages`, "POST", cookie, body),
          params: { id },
          context,
        }),
      );
      return {
        status: response.status,
        body: (await response.json()) as { errors?: Record<string, string[]> },
      };
    };
    const pad = (n: number) => `   ${"å".repeat(n)}\n  `;
    expect((await post({ body: pad(1), recipient: "BoardMember" })).body.errors).toEqual({
      body: ["För få tecken"],
    });
    expect((await post({ body: pad(2), recipient: "BoardMember" })).status).toBe(200);
    expect((await post({ body: pad(30000), recipient: "BoardMember" })).status).toBe(200);
    const tooLong = await post({ body: pad(30001), recipient: "BoardMember" });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ body: ["För många tecken 30001/30000"] });
    expect((await post({ body: " \n\t ", recipient: "BoardMember" })).body.errors).toEqual({
      body: ["Ange meddelande"],
    });
    expect((await post({ recipient: "BoardMember" })).body.errors).toEqual({ body: ["Ange meddelande"] });
    // A recipient the manager is not offered (their own side), or no recipient type at all.
    const own = await post({ body: "Till mig själv", recipient: "PropertyManager" });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ recipient: ["Mottagaren kan inte väljas för den här överlåtelsen"] });
    expect((await post({ body: "Okänd", recipient: "Someone" })).status).toBe(400);
    expect((await post("{not json")).status).toBe(400);
    expect((await post([1, 2])).status).toBe(400);

    // A reply to a message of another transfer.
    const other = await getDb()
      .selectFrom("messages")
      .select("id")
      .where("transfer_id", "=", "msg-1")
      .executeTakeFirstOrThrow();
    const reply = await answered(
      replyRoute.action({
        request: api(`/api/core/transfers/msg-2/messages/${other.id}/reply`, "POST", maria, { body: "Svar" }),
        params: { id: "msg-2", messageId: other.id },
        context,
      }),
    );
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ errors: { messageId: ["Meddelandet hittades inte"] } });
  });

  it("closes posting and replying 7 days after the entry date", async () => {
    const response = await answered(
      messagesRoute.action({
        request: api("/api/core/transfers/msg-old/messages", "POST", maria, {
          body: "För sent",
          recipient: "BoardMember",
        }),
        params: { id: "msg-old" },
        context,
      }),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Eftersom tillträdesdagen har passerats med 7 dagar eller mer så kan inga nya meddelande skickas.",
    );
  });
});

describe("the Meddelanden tab and the worklist as plain posts", () => {
  it("sends, answers and handles a message through the page forms", async () => {
    const loaded = await answered(
      tab.loader({
        request: request("/transfers/msg-pm/messages", { cookie: maria }),
        params: { id: "msg-pm" },
        context,
      }),
    );
    const data = (await loaded.json()) as { recipients: string[]; messages: unknown[]; canPost: boolean };
    expect(data).toMatchObject({ recipients: ["BoardMember"], messages: [], canPost: true });

    const form = (fields: Record<string, string>, cookie = maria) =>
      answered(
        tab.action({
          request: formRequest("/transfers/msg-pm/messages", fields, { cookie }),
          params: { id: "msg-pm" },
          context,
        }),
      );
    const tooLong = await form({ intent: "newMessage", body: `  ${"x".repeat(30001)}  ` });
    expect(tooLong.status).toBe(400);
    const reply = await formReplyOf(tooLong);
    expect(reply.fields.body).toEqual(["För många tecken 30001/30000"]);
    expect(String(reply.values.body)).toContain("x".repeat(30001));

    const sent = await form({ intent: "newMessage", body: "Hej styrelsen" });
    expect(sent.status).toBe(303);
    const [message] = await getDb()
      .selectFrom("messages")
      .selectAll()
      .where("transfer_id", "=", "msg-pm")
      .execute();
    expect(message).toMatchObject({ recipient: "BoardMember", body: "Hej styrelsen" });
    expect(sent.headers.get("Location")).toBe(`/transfers/msg-pm/messages#${message!.id}`);

    const empty = await form({ intent: "reply", messageId: message!.id, body: "  " }, erik);
    expect((await formReplyOf(empty)).fields.body).toEqual(["Ange meddelande"]);
    expect((await form({ intent: "reply", messageId: "nope", body: "Svar här" }, erik)).status).toBe(400);
    expect((await form({ intent: "reply", messageId: message!.id, body: "Svar här" }, erik)).status).toBe(
      303,
    );
    // Maria may not handle what she sent to the board: the spec's failure text, nothing changes.
    const notHers = await form({ intent: "resolve", messageId: message!.id, resolved: "on" });
    expect(notHers.status).toBe(303);
    expect((await counts(getDb(), "msg-pm")).unresolved_messages).toBe(1);
    expect((await form({ intent: "resolve", messageId: message!.id, resolved: "on" }, erik)).status).toBe(
      303,
    );
    expect((await counts(getDb(), "msg-pm")).unresolved_messages).toBe(0);
    expect((await form({ intent: "resolve", messageId: message!.id }, erik)).status).toBe(303);
    expect((await counts(getDb(), "msg-pm")).unresolved_messages).toBe(1);
    expect((await form({ intent: "unknown" })).status).toBe(400);
  });

  it("shows the 7-day text instead of the form, and answers out of scope like missing", async () => {
    const loaded = await answered(
      tab.loader({
        request: request("/transfers/msg-old/messages", { cookie: maria }),
        params: { id: "msg-old" },
        context,
      }),
    );
    expect(await loaded.json()).toMatchObject({ canPost: false });
    const posted = await answered(
      tab.action({
        request: formRequest(
          "/transfers/msg-old/messages",
          { intent: "newMessage", body: "Sent", recipients: "BoardMember" },
          { cookie: maria },
        ),
        params: { id: "msg-old" },
        context,
      }),
    );
    expect(posted.status).toBe(303);
    expect(
      await getDb().selectFrom("messages").select("id").where("transfer_id", "=", "msg-old").execute(),
    ).toEqual([]);
    const outside = await answered(
      tab.loader({
        request: request("/transfers/msg-1/messages", { cookie: anders }),
        params: { id: "msg-1" },
        context,
      }),
    );
    expect(outside.status).toBe(404);
    // The review side's transfer is not the private party's.
    const privateSide = await answered(
      privateTab.loader({
        request: request("/transfers/private/msg-1/messages", { cookie: erik }),
        params: { id: "msg-1" },
        context,
      }),
    );
    expect([302, 404]).toContain(privateSide.status);
  });

  it("lists the board's unhandled messages on /messages", async () => {
    const response = await answered(
      worklist.loader({ request: request("/messages", { cookie: erik }), params: {}, context }),
    );
    const data = (await response.json()) as {
      title: string;
      items: Array<{ transferId: string }>;
      total: number;
    };
    expect(data.title).toBe("Ohanterade meddelanden");
    // msg-1 (opened again by Maria's reply), msg-pm and the messages Maria sent to the board on msg-2.
    expect(new Set(data.items.map((i) => i.transferId))).toEqual(new Set(["msg-1", "msg-2", "msg-pm"]));
    expect(data.total).toBe(data.items.length);
    const manager = await answered(
      worklist.loader({ request: request("/messages", { cookie: maria }), params: {}, context }),
    );
    expect(((await manager.json()) as { title: string }).title).toBe("Meddelanden att hantera");
  });
});

describe("mail.send", () => {
  const runner = () => createJobRunner({ db: getDb(), kind: getDbHandle().kind, log: () => undefined });

  it("stores the reply's e-mail in the outbox (MAIL=outbox)", async () => {
    await runner().drain();
    const mails = await getDb().selectFrom("mail_outbox").selectAll().execute();
    expect(
      mails.some(
        (m) => m.to_address === "maria.ek@stadsbo.example" && m.body.includes("Ja, vi tittar på det."),
      ),
    ).toBe(true);
  });

  describe("over SMTP", () => {
    let server: SMTPServer;
    let port: number;
    const received: Array<{ to: string[]; data: string }> = [];

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          let data = "";
          stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
          stream.on("end", () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.server.address() as net.AddressInfo).port;
    });

    afterAll(async () => {
      process.env.MAIL = "outbox";
      resetEnvForTests();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it("sends through the server, and waits with a retry while the server is down", async () => {
      const db = getDb();
      const { messageId } = await postMessage(await ctxFor(db, "user-maria"), {
        transferId: "msg-2",
        body: "Till styrelsen",
        recipient: "BoardMember",
      });
      process.env.MAIL = `smtp://127.0.0.1:${port}`;
      resetEnvForTests();
      await replyToMessage(await ctxFor(db, "user-erik"), {
        transferId: "msg-2",
        messageId,
        body: "Svar via SMTP",
      });
      await runner().drain();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(["maria.ek@stadsbo.example"]);
      expect(received[0]!.data).toContain("Svar via SMTP");

      // A server nobody listens on: the attempt fails and the job waits for its next try, nothing is lost.
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const deadPort = (closed.address() as net.AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      process.env.MAIL = `smtp://127.0.0.1:${deadPort}`;
      resetEnvForTests();
      await replyToMessage(await ctxFor(db, "user-erik"), {
        transferId: "msg-2",
        messageId,
        body: "Svar när servern är nere",
      });
      await runner().drain();
      const waiting = await db
        .selectFrom("jobs")
        .selectAll()
        .where("type", "=", "mail.send")
        .where("state", "=", "queued")
        .executeTakeFirstOrThrow();
      expect(Number(waiting.attempts)).toBe(1);
      expect(waiting.last_error).toBeTruthy();
      expect(new Date(waiting.run_at).getTime()).toBeGreaterThan(Date.now());
      expect(received).toHaveLength(1);
    });
  });
});
