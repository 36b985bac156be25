// Server-Sent Events at the HTTP level, shutdown and the backplane, with an injected clock.
import { afterAll, describe, expect, it, vi } from "vitest";

import { createInProcessBackplane } from "./backplane.server";
import {
  clockedHubs,
  HANDSHAKE,
  invocation,
  negotiate,
  openLongPolling,
  records,
  RS,
  sseReader,
} from "../../../tests/support/live-server";

const { setup, cleanup, cleanups } = clockedHubs();
afterAll(cleanup);

describe("server-sent events", () => {
  async function openSse(url: string) {
    const connection = await negotiate(url);
    const controller = new AbortController();
    const response = await fetch(connection.url, {
      headers: { Accept: "text/event-stream", Authorization: "Bearer token-u1" },
      signal: controller.signal,
    });
    cleanups.push(async () => controller.abort());
    return { connection, response, reader: sseReader(response), abort: () => controller.abort() };
  }

  it("opens with a comment, then sends records as data events", async () => {
    const { url } = await setup();
    const { connection, response, reader } = await openSse(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(await reader.raw(3)).toBe(":\r\n");
    await connection.send(HANDSHAKE + invocation("1"));
    expect(await reader.next()).toBe(`{}${RS}`);
    expect(await reader.next()).toBe(`{"type":3,"invocationId":"1","result":"1"}${RS}`);
  });

  it("refuses a second stream with 409 and long polling on it with 400", async () => {
    const { url } = await setup();
    const { connection, reader } = await openSse(url);
    await reader.raw(3);
    const second = await fetch(connection.url, {
      headers: { Accept: "text/event-stream", Authorization: "Bearer token-u1" },
    });
    expect(second.status).toBe(409);
    expect((await connection.poll()).status).toBe(400);
  });

  it("pings after server silence and closes after client silence", async () => {
    const { url, hub, advance } = await setup();
    const { connection, reader } = await openSse(url);
    await reader.raw(3);
    await connection.send(HANDSHAKE);
    expect(await reader.next()).toBe(`{}${RS}`);
    advance(15_000);
    expect(await reader.next()).toBe(`{"type":6}${RS}`);
    advance(15_000);
    expect(await reader.next()).toBe(
      `{"type":7,"error":"Server timeout elapsed without receiving a message from the client."}${RS}`,
    );
    expect(await reader.next()).toBeNull();
    expect(hub.stats().connections).toBe(0);
  });

  it("ends the connection when the client goes away", async () => {
    const { url, hub, disconnected } = await setup();
    const { reader, abort } = await openSse(url);
    await reader.raw(3);
    expect(hub.stats().serverSentEvents).toBe(1);
    abort();
    await vi.waitFor(() => expect(hub.stats().connections).toBe(0));
    await vi.waitFor(() => expect(disconnected).toHaveLength(1));
  });
});

describe("shutdown and scale-out", () => {
  it("close() tells every client to reconnect and refuses new negotiations", async () => {
    const { url, hub } = await setup();
    const { connection } = await openLongPolling(url);
    const waiting = connection.poll();
    await vi.waitFor(() => expect(hub.stats().pendingPolls).toBe(1));
    await hub.close();
    expect(records(await (await waiting).text())).toEqual([{ type: 7, allowReconnect: true }]);
    const refused = await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Authorization: "Bearer token-u1" },
    });
    expect(refused.status).toBe(503);
  });

  it("delivers a group message published on one instance to a connection on another", async () => {
    const backplane = createInProcessBackplane();
    cleanups.push(() => backplane.close());
    const a = await setup({ backplane });
    const b = await setup({ backplane });
    const { connection } = await openLongPolling(b.url);
    await connection.send(invocation("j", "Join", ["shared"]));
    await (await connection.poll()).text();
    await a.hub.publish("shared", "messagesCountChanged", { unresolved: 2 });
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 1, target: "messagesCountChanged", arguments: [{ unresolved: 2 }] },
    ]);
  });
});
