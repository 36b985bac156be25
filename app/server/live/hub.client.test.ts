// The official @microsoft/signalr client against our hub, once per HTTP transport.
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from "@microsoft/signalr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createAccessCheck } from "./access.server";
import { scopedActivityGroup, transferGroup, userGroup } from "./events.server";
import { HubError, UNEXPECTED_ERROR, UNKNOWN_METHOD } from "./hub.server";
import { createProductMethods, GROUP_NOT_ALLOWED } from "./methods.server";
import { createMemoryPresence, type TransferActivityEvent } from "./presence.server";
import { createTestHub, principal, startServer, type TestServer } from "../../../tests/support/live-server";

const remembered: unknown[] = [];
const test = createTestHub({
  pollTimeoutMs: 2_000,
  sweepIntervalMs: 100,
  methods: {
    Echo: ({ principal }, value) => ({ echo: value, user: principal.userId }),
    Fail: () => {
      throw new HubError("Nope, not allowed");
    },
    Crash: () => {
      throw new Error("secret internal detail");
    },
    Remember: (_context, value) => {
      remembered.push(value);
    },
  },
});
/** Users whose scope no longer holds anything (a board seat that ended); the one truth joins and re-checks ask. */
const lostAccess = new Set<string>();
const canSee = (userId: string, transferId: string) => transferId === "t-visible" && !lostAccess.has(userId);
const unitsOf = (userId: string, tenantId: string) => (lostAccess.has(userId) ? [] : [`tenant:${tenantId}`]);
const presence = createMemoryPresence();
const product = createProductMethods({
  hub: test.hub,
  presence,
  canSeeTransfer: async (p, transferId) => canSee(p.userId, transferId),
  ownsSearch: () => false,
  scopeUnitsOf: async (p) => unitsOf(p.userId, p.tenantId),
  transferUnits: async (ids) => new Map(ids.map((id) => [id, id === "t-visible" ? ["tenant:tenant-1"] : []])),
  presenceSweepMs: 0,
});
test.hub.addMethods(product.methods);
const ACCESS_CHECK_MS = 200;
const access = createAccessCheck({
  hub: test.hub,
  presence,
  accessOf: async (userId, ids) => ({
    units: unitsOf(userId, "tenant-1"),
    transferIds: new Set(ids.filter((id) => canSee(userId, id))),
  }),
  watcherLeft: product.watcherLeft,
  intervalMs: ACCESS_CHECK_MS,
});

let server: TestServer;
let hubUrl: string;
const opened: HubConnection[] = [];

beforeAll(async () => {
  server = await startServer({ "/api/ws": test.hub });
  hubUrl = `${server.origin}/api/ws`;
});

afterAll(async () => {
  await Promise.all(opened.map((connection) => connection.stop()));
  access.dispose();
  product.dispose();
  await test.hub.close();
  await server.close();
});

interface ConnectOptions {
  token?: string | null;
  accessTokenFactory?: () => string;
  reconnect?: boolean;
}

function build(transport: HttpTransportType, options: ConnectOptions = {}): HubConnection {
  const token = options.token === undefined ? "token-u1" : options.token;
  const factory = options.accessTokenFactory ?? (token === null ? undefined : () => token);
  let builder = new HubConnectionBuilder()
    .withUrl(hubUrl, { transport, ...(factory ? { accessTokenFactory: factory } : {}) })
    .configureLogging(LogLevel.None);
  if (options.reconnect) builder = builder.withAutomaticReconnect([0, 50, 100, 200, 400]);
  const connection = builder.build();
  opened.push(connection);
  return connection;
}

async function connect(transport: HttpTransportType, options?: ConnectOptions): Promise<HubConnection> {
  const connection = build(transport, options);
  await connection.start();
  return connection;
}

describe.each([
  ["ServerSentEvents", HttpTransportType.ServerSentEvents],
  ["LongPolling", HttpTransportType.LongPolling],
])("official client over %s", (name, transport) => {
  it("connects and gets a method's result", async () => {
    const connection = await connect(transport);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toEqual(expect.any(String));
    await expect(connection.invoke("Echo", { n: 42 })).resolves.toEqual({ echo: { n: 42 }, user: "u1" });
    // Method names match case-insensitively, as on the reference server.
    await expect(connection.invoke("echo", "x")).resolves.toEqual({ echo: "x", user: "u1" });
  });

  it("rejects with a HubError's message, and hides other errors", async () => {
    const connection = await connect(transport);
    await expect(connection.invoke("Fail")).rejects.toThrow(/^Nope, not allowed$/);
    await expect(connection.invoke("Crash")).rejects.toThrow(new RegExp(`^${UNEXPECTED_ERROR("Crash")}$`));
    expect(test.logs.some((entry) => entry.message.includes("Crash") && entry.level === "error")).toBe(true);
    // The connection stays usable after errors.
    await expect(connection.invoke("Echo", 1)).resolves.toMatchObject({ echo: 1 });
  });

  it("answers an unknown method with an error instead of hanging", async () => {
    const connection = await connect(transport);
    await expect(connection.invoke("NoSuchMethod", 1)).rejects.toThrow(UNKNOWN_METHOD("NoSuchMethod"));
  });

  it("delivers group events after JoinGroup, and user events", async () => {
    const connection = await connect(transport);
    const received = new Promise<unknown>((resolve) => connection.on("transferApproved", resolve));
    await connection.invoke("JoinGroup", "t-visible");
    expect(test.hub.groups.has(connection.connectionId!, transferGroup("t-visible"))).toBe(true);
    await test.hub.publish(transferGroup("t-visible"), "transferApproved", { transferId: "t-visible" });
    await expect(received).resolves.toEqual({ transferId: "t-visible" });

    await connection.invoke("JoinGroup", "u1");
    const count = new Promise<unknown>((resolve) => connection.on("messagesCountChanged", resolve));
    await test.hub.publish(userGroup("u1"), "messagesCountChanged", { unresolved: 3 });
    await expect(count).resolves.toEqual({ unresolved: 3 });

    const direct = new Promise<unknown>((resolve) => connection.on("documentVerified", resolve));
    await test.hub.publishToUser("u1", "documentVerified", { transferId: "t-visible", documentId: "d1" });
    await expect(direct).resolves.toEqual({ transferId: "t-visible", documentId: "d1" });
  });

  it("drops the groups of a user who lost access within the check interval: their events and names stop", async () => {
    const leaver = `leaver-${name}`;
    const colleague = `colleague-${name}`;
    test.tokens.set(`token-${leaver}`, principal(leaver));
    test.tokens.set(`token-${colleague}`, principal(colleague));
    const connection = await connect(transport, { token: `token-${leaver}` });
    const watcher = await connect(transport, { token: `token-${colleague}` });
    const heard: string[] = [];
    connection.on("transferApproved", () => heard.push("transferApproved"));
    connection.on("transferActivityEventUpdated", (event: TransferActivityEvent) => {
      if (event.userId === colleague) heard.push("colleague watching");
    });
    await connection.invoke("JoinGroup", "t-visible");
    await connection.invoke("JoinGroup", leaver);
    await connection.invoke("JoinTenantTransferActivityGroup");
    await connection.invoke("WatchingTransfer", "tenant-1", "t-visible", leaver);
    await watcher.invoke("JoinTenantTransferActivityGroup");
    await test.hub.publish(transferGroup("t-visible"), "transferApproved", { transferId: "t-visible" });
    await vi.waitFor(() => expect(heard).toEqual(["transferApproved"]));
    await watcher.invoke("WatchingTransfer", "tenant-1", "t-visible", colleague);
    await vi.waitFor(() => expect(heard).toEqual(["transferApproved", "colleague watching"]));

    const left = new Promise<TransferActivityEvent>((resolve) =>
      watcher.on("transferActivityEventDeleted", (event: TransferActivityEvent) => {
        if (event.userId === leaver) resolve(event);
      }),
    );
    lostAccess.add(leaver);
    // The next tick comes within one interval; the second is slack for a busy machine.
    await vi.waitFor(
      () => expect(test.hub.groups.of(connection.connectionId!)).toEqual([userGroup(leaver)]),
      { timeout: 2 * ACCESS_CHECK_MS, interval: 10 },
    );
    expect(
      test.hub.groups.has(connection.connectionId!, scopedActivityGroup("tenant-1", "tenant:tenant-1")),
    ).toBe(false);
    // Presence announces that the leaver is no longer on the transfer.
    await expect(left).resolves.toMatchObject({ userId: leaver, transferId: "t-visible" });

    // The transfer's events and a colleague's name no longer reach the leaver; their own group still does, after
    // both (one connection's messages arrive in order).
    await test.hub.publish(transferGroup("t-visible"), "transferApproved", { transferId: "t-visible" });
    await watcher.invoke("WatchingTransfer", "tenant-1", "t-visible", colleague);
    const own = new Promise<unknown>((resolve) => connection.on("messagesCountChanged", resolve));
    await test.hub.publish(userGroup(leaver), "messagesCountChanged", { unresolved: 1 });
    await expect(own).resolves.toEqual({ unresolved: 1 });
    expect(heard).toEqual(["transferApproved", "colleague watching"]);
    await expect(connection.invoke("JoinGroup", "t-visible")).rejects.toThrow(GROUP_NOT_ALLOWED);
  });

  it("refuses JoinGroup for a group the user may not join", async () => {
    const connection = await connect(transport);
    await expect(connection.invoke("JoinGroup", "t-hidden")).rejects.toThrow(GROUP_NOT_ALLOWED);
    await expect(connection.invoke("JoinGroup", "u2")).rejects.toThrow(GROUP_NOT_ALLOWED);
    expect(test.hub.groups.has(connection.connectionId!, transferGroup("t-hidden"))).toBe(false);
  });

  it("runs a send without invocation id", async () => {
    const connection = await connect(transport);
    await connection.send("Remember", `sent over ${name}`);
    await vi.waitFor(() => expect(remembered).toContain(`sent over ${name}`));
  });

  it("reconnects automatically when the server closes with allowReconnect", async () => {
    const connection = await connect(transport, { reconnect: true });
    const firstId = connection.connectionId!;
    const reconnecting = vi.fn();
    connection.onreconnecting(reconnecting);
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));
    expect(test.hub.closeConnection(firstId, { allowReconnect: true })).toBe(true);
    const newId = await reconnected;
    expect(reconnecting).toHaveBeenCalled();
    expect(newId).toEqual(expect.any(String));
    expect(newId).not.toBe(firstId);
    await expect(connection.invoke("Echo", "again")).resolves.toMatchObject({ echo: "again" });
  });

  it("ends the connection on a close with an error", async () => {
    const connection = await connect(transport);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    test.hub.closeConnection(connection.connectionId!, { error: "Go away" });
    await expect(closed).resolves.toMatchObject({ message: expect.stringContaining("Go away") });
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it("refuses to start without a token", async () => {
    const connection = build(transport, { token: null });
    await expect(connection.start()).rejects.toThrow(/401/);
    const wrong = build(transport, { token: "not-a-token" });
    await expect(wrong.start()).rejects.toThrow(/401/);
  });

  it("calls accessTokenFactory again after a 401 by reconnecting with a fresh negotiate", async () => {
    const rotatedToken = `token-rotated-${name}`;
    test.tokens.set("token-old", test.tokens.get("token-u1")!);
    test.tokens.set(rotatedToken, test.tokens.get("token-u1")!);
    const factory = vi.fn(() => (factory.mock.calls.length <= 1 ? "token-old" : rotatedToken));
    const connection = await connect(transport, { accessTokenFactory: factory, reconnect: true });
    expect(factory).toHaveBeenCalledTimes(1);
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));
    test.tokens.delete("token-old");
    // Either the 401 or the close message that follows it rejects the pending invoke.
    await expect(connection.invoke("Echo", "expired")).rejects.toThrow(/401|Unauthorized/);
    await reconnected;
    expect(factory.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(factory.mock.results.at(-1)?.value).toBe(rotatedToken);
    await expect(connection.invoke("Echo", "rotated")).resolves.toMatchObject({ echo: "rotated" });
  });
});
