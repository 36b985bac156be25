// The transports at the HTTP level, with an injected clock and the sweep run by hand.
import { afterAll, describe, expect, it, vi } from "vitest";

import { RATE_LIMITED, STREAMING_NOT_SUPPORTED } from "./hub.server";
import {
  clockedHubs,
  negotiate,
  openLongPolling,
  records,
  RS,
  HANDSHAKE,
  invocation,
} from "../../../tests/support/live-server";

const { setup, cleanup } = clockedHubs();
afterAll(cleanup);

describe("negotiate", () => {
  it("answers v1 with SSE and long polling, text only, no stateful reconnect", async () => {
    const { url } = await setup();
    const response = await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Authorization: "Bearer token-u1" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      "availableTransports",
      "connectionId",
      "connectionToken",
      "negotiateVersion",
    ]);
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.availableTransports).toEqual([
      { transport: "ServerSentEvents", transferFormats: ["Text"] },
      { transport: "LongPolling", transferFormats: ["Text"] },
    ]);
  });

  it("refuses a missing or unknown token with 401, a GET with 405", async () => {
    const { url } = await setup();
    expect((await fetch(`${url}/negotiate?negotiateVersion=1`, { method: "POST" })).status).toBe(401);
    const wrong = await fetch(`${url}/negotiate?negotiateVersion=1&access_token=nope`, { method: "POST" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
    expect((await fetch(`${url}/negotiate?negotiateVersion=1`)).status).toBe(405);
    const query = await fetch(`${url}/negotiate?negotiateVersion=1&access_token=token-u1`, {
      method: "POST",
    });
    expect(query.status).toBe(200);
  });
});

describe("transport requests", () => {
  it("answer 401 without a token, 400 without id, 404 for an unknown id, 403 for another user", async () => {
    const { url } = await setup();
    const connection = await negotiate(url);
    expect((await fetch(connection.url)).status).toBe(401);
    expect((await fetch(url, { headers: connection.headers })).status).toBe(400);
    expect((await fetch(`${url}?id=unknown`, { headers: connection.headers })).status).toBe(404);
    expect((await fetch(connection.url, { headers: { Authorization: "Bearer token-u2" } })).status).toBe(403);
    expect((await fetch(connection.url, { method: "PUT", headers: connection.headers })).status).toBe(405);
  });
});

describe("long polling", () => {
  it("answers the first poll at once, then holds polls until there is data", async () => {
    const { url } = await setup();
    const connection = await negotiate(url);
    const first = await connection.poll();
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("");
    const waiting = connection.poll();
    expect((await connection.send(HANDSHAKE)).status).toBe(200);
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`{}${RS}`);
  });

  it("handles the handshake and invocations in one body, in order", async () => {
    const { url } = await setup();
    const connection = await negotiate(url);
    await (await connection.poll()).text();
    await connection.send(HANDSHAKE + invocation("1") + invocation("2", "Fail"));
    const body = await (await connection.poll()).text();
    const more = body.split(RS).length - 1 < 3 ? await (await connection.poll()).text() : "";
    expect(records(body + more)).toEqual([
      {},
      { type: 3, invocationId: "1", result: "1" },
      { type: 3, invocationId: "2", error: "nope" },
    ]);
  });

  it("refuses an unsupported protocol in the handshake and then ends", async () => {
    const { url } = await setup();
    const connection = await negotiate(url);
    await (await connection.poll()).text();
    await connection.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect(await (await connection.poll()).text()).toBe(
      `{"error":"The protocol 'messagepack' is not supported."}${RS}`,
    );
    expect((await connection.poll()).status).toBe(204);
    expect((await connection.poll()).status).toBe(404);
  });

  it("answers 200 empty when the poll times out, and 204 to a poll replaced by a new one", async () => {
    const { url, hub, advance } = await setup({ pollTimeoutMs: 5_000 });
    const { connection } = await openLongPolling(url);
    const waiting = connection.poll();
    await vi.waitFor(() => expect(hub.stats().pendingPolls).toBe(1));
    advance(4_999);
    expect(hub.stats().pendingPolls).toBe(1);
    advance(1);
    const timedOut = await waiting;
    expect([timedOut.status, await timedOut.text()]).toEqual([200, ""]);
    const replaced = connection.poll();
    await vi.waitFor(() => expect(hub.stats().pendingPolls).toBe(1));
    const replacing = connection.poll();
    expect((await replaced).status).toBe(204);
    const del = await fetch(connection.url, { method: "DELETE", headers: connection.headers });
    expect(del.status).toBe(202);
    expect((await replacing).status).toBe(204);
    expect((await connection.poll()).status).toBe(404);
  });

  it("refuses a second concurrent send with 409", async () => {
    const { url } = await setup();
    const { connection } = await openLongPolling(url);
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(invocation("slow")));
        finish = () => controller.close();
      },
    });
    const slow = fetch(connection.url, {
      method: "POST",
      headers: connection.headers,
      body,
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await connection.send(invocation("second"))).status).toBe(409);
    finish();
    expect((await slow).status).toBe(200);
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 3, invocationId: "slow", result: "slow" },
    ]);
  });

  it.each([
    ["a record that is not JSON", `not json${RS}`, "Message is not valid JSON."],
    ["a partial record", `{"type":1,"target":"Echo"`, "Message is incomplete."],
    [
      "an invalid invocation",
      `{"type":1,"target":"","arguments":[]}${RS}`,
      "Invalid payload for Invocation message.",
    ],
    [
      "a record over 1 KiB",
      `{"type":1,"target":"Echo","arguments":["${"x".repeat(1100)}"]}${RS}`,
      "Message exceeds the maximum size of 1024 bytes.",
    ],
  ])("closes with an error on %s", async (_label, body, error) => {
    const { url, disconnected } = await setup({ maxRecordBytes: 1024 });
    const { connection } = await openLongPolling(url);
    expect((await connection.send(body)).status).toBe(200);
    expect(records(await (await connection.poll()).text())).toEqual([{ type: 7, error }]);
    expect((await connection.poll()).status).toBe(204);
    expect(disconnected).toHaveLength(1);
  });

  it("closes with an error when a body is over the limit", async () => {
    const { url } = await setup({ maxBodyBytes: 2048 });
    const { connection } = await openLongPolling(url);
    expect((await connection.send(invocation("1", "Echo", ["x".repeat(3000)]))).status).toBe(413);
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 7, error: "Message exceeds the maximum size of 2048 bytes." },
    ]);
  });

  it("ignores unknown message types and pings, and refuses stream invocations", async () => {
    const { url } = await setup();
    const { connection } = await openLongPolling(url);
    const stream = JSON.stringify({ type: 4, invocationId: "s", target: "Echo", arguments: [] }) + RS;
    await connection.send(`{"type":99}${RS}{"type":6}${RS}${stream}${invocation("after")}`);
    const body = await (await connection.poll()).text();
    const more = body.split(RS).length - 1 < 2 ? await (await connection.poll()).text() : "";
    expect(records(body + more)).toEqual([
      { type: 3, invocationId: "s", error: STREAMING_NOT_SUPPORTED },
      { type: 3, invocationId: "after", result: "after" },
    ]);
  });

  it("rate-limits one connection, then closes it, leaving others alone", async () => {
    const { url } = await setup({ rateLimit: { perSecond: 1, burst: 3, maxViolations: 4 } });
    const { connection } = await openLongPolling(url);
    const other = await openLongPolling(url, "token-u2");
    const batch = (prefix: string) => [1, 2, 3, 4, 5].map((n) => invocation(`${prefix}${n}`)).join("");
    await connection.send(batch("a"));
    const collected: unknown[] = [];
    while (collected.length < 5) collected.push(...records(await (await connection.poll()).text()));
    expect(collected).toEqual([
      { type: 3, invocationId: "a4", error: RATE_LIMITED },
      { type: 3, invocationId: "a5", error: RATE_LIMITED },
      { type: 3, invocationId: "a1", result: "a1" },
      { type: 3, invocationId: "a2", result: "a2" },
      { type: 3, invocationId: "a3", result: "a3" },
    ]);
    await other.connection.send(invocation("o1"));
    expect(records(await (await other.connection.poll()).text())).toEqual([
      { type: 3, invocationId: "o1", result: "o1" },
    ]);
    await connection.send(batch("b"));
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 3, invocationId: "b1", error: RATE_LIMITED },
      { type: 3, invocationId: "b2", error: RATE_LIMITED },
      { type: 7, error: RATE_LIMITED },
    ]);
  });

  it("removes a connection that stops polling, with its groups", async () => {
    const { url, hub, advance, disconnected } = await setup();
    const { connection } = await openLongPolling(url);
    await connection.send(invocation("j", "Join", ["g1"]));
    await (await connection.poll()).text();
    expect(hub.groups.has(connection.connectionId, "g1")).toBe(true);
    advance(14_000);
    expect(hub.stats().connections).toBe(1);
    advance(1_000);
    expect(hub.stats()).toMatchObject({ connections: 0, groups: 0, users: 0 });
    expect(hub.groups.has(connection.connectionId, "g1")).toBe(false);
    await vi.waitFor(() => expect(disconnected).toHaveLength(1));
    expect((await connection.poll()).status).toBe(404);
  });

  it("keeps a group's messages for the replay window only, and replays them to members only", async () => {
    const { url, hub, advance } = await setup();
    const { connection } = await openLongPolling(url);
    const sentAt = 1_000_000;
    await hub.publish("g1", "happened", { n: 1 });
    expect(hub.groups.replay(connection.connectionId, "g1", sentAt)).toBe(0);
    await connection.send(invocation("j", "Join", ["g1"]));
    await (await connection.poll()).text();
    expect(hub.groups.replay(connection.connectionId, "g1", sentAt + 1)).toBe(0);
    expect(hub.groups.replay(connection.connectionId, "g1", sentAt)).toBe(1);
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 1, target: "happened", arguments: [{ n: 1 }] },
    ]);
    // A poll in flight keeps the connection; past the window the message is gone.
    const waiting = connection.poll();
    await vi.waitFor(() => expect(hub.stats().pendingPolls).toBe(1));
    advance(60_001);
    expect(hub.groups.has(connection.connectionId, "g1")).toBe(true);
    expect(hub.groups.replay(connection.connectionId, "g1", 0)).toBe(0);
    advance(30_000);
    expect((await waiting).status).toBe(200);
  });

  it("keeps nothing for replay of a group it is told is not replayable", async () => {
    const { url, hub } = await setup({ replayable: (group) => group !== "quiet" });
    const { connection } = await openLongPolling(url);
    await connection.send(invocation("j", "Join", ["quiet"]));
    await (await connection.poll()).text();
    await hub.publish("quiet", "happened", { n: 1 });
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 1, target: "happened", arguments: [{ n: 1 }] },
    ]);
    expect(hub.groups.replay(connection.connectionId, "quiet", 0)).toBe(0);
  });

  it("removes a negotiated connection that never connects", async () => {
    const { url, hub, advance } = await setup();
    const connection = await negotiate(url);
    advance(15_000);
    expect(hub.stats().connections).toBe(0);
    expect((await connection.poll()).status).toBe(404);
  });
});
