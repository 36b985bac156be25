// Two product instances on one Redis (REDIS_URL): an event published on one reaches a client connected to
// the other, and presence written on one is listed on the other. Each instance is a child process running
// tests/support/live-instance.ts over the same SQLite file and session secret.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "~/server/db/db.server";
import { transferGroup } from "~/server/live/events.server";
import { GROUP_NOT_ALLOWED } from "~/server/live/methods.server";
import type { TransferActivityEvent } from "~/server/live/presence.server";
import { createRedisPresence } from "~/server/live/redis.server";
import { liveTokenFor, startFreshApp } from "../support/app";
import {
  redisServerInstalled,
  startLiveInstance,
  startRedisServer,
  type LiveInstance,
  type RedisServer,
} from "../support/live-instance";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

if (!redisServerInstalled()) {
  console.log("SKIPPED: live channel scale-out (redis-server is not installed)");
  describe.skip("live channel scale-out", () => it("needs redis-server", () => undefined));
} else {
  let redis: RedisServer;
  let a: LiveInstance;
  let b: LiveInstance;
  const opened: HubConnection[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const { dataDir } = await startFreshApp();
    const db = getDb();
    await buildWorld(db);
    await insertTransfer(db, { id: "scale-1", objectId: WORLD.objectA });
    // The periodic access check is pushed out of reach, so only an announcement can drop a group here.
    const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, LIVE_ACCESS_CHECK_MS: "3600000" };
    [a, b] = await Promise.all([startLiveInstance(env), startLiveInstance(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.stop()));
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  }, 30_000);

  async function connect(instance: LiveInstance, userId: string, transport: HttpTransportType) {
    const connection = new HubConnectionBuilder()
      .withUrl(`${instance.origin}/api/ws`, {
        transport,
        accessTokenFactory: () => liveTokenFor(userId),
      })
      .configureLogging(LogLevel.None)
      .build();
    opened.push(connection);
    await connection.start();
    return connection;
  }

  const post = async (instance: LiveInstance, path: string, body: unknown) => {
    const response = await fetch(`${instance.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json() as Promise<unknown>;
  };

  const next = <T>(connection: HubConnection, event: string) =>
    new Promise<T>((resolve) => connection.on(event, resolve));

  describe("live channel scale-out over Redis", () => {
    it("delivers an event published on one instance to clients of the other, both ways", async () => {
      const onA = await connect(a, "user-maria", HttpTransportType.ServerSentEvents);
      const onB = await connect(b, "user-johan", HttpTransportType.LongPolling);
      await onA.invoke("JoinGroup", "scale-1");
      await onB.invoke("JoinGroup", "user-johan");

      const approved = next(onA, "transferApproved");
      await post(b, "/test/publish", {
        group: transferGroup("scale-1"),
        event: "transferApproved",
        payload: { transferId: "scale-1" },
      });
      await expect(approved).resolves.toEqual({ transferId: "scale-1" });

      const count = next(onB, "messagesCountChanged");
      await post(a, "/test/publish", {
        group: "user:user-johan",
        event: "messagesCountChanged",
        payload: { unresolved: 2 },
      });
      await expect(count).resolves.toEqual({ unresolved: 2 });
    });

    it("drops the groups a user lost on the other instance too, when one instance announces it", async () => {
      const db = getDb();
      const erik = await connect(b, "user-erik", HttpTransportType.LongPolling);
      const heard: string[] = [];
      erik.on("transferApproved", () => heard.push("transferApproved"));
      await erik.invoke("JoinGroup", "scale-1");
      await erik.invoke("JoinGroup", "user-erik");
      const first = next(erik, "transferApproved");
      const approved = {
        group: transferGroup("scale-1"),
        event: "transferApproved",
        payload: { transferId: "scale-1" },
      };
      await post(a, "/test/publish", approved);
      await first;

      const seat = await db
        .selectFrom("board_engagements")
        .selectAll()
        .where("personal_number", "=", "197509025172")
        .where("association_id", "=", WORLD.associationA.id)
        .executeTakeFirstOrThrow();
      await db.deleteFrom("board_engagements").where("id", "=", seat.id).execute();
      try {
        await post(a, "/test/access-changed", { userIds: ["user-erik"] });
        // A round: the transfer's event, then his own; when his own arrives, the other would have before it.
        const transferEventsHeard = async () => {
          const before = heard.length;
          await post(a, "/test/publish", approved);
          const own = next(erik, "messagesCountChanged");
          await post(a, "/test/publish", {
            group: "user:user-erik",
            event: "messagesCountChanged",
            payload: {},
          });
          await own;
          return heard.length - before;
        };
        await expect.poll(transferEventsHeard, { timeout: 3_000, interval: 50 }).toBe(0);
        await expect(erik.invoke("JoinGroup", "scale-1")).rejects.toThrow(GROUP_NOT_ALLOWED);
      } finally {
        await db.insertInto("board_engagements").values(seat).execute();
      }
    });

    it("shares presence: written on one instance, announced and listed on the other", async () => {
      const maria = await connect(a, "user-maria", HttpTransportType.ServerSentEvents);
      const initial = next<TransferActivityEvent[]>(maria, "transferActivityEvents");
      await maria.invoke("JoinTenantTransferActivityGroup");
      await initial;

      const updated = next<TransferActivityEvent>(maria, "transferActivityEventUpdated");
      const written = (await post(b, "/test/watch", {
        userId: "user-johan",
        transferId: "scale-1",
      })) as TransferActivityEvent;
      expect(written).toMatchObject({ userId: "user-johan", transferId: "scale-1", firstName: "Johan" });
      await expect(updated).resolves.toEqual(written);

      const later = await connect(a, "user-maria", HttpTransportType.LongPolling);
      const listed = next<TransferActivityEvent[]>(later, "transferActivityEvents");
      await later.invoke("JoinTenantTransferActivityGroup");
      await expect(listed).resolves.toContainEqual(written);

      const store = createRedisPresence(redis.url);
      try {
        expect(await store.list("stadsbo")).toContainEqual(written);
        expect(await store.list("nordhem")).toEqual([]);
      } finally {
        await store.close();
      }
    });
  });
}
