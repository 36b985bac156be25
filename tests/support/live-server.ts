// Shared by the live tests (and usable by benchmarks): a node:http server around hub handlers,
// and a raw HTTP client for the transports.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import {
  createHub,
  HubError,
  type Hub,
  type HubOptions,
  type LiveLogger,
  type Principal,
} from "../../app/server/live/hub.server";
import { createFetchListener } from "../../app/server/live/node-adapter.server";
import { RECORD_SEPARATOR } from "../../app/server/live/protocol.server";

export const RS = RECORD_SEPARATOR;
export const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
export const invocation = (id: string, target = "Echo", args: unknown[] = [id]) =>
  JSON.stringify({ type: 1, invocationId: id, target, arguments: args }) + RS;

export interface TestServer {
  origin: string;
  close(): Promise<void>;
}

/** Mounts hubs at `${prefix}/negotiate` and `${prefix}` as the Remix resource routes will. */
export async function startServer(hubs: Record<string, Hub>): Promise<TestServer> {
  const server: Server = createServer(
    createFetchListener(async (request) => {
      const { pathname } = new URL(request.url);
      for (const [prefix, hub] of Object.entries(hubs)) {
        if (pathname === `${prefix}/negotiate`) return hub.handleNegotiate(request);
        if (pathname === prefix) return hub.handleConnection(request);
      }
      return new Response("Not found", { status: 404 });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function principal(userId: string, tenantId = "tenant-1"): Principal {
  return { userId, tenantId, firstName: `First ${userId}`, lastName: `Last ${userId}` };
}

export interface TestHub {
  hub: Hub;
  tokens: Map<string, Principal>;
  logs: { level: string; message: string; detail: unknown }[];
}

/** A hub whose tokens are the keys of a map the test can change. */
export function createTestHub(options: Partial<HubOptions> = {}): TestHub {
  const tokens = new Map<string, Principal>([
    ["token-u1", principal("u1")],
    ["token-u2", principal("u2")],
  ]);
  const logs: TestHub["logs"] = [];
  const log: LiveLogger = (level, message, detail) => logs.push({ level, message, detail });
  const hub = createHub({
    authenticate: async (token) => (token === null ? null : (tokens.get(token) ?? null)),
    log,
    ...options,
  });
  return { hub, tokens, logs };
}

/**
 * Hubs on their own servers with a hand-driven clock (no sweep timer): `advance` moves the clock
 * and sweeps. Methods: Echo(value), Join(group), Fail() throwing HubError("nope").
 */
export function clockedHubs() {
  const cleanups: (() => Promise<void>)[] = [];
  async function setup(options: Partial<HubOptions> = {}) {
    const clock = { now: 1_000_000 };
    const disconnected: string[] = [];
    const test = createTestHub({
      now: () => clock.now,
      sweepIntervalMs: 0,
      onDisconnected: ({ connectionId }) => void disconnected.push(connectionId),
      methods: {
        Echo: (_context, value) => value,
        Join: ({ connectionId, hub }, group) => void hub.groups.add(connectionId, String(group)),
        Fail: () => {
          throw new HubError("nope");
        },
      },
      ...options,
    });
    const server = await startServer({ "/api/ws": test.hub });
    cleanups.push(async () => {
      await test.hub.close();
      await server.close();
    });
    const advance = (ms: number) => {
      clock.now += ms;
      test.hub.sweep();
    };
    return { ...test, url: `${server.origin}/api/ws`, advance, disconnected };
  }
  async function cleanup() {
    for (const step of cleanups.reverse()) await step();
  }
  return { setup, cleanup, cleanups };
}

export interface RawConnection {
  connectionId: string;
  id: string;
  url: string;
  headers: Record<string, string>;
  poll(signal?: AbortSignal): Promise<Response>;
  send(body: string): Promise<Response>;
}

export async function negotiate(hubUrl: string, token = "token-u1"): Promise<RawConnection> {
  const headers = { Authorization: `Bearer ${token}` };
  const response = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: "POST", headers });
  if (response.status !== 200) throw new Error(`negotiate answered ${response.status}`);
  const body = (await response.json()) as { connectionId: string; connectionToken: string };
  const url = `${hubUrl}?id=${body.connectionToken}`;
  return {
    connectionId: body.connectionId,
    id: body.connectionToken,
    url,
    headers,
    poll: (signal) => fetch(url, { headers, ...(signal ? { signal } : {}) }),
    send: (data) => fetch(url, { method: "POST", headers, body: data }),
  };
}

/** Negotiates, makes the first poll and completes the handshake; returns the handshake answer. */
export async function openLongPolling(hubUrl: string, token?: string) {
  const connection = await negotiate(hubUrl, token);
  const first = await connection.poll();
  await first.text();
  const sent = await connection.send(`{"protocol":"json","version":1}${RS}`);
  await sent.text();
  const handshake = await (await connection.poll()).text();
  return { connection, handshake };
}

/** Reads `data:` events from an SSE response. */
export function sseReader(response: Response) {
  if (!response.body) throw new Error("SSE response without body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async raw(minLength: number): Promise<string> {
      while (buffer.length < minLength) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
      }
      const out = buffer;
      buffer = "";
      return out;
    },
    /** The next event's data, or null when the stream ended. */
    async next(): Promise<string | null> {
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 4);
          const data = block
            .split("\r\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6));
          if (data.length > 0) return data.join("\n");
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

export function records(body: string): unknown[] {
  return body
    .split(RS)
    .filter((record) => record !== "")
    .map((record) => JSON.parse(record) as unknown);
}
