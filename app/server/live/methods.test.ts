// The product's hub methods, driven through the official client over Server-Sent Events.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { searchGroup, tenantGroup, transferGroup, userGroup } from "./events.server";
import { createProductMethods, GROUP_NOT_ALLOWED, INVALID_ARGUMENTS, NOT_ALLOWED } from "./methods.server";
import {
  createMemoryPresence,
  PRESENCE_GRACE_MS,
  PRESENCE_LIFETIME_MS,
  type TransferActivityEvent,
} from "./presence.server";
import { createTestHub, principal, startServer, type TestServer } from "../../../tests/support/live-server";

let clock = Date.UTC(2025, 2, 1, 9, 0, 0);
const presence = createMemoryPresence({ now: () => clock });
const test = createTestHub({ sweepIntervalMs: 100 });
test.tokens.set("token-other-tenant", principal("u9", "tenant-2"));
// u3 works at tenant-1 too, but only on another association's board: the visible transfers are not in its scope.
test.tokens.set("token-u3", principal("u3"));
const unitsOfTransfer = (id: string) =>
  id.startsWith("visible") ? ["tenant:tenant-1", "association:a1"] : [];
const canSeeTransfer = vi.fn(async (_p: unknown, transferId: string) => transferId.startsWith("visible"));
const product = createProductMethods({
  hub: test.hub,
  presence,
  canSeeTransfer,
  ownsSearch: (p, searchId) => searchId === `search-of-${p.userId}`,
  scopeUnitsOf: async (p) => (p.userId === "u3" ? ["association:a2"] : [`tenant:${p.tenantId}`]),
  transferUnits: async (ids) => new Map(ids.map((id) => [id, unitsOfTransfer(id)])),
  presenceSweepMs: 0,
  now: () => clock,
});
test.hub.addMethods(product.methods);

let server: TestServer;
const opened: HubConnection[] = [];

beforeAll(async () => {
  server = await startServer({ "/api/ws": test.hub });
});

afterAll(async () => {
  await Promise.all(opened.map((connection) => connection.stop()));
  product.dispose();
  await test.hub.close();
  await server.close();
});

async function connect(token = "token-u1"): Promise<HubConnection> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.origin}/api/ws`, {
      transport: HttpTransportType.ServerSentEvents,
      accessTokenFactory: () => token,
    })
    .configureLogging(LogLevel.None)
    .build();
  opened.push(connection);
  await connection.start();
  return connection;
}

function next<T>(connection: HubConnection, event: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const handler = (payload: T) => {
      connection.off(event, handler);
      resolve(payload);
    };
    connection.on(event, handler);
  });
}

describe("JoinGroup and LeaveGroup", () => {
  it("allow the user's own id, own searches, own tenant and visible transfers", async () => {
    const connection = await connect();
    const id = connection.connectionId!;
    await connection.invoke("JoinGroup", "u1");
    await connection.invoke("JoinGroup", "search-of-u1");
    await connection.invoke("JoinGroup", "tenant-1");
    await connection.invoke("JoinGroup", "visible-7");
    for (const group of [
      userGroup("u1"),
      searchGroup("search-of-u1"),
      tenantGroup("tenant-1"),
      transferGroup("visible-7"),
    ]) {
      expect(test.hub.groups.has(id, group)).toBe(true);
    }
    await connection.invoke("LeaveGroup", "visible-7");
    expect(test.hub.groups.has(id, transferGroup("visible-7"))).toBe(false);
    expect(test.hub.groups.has(id, userGroup("u1"))).toBe(true);
  });

  it("refuse other users, other searches, other tenants and unseen transfers alike", async () => {
    const connection = await connect();
    for (const name of ["u2", "search-of-u2", "tenant-2", "hidden-1", "no-such-transfer"]) {
      await expect(connection.invoke("JoinGroup", name)).rejects.toThrow(
        new RegExp(`^${GROUP_NOT_ALLOWED}$`),
      );
    }
    await expect(connection.invoke("JoinGroup", 42)).rejects.toThrow(INVALID_ARGUMENTS);
    await expect(connection.invoke("JoinGroup")).rejects.toThrow(INVALID_ARGUMENTS);
  });
});

describe("JoinGroup with the time the page was read", () => {
  function collect(connection: HubConnection, event: string): unknown[] {
    const seen: unknown[] = [];
    connection.on(event, (payload: unknown) => seen.push(payload));
    return seen;
  }

  it("sends what the group was sent since then, once, and nothing from before", async () => {
    const before = Date.now() - 5_000;
    await test.hub.publish(transferGroup("visible-replay"), "transferTaskStarted", { n: 1 });
    await test.hub.publish(transferGroup("visible-replay"), "transferTaskCompleted", { n: 2 });
    const later = Date.now() + 5_000;

    // Rendered before both events: both come with the join, in order, before its answer.
    const early = await connect();
    const started = collect(early, "transferTaskStarted");
    const completed = collect(early, "transferTaskCompleted");
    await early.invoke("JoinGroup", "visible-replay", before);
    expect(started).toEqual([{ n: 1 }]);
    expect(completed).toEqual([{ n: 2 }]);

    // Rendered after them, or joined without a time: nothing is sent again.
    const fresh = await connect();
    const none = collect(fresh, "transferTaskStarted");
    await fresh.invoke("JoinGroup", "visible-replay", later);
    const plain = await connect();
    const alsoNone = collect(plain, "transferTaskStarted");
    await plain.invoke("JoinGroup", "visible-replay");
    // And what comes after the join arrives once, for everyone.
    await test.hub.publish(transferGroup("visible-replay"), "transferTaskStarted", { n: 3 });
    await vi.waitFor(() => expect(started).toEqual([{ n: 1 }, { n: 3 }]));
    await vi.waitFor(() => expect(none).toEqual([{ n: 3 }]));
    await vi.waitFor(() => expect(alsoNone).toEqual([{ n: 3 }]));
  });

  it("replays nothing of a group the user may not join, and refuses a time that is not a number", async () => {
    await test.hub.publish(transferGroup("hidden-replay"), "transferTaskStarted", { secret: true });
    const connection = await connect();
    const seen = collect(connection, "transferTaskStarted");
    await expect(connection.invoke("JoinGroup", "hidden-replay", 0)).rejects.toThrow(GROUP_NOT_ALLOWED);
    await expect(connection.invoke("JoinGroup", "visible-replay", "yesterday")).rejects.toThrow(
      INVALID_ARGUMENTS,
    );
    await expect(connection.invoke("JoinGroup", "visible-replay", { at: 1 })).rejects.toThrow(
      INVALID_ARGUMENTS,
    );
    expect(seen).toEqual([]);
  });
});

describe("presence", () => {
  it("announces watching to the tenant's activity group and lists it to newcomers", async () => {
    const watcher = await connect("token-u1");
    const colleague = await connect("token-u2");
    const stranger = await connect("token-other-tenant");
    const strangerEvents = vi.fn();
    stranger.on("transferActivityEventUpdated", strangerEvents);
    await colleague.invoke("JoinTenantTransferActivityGroup");
    await stranger.invoke("JoinTenantTransferActivityGroup");

    const updated = next<TransferActivityEvent>(colleague, "transferActivityEventUpdated");
    // Names come from the session, not from the client.
    await watcher.invoke("WatchingTransfer", "tenant-1", "visible-1", "u1", "Fake", "Name");
    const event = await updated;
    expect(event).toMatchObject({
      transferId: "visible-1",
      userId: "u1",
      firstName: "First u1",
      lastName: "Last u1",
    });

    const late = await connect("token-u2");
    const listed = next<TransferActivityEvent[]>(late, "transferActivityEvents");
    await late.invoke("JoinTenantTransferActivityGroup");
    expect(await listed).toEqual([event]);

    const deleted = next<TransferActivityEvent>(colleague, "transferActivityEventDeleted");
    await watcher.invoke("StopWatchingTransfer", "tenant-1", "visible-1", "u1");
    expect(await deleted).toEqual(event);
    expect(strangerEvents).not.toHaveBeenCalled();
  });

  it("refuses to watch as someone else or a transfer out of scope", async () => {
    const watcher = await connect("token-u1");
    await expect(watcher.invoke("WatchingTransfer", "tenant-1", "visible-1", "u2", "A", "B")).rejects.toThrow(
      NOT_ALLOWED,
    );
    await expect(watcher.invoke("WatchingTransfer", "tenant-2", "visible-1", "u1", "A", "B")).rejects.toThrow(
      NOT_ALLOWED,
    );
    await expect(watcher.invoke("WatchingTransfer", "tenant-1", "hidden-1", "u1", "A", "B")).rejects.toThrow(
      NOT_ALLOWED,
    );
    await expect(watcher.invoke("StopWatchingTransfer", "tenant-1", "visible-1", "u2")).rejects.toThrow(
      NOT_ALLOWED,
    );
    expect(await presence.list("tenant-1")).toEqual([]);
  });

  it("publishes a deletion when presence expires, and counts page loads as watching", async () => {
    const colleague = await connect("token-u2");
    await colleague.invoke("JoinTenantTransferActivityGroup");
    const updated = next<TransferActivityEvent>(colleague, "transferActivityEventUpdated");
    const event = await product.watchTransfer(principal("u1"), "visible-2");
    expect(await updated).toEqual(event);

    clock += PRESENCE_LIFETIME_MS + PRESENCE_GRACE_MS;
    expect(await product.sweepPresence()).toBe(0);
    const deleted = next<TransferActivityEvent>(colleague, "transferActivityEventDeleted");
    clock += 1;
    expect(await product.sweepPresence()).toBe(1);
    expect(await deleted).toEqual(event);
  });

  it("leaves the activity group on request", async () => {
    const colleague = await connect("token-u2");
    await colleague.invoke("JoinTenantTransferActivityGroup");
    await colleague.invoke("LeaveTenantTransferActivityGroup");
    expect(
      test.hub.groups.of(colleague.connectionId!).filter((g) => g.startsWith("tenant-activity")),
    ).toEqual([]);
  });

  it("tells a co-worker only of transfers in their own scope, live and in the list", async () => {
    const watcher = await connect("token-u1");
    const colleague = await connect("token-u2");
    const outsider = await connect("token-u3");
    const outsiderEvents = vi.fn();
    outsider.on("transferActivityEventUpdated", outsiderEvents);
    outsider.on("transferActivityEventDeleted", outsiderEvents);
    await colleague.invoke("JoinTenantTransferActivityGroup");
    await outsider.invoke("JoinTenantTransferActivityGroup");
    const updated = next<TransferActivityEvent>(colleague, "transferActivityEventUpdated");
    await watcher.invoke("WatchingTransfer", "tenant-1", "visible-3", "u1");
    await updated;
    const lateOutsider = await connect("token-u3");
    const listed = next<TransferActivityEvent[]>(lateOutsider, "transferActivityEvents");
    await lateOutsider.invoke("JoinTenantTransferActivityGroup");
    expect(await listed).toEqual([]);
    const deleted = next<TransferActivityEvent>(colleague, "transferActivityEventDeleted");
    await watcher.invoke("StopWatchingTransfer", "tenant-1", "visible-3", "u1");
    await deleted;
    expect(outsiderEvents).not.toHaveBeenCalled();
  });
});
