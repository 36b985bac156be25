import { HttpTransportType, HubConnectionBuilder, LogLevel } from "@microsoft/signalr";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as apiSession from "~/routes/api.session";
import * as apiUsers from "~/routes/api.core.users";
import * as apiToken from "~/routes/api.ws.token";
import * as logout from "~/routes/logout";
import { getDb } from "~/server/db/db.server";
import { deactivateUser } from "~/server/domain/provisioning.server";
import { closeEndedSessions, closeLive, getLive } from "~/server/live/live.server";
import { startServer } from "../support/live-server";
import {
  ABSOLUTE_LIFETIME_MS,
  IDLE_TIMEOUT_MS,
  getSessionStorage,
  purgeExpiredSessions,
  setSessionClockForTests,
} from "~/server/platform/session.server";
import { answered, formRequest, request, signedInSession, startFreshApp } from "../support/app";

/**
 * Decision 012: sessions live on the server, so log-out, deactivation and expiry end them at once, for
 * pages, the JSON API, live tokens and open live connections alike.
 */

const args = (req: Request) => ({ request: req, params: {}, context: {} });
let mariaId = "";

async function isSet(cookie: string): Promise<boolean> {
  const body = (await (await apiSession.loader(args(request("/api/session", { cookie })))).json()) as {
    isSet: boolean;
  };
  return body.isSet;
}

beforeAll(async () => {
  await startFreshApp();
  mariaId = (
    await getDb()
      .selectFrom("users")
      .select("id")
      .where("personal_number", "=", "197904122319")
      .executeTakeFirstOrThrow()
  ).id;
});

afterEach(() => setSessionClockForTests(null));
afterAll(async () => {
  await closeLive();
});

describe("server-side sessions", () => {
  it("the cookie holds only a random id; the values stay on the server", async () => {
    const { cookie, sessionId } = await signedInSession(mariaId, "stadsbo");
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    expect(decodeURIComponent(cookie)).not.toContain(mariaId);
    const row = await getDb()
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(mariaId);
  });

  it("log-out ends the session for pages, the API and live tokens, even if the old cookie is replayed", async () => {
    const { cookie } = await signedInSession(mariaId, "stadsbo");
    expect(await isSet(cookie)).toBe(true);
    expect((await answered(apiToken.loader(args(request("/api/ws/token", { cookie }))))).status).toBe(200);
    const out = await answered(
      logout.action({
        request: formRequest(
          "/logout",
          { intent: "logout" },
          { cookie, headers: { Origin: "http://localhost:3000" } },
        ),
        params: {},
        context: {},
      }),
    );
    expect(out.status).toBe(303);
    expect(await isSet(cookie)).toBe(false);
    expect((await answered(apiUsers.loader(args(request("/api/core/users", { cookie }))))).status).toBe(401);
    expect((await answered(apiToken.loader(args(request("/api/ws/token", { cookie }))))).status).toBe(401);
  });

  it("ends after an hour idle and after twelve hours in all, and purges what has ended", async () => {
    let now = Date.now();
    setSessionClockForTests(() => now);
    const idle = await signedInSession(mariaId);
    now += IDLE_TIMEOUT_MS - 60_000;
    expect(await isSet(idle.cookie)).toBe(true); // a request keeps it alive
    now += IDLE_TIMEOUT_MS - 60_000;
    expect(await isSet(idle.cookie)).toBe(true);
    now += IDLE_TIMEOUT_MS;
    expect(await isSet(idle.cookie)).toBe(false);

    // The live channel's checks are not activity: an open tab alone does not keep a session alive.
    const watched = await signedInSession(mariaId);
    const { sessionIsActive } = await import("~/server/platform/session.server");
    for (let minutes = 10; minutes < 60; minutes += 10) {
      now += 10 * 60_000;
      expect(await sessionIsActive(watched.sessionId)).toBe(true);
    }
    now += 10 * 60_000;
    expect(await sessionIsActive(watched.sessionId)).toBe(false);

    const busy = await signedInSession(mariaId);
    const started = now;
    while (now < started + ABSOLUTE_LIFETIME_MS - 30 * 60_000) {
      now += 30 * 60_000;
      expect(await isSet(busy.cookie)).toBe(true);
    }
    now = started + ABSOLUTE_LIFETIME_MS;
    expect(await isSet(busy.cookie)).toBe(false);

    const left = await signedInSession(mariaId);
    now += IDLE_TIMEOUT_MS;
    expect(await purgeExpiredSessions(getDb(), now)).toBeGreaterThanOrEqual(1);
    const remaining = await getDb()
      .selectFrom("sessions")
      .select("id")
      .where("id", "=", left.sessionId)
      .execute();
    expect(remaining).toEqual([]);
  });

  it("deactivating a user ends every session of that user", async () => {
    const peter = await getDb()
      .selectFrom("users")
      .select(["id", "personal_number"])
      .where("personal_number", "=", "199011215614")
      .executeTakeFirstOrThrow();
    await getDb().updateTable("users").set({ status: "Active" }).where("id", "=", peter.id).execute();
    const one = await signedInSession(peter.id);
    const two = await signedInSession(peter.id);
    expect(await isSet(one.cookie)).toBe(true);
    expect(await deactivateUser(getDb(), peter.personal_number)).toBe(true);
    expect(await isSet(one.cookie)).toBe(false);
    expect(await isSet(two.cookie)).toBe(false);
  });

  it("a sign-in session never keeps an id planted before sign-in (fixation)", async () => {
    const { rotateSession } = await import("~/server/platform/session.server");
    const storage = getSessionStorage();
    const planted = await storage.getSession();
    planted.set("loginOrderId", "order-1");
    const plantedCookie = (await storage.commitSession(planted)).split(";")[0]!;
    const before = await storage.getSession(plantedCookie);
    const rotated = await rotateSession(before);
    rotated.set("userId", mariaId);
    const signedIn = (await storage.commitSession(rotated)).split(";")[0]!;
    const after = await storage.getSession(signedIn);
    expect(after.id).not.toBe(before.id);
    expect(after.get("loginOrderId")).toBe("order-1");
    expect((await storage.getSession(plantedCookie)).get("loginOrderId")).toBeUndefined();
  });
});

describe("open live connections end with their session", () => {
  it("an SSE connection is closed after log-out and cannot reconnect with the old token", async () => {
    const live = getLive();
    const server = await startServer({ "/api/ws": live.hub });
    try {
      const { cookie } = await signedInSession(mariaId, "stadsbo");
      const token = (
        (await (await apiToken.loader(args(request("/api/ws/token", { cookie })))).json()) as {
          accessToken: string;
        }
      ).accessToken;
      const connection = new HubConnectionBuilder()
        .withUrl(`${server.origin}/api/ws`, {
          transport: HttpTransportType.ServerSentEvents,
          accessTokenFactory: () => token,
        })
        .configureLogging(LogLevel.None)
        .build();
      await connection.start();
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      await logout.action({
        request: formRequest(
          "/logout",
          { intent: "logout" },
          { cookie, headers: { Origin: "http://localhost:3000" } },
        ),
        params: {},
        context: {},
      });
      expect(await closeEndedSessions(live.hub)).toBe(1);
      expect(String(await closed)).toContain("Session ended");
      const again = new HubConnectionBuilder()
        .withUrl(`${server.origin}/api/ws`, {
          transport: HttpTransportType.ServerSentEvents,
          accessTokenFactory: () => token,
        })
        .configureLogging(LogLevel.None)
        .build();
      await expect(again.start()).rejects.toThrow(/401/);
    } finally {
      await server.close();
    }
  });
});
