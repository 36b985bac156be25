// The live channel as the product mounts it: the resource routes api.ws.negotiate, api.ws and
// api.ws.token behind the cross-site check, getLive() with minted access tokens, scope from the
// transfer domain and presence in the database, driven by the official @microsoft/signalr client.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from "@microsoft/signalr";
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as connectionRoute from "~/routes/api.ws";
import * as negotiateRoute from "~/routes/api.ws.negotiate";
import * as tokenRoute from "~/routes/api.ws.token";
import * as abortRoute from "~/routes/api.core.transfers.$id.abort";
import { getDb } from "~/server/db/db.server";
import { recentWatchers, recordWatching } from "~/server/live/activity.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { getUserById } from "~/server/domain/users.server";
import { transferGroup } from "~/server/live/events.server";
import { closeLive, getLive } from "~/server/live/live.server";
import { GROUP_NOT_ALLOWED, NOT_ALLOWED } from "~/server/live/methods.server";
import { createFetchListener } from "~/server/live/node-adapter.server";
import type { TransferActivityEvent } from "~/server/live/presence.server";
import { mintSearchId, verifyAccessToken } from "~/server/live/tokens.server";
import { guardAction } from "~/server/platform/protect-routes.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { liveTokenFor, request, startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

const RS = "\u001e";
let server: Server;
let origin: string;
const opened: HubConnection[] = [];

/** The routes as Remix runs them from server-entry.ts: every action behind the cross-site check. */
function route(loader: LoaderFunction, action?: ActionFunction) {
  const guarded = action ? guardAction(action) : undefined;
  return async (request: Request): Promise<Response> => {
    const args = { request, params: {}, context: {} };
    try {
      const isRead = request.method === "GET" || request.method === "HEAD";
      const result = isRead || !guarded ? await loader(args) : await guarded(args);
      return result as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
}

const routes: Record<string, (request: Request) => Promise<Response>> = {
  "/api/ws/negotiate": route(negotiateRoute.loader, negotiateRoute.action),
  "/api/ws": route(connectionRoute.loader, connectionRoute.action),
  "/api/ws/token": route(tokenRoute.loader),
};

async function cookieFor(userId: string): Promise<string> {
  const session = await getSession(request("/"));
  session.set("userId", userId);
  return (await commitSession(session)).split(";")[0] ?? "";
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "live-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "live-2", objectId: WORLD.objectB });
  server = createServer(
    createFetchListener(async (req) => {
      const handler = routes[new URL(req.url).pathname];
      return handler ? handler(req) : new Response("Not found", { status: 404 });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(opened.map((connection) => connection.stop()));
  await closeLive();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function build(transport: HttpTransportType, token: (() => string | Promise<string>) | null): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`${origin}/api/ws`, { transport, ...(token ? { accessTokenFactory: token } : {}) })
    .configureLogging(LogLevel.None)
    .build();
  opened.push(connection);
  return connection;
}

async function connectAs(userId: string, transport: HttpTransportType): Promise<HubConnection> {
  const connection = build(transport, () => liveTokenFor(userId));
  await connection.start();
  return connection;
}

function next<T>(connection: HubConnection, event: string, match: (value: T) => boolean = () => true) {
  return new Promise<T>((resolve) => {
    const handler = (value: T) => {
      if (!match(value)) return;
      connection.off(event, handler);
      resolve(value);
    };
    connection.on(event, handler);
  });
}

describe.each([
  ["ServerSentEvents", HttpTransportType.ServerSentEvents],
  ["LongPolling", HttpTransportType.LongPolling],
])("the mounted live channel over %s", (_name, transport) => {
  it("connects with a minted access token and refuses a missing, forged or inactive user's token", async () => {
    const connection = await connectAs("user-maria", transport);
    expect(connection.state).toBe(HubConnectionState.Connected);

    await expect(build(transport, null).start()).rejects.toThrow(/401/);
    const token = await liveTokenFor("user-maria");
    const at = token.indexOf(".") + 1; // first character of the MAC: all six bits count
    const forged = token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
    await expect(build(transport, () => forged).start()).rejects.toThrow(/401/);
    // user-peter exists but is Inactive: the token is genuine, the user is not let in.
    await expect(build(transport, () => liveTokenFor("user-peter")).start()).rejects.toThrow(/401/);
  });

  it("joins a transfer in scope, refuses one outside it, and delivers the domain's events", async () => {
    const connection = await connectAs("user-maria", transport);
    await connection.invoke("JoinGroup", "live-1");
    await expect(connection.invoke("JoinGroup", "live-2")).rejects.toThrow(GROUP_NOT_ALLOWED);
    await expect(connection.invoke("JoinGroup", "no-such-transfer")).rejects.toThrow(GROUP_NOT_ALLOWED);

    const aborted = next<{ transferId: string }>(connection, "transferAborted");
    await getLive().publisher.publish(transferGroup("live-2"), "transferAborted", { transferId: "live-2" });
    await getLive().publisher.publish(transferGroup("live-1"), "transferAborted", { transferId: "live-1" });
    await expect(aborted).resolves.toEqual({ transferId: "live-1" });
  });

  it("delivers the event a use case names when it is run through the JSON API", async () => {
    const connection = await connectAs("user-maria", transport);
    await connection.invoke("JoinGroup", "live-1");
    const started = next<{ transferId: string; task: string }>(connection, "transferTaskStarted");
    const cookie = await cookieFor("user-maria");
    const response = await abortRoute.action({
      request: request("/api/core/transfers/live-1/abort", {
        method: "POST",
        cookie,
        headers: { Origin: "http://localhost:3000" },
      }),
      params: { id: "live-1" },
      context: {},
    });
    expect(response.status).toBe(200);
    await expect(started).resolves.toEqual({ transferId: "live-1", task: "Abort" });
    // Both transports share the transfer: put it back for the next run.
    await getDb()
      .updateTable("transfers")
      .set({ status: "TransferReviewInProgress", aborting: 0, running_tasks: "[]" })
      .where("id", "=", "live-1")
      .execute();
  });

  it("drops a board member's groups and presence at once when their seat ends and the change is announced", async () => {
    const db = getDb();
    const erik = await connectAs("user-erik", transport);
    const karin = await connectAs("user-karin", transport);
    const heard: string[] = [];
    erik.on("transferAborted", () => heard.push("transferAborted"));
    erik.on("transferActivityEventUpdated", (event: TransferActivityEvent) => {
      if (event.userId === "user-karin") heard.push("Karin watching");
    });
    await erik.invoke("JoinGroup", "live-1");
    await erik.invoke("JoinTenantTransferActivityGroup");
    await erik.invoke("WatchingTransfer", "styrelse", "live-1", "user-erik");
    await karin.invoke("JoinTenantTransferActivityGroup");
    await karin.invoke("WatchingTransfer", "styrelse", "live-1", "user-karin");
    await vi.waitFor(() => expect(heard).toEqual(["Karin watching"]));

    const left = next<TransferActivityEvent>(
      karin,
      "transferActivityEventDeleted",
      (e) => e.userId === "user-erik",
    );
    // What the board refresh does when the registry no longer lists him, then announces.
    const seat = db
      .selectFrom("board_engagements")
      .where("personal_number", "=", "197509025172")
      .where("association_id", "=", WORLD.associationA.id);
    const row = await seat.selectAll().executeTakeFirstOrThrow();
    await db.deleteFrom("board_engagements").where("id", "=", row.id).execute();
    try {
      await getLive().publisher.accessChanged(["user-erik"]);
      // Well within the periodic check's 15 s: the announcement, not the timer, dropped them.
      await vi.waitFor(() => expect(getLive().hub.groups.of(erik.connectionId!)).toEqual([]), {
        timeout: 3_000,
      });
      await expect(left).resolves.toMatchObject({ transferId: "live-1" });

      await getLive().publisher.publish(transferGroup("live-1"), "transferAborted", { transferId: "live-1" });
      await karin.invoke("WatchingTransfer", "styrelse", "live-1", "user-karin");
      // His own user events still arrive, after the two above would have.
      const own = next(erik, "messagesCountChanged");
      await getLive().publisher.publishToUser("user-erik", "messagesCountChanged", { unresolved: 0 });
      await own;
      expect(heard).toEqual(["Karin watching"]);
      await expect(erik.invoke("JoinGroup", "live-1")).rejects.toThrow(GROUP_NOT_ALLOWED);
    } finally {
      await db.insertInto("board_engagements").values(row).execute();
      await karin.invoke("StopWatchingTransfer", "styrelse", "live-1", "user-karin");
    }
  });

  it("joins only search ids minted for this user", async () => {
    const connection = await connectAs("user-maria", transport);
    await connection.invoke("JoinGroup", mintSearchId("user-maria"));
    await expect(connection.invoke("JoinGroup", mintSearchId("user-anders"))).rejects.toThrow(
      GROUP_NOT_ALLOWED,
    );
  });

  it("shows co-workers watching a transfer live, and to server-rendered pages", async () => {
    const maria = await connectAs("user-maria", transport);
    const johan = await connectAs("user-johan", transport);
    const anders = await connectAs("user-anders", transport);
    const initial = next<TransferActivityEvent[]>(maria, "transferActivityEvents");
    await maria.invoke("JoinTenantTransferActivityGroup");
    await expect(initial).resolves.toEqual(expect.any(Array));
    const strangerHeard: unknown[] = [];
    anders.on("transferActivityEventUpdated", (event) => strangerHeard.push(event));
    await anders.invoke("JoinTenantTransferActivityGroup");

    const isJohan = (event: TransferActivityEvent) => event.userId === "user-johan";
    const updated = next(maria, "transferActivityEventUpdated", isJohan);
    await johan.invoke("WatchingTransfer", "stadsbo", "live-1", "user-johan");
    await expect(updated).resolves.toMatchObject({
      userId: "user-johan",
      transferId: "live-1",
      firstName: "Johan",
      lastName: "Berg",
    });
    // Someone else's name, another tenant's transfer, or another tenant: refused.
    await expect(johan.invoke("WatchingTransfer", "stadsbo", "live-1", "user-maria")).rejects.toThrow(
      NOT_ALLOWED,
    );
    await expect(johan.invoke("WatchingTransfer", "stadsbo", "live-2", "user-johan")).rejects.toThrow(
      NOT_ALLOWED,
    );

    const db = getDb();
    const viewer = await viewerFor(db, (await getUserById(db, "user-maria"))!);
    const watchers = await recentWatchers(db, viewer, ["live-1", "live-2"], new Date());
    expect(watchers["live-1"]?.map((w) => w.firstName)).toEqual(["Johan"]);
    expect(watchers["live-2"]).toBeUndefined();
    const johanViewer = await viewerFor(db, (await getUserById(db, "user-johan"))!);
    expect(await recentWatchers(db, johanViewer, ["live-1"], new Date())).toEqual({});

    const deleted = next(maria, "transferActivityEventDeleted", isJohan);
    await johan.invoke("StopWatchingTransfer", "stadsbo", "live-1", "user-johan");
    await expect(deleted).resolves.toMatchObject({ userId: "user-johan", transferId: "live-1" });
    expect(await recentWatchers(db, viewer, ["live-1"], new Date())).toEqual({});

    // A page load records the viewer through the same store and tells the tenant.
    const fromPage = next(maria, "transferActivityEventUpdated", isJohan);
    await recordWatching(
      db,
      {
        transferId: "live-1",
        userId: "user-johan",
        tenantId: "stadsbo",
        firstName: "Johan",
        lastName: "Berg",
      },
      new Date(),
    );
    await expect(fromPage).resolves.toMatchObject({ userId: "user-johan", transferId: "live-1" });
    expect(strangerHeard).toEqual([]);
    await johan.invoke("StopWatchingTransfer", "stadsbo", "live-1", "user-johan");
  });
});

describe("the live channel's HTTP edges", () => {
  it("lets a same-origin text/plain POST through the cross-site check and refuses a cross-site one", async () => {
    const token = await liveTokenFor("user-maria");
    const negotiate = await fetch(`${origin}/api/ws/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: origin },
    });
    expect(negotiate.status).toBe(200);
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const url = `${origin}/api/ws?id=${connectionToken}`;
    await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).text();
    const send = (headers: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/plain;charset=UTF-8", ...headers },
        body: `{"protocol":"json","version":1}${RS}`,
      });
    const crossSite = await send({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await send({ Origin: origin, "Sec-Fetch-Site": "same-origin" });
    expect(sameOrigin.status).toBe(200);
    const handshake = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(await handshake.text()).toBe(`{}${RS}`);
    const close = await fetch(url, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}`, Origin: origin },
    });
    expect(close.status).toBe(202);
  });

  it("answers GET on negotiate with 405 and hub requests without a token with 401", async () => {
    expect((await fetch(`${origin}/api/ws/negotiate`)).status).toBe(405);
    const refused = await fetch(`${origin}/api/ws/negotiate?negotiateVersion=1`, { method: "POST" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
    expect((await fetch(`${origin}/api/ws?id=x`)).status).toBe(401);
  });

  it("mints a token for the signed-in user only, never cached", async () => {
    const anonymous = await fetch(`${origin}/api/ws/token`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");

    const inactive = await fetch(`${origin}/api/ws/token`, {
      headers: { Cookie: await cookieFor("user-peter") },
    });
    expect(inactive.status).toBe(403);

    const signedIn = await fetch(`${origin}/api/ws/token`, {
      headers: { Cookie: await cookieFor("user-maria") },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    expect(verifyAccessToken(accessToken)).toBe("user-maria");
  });

  it("connects with an accessTokenFactory that fetches the token route", async () => {
    const cookie = await cookieFor("user-maria");
    const connection = build(HttpTransportType.ServerSentEvents, async () => {
      const response = await fetch(`${origin}/api/ws/token`, { headers: { Cookie: cookie } });
      return ((await response.json()) as { accessToken: string }).accessToken;
    });
    await connection.start();
    await connection.invoke("JoinGroup", "user-maria");
    expect(getLive().hub.groups.has(connection.connectionId!, "user:user-maria")).toBe(true);
  });
});
