// Redis backplane and presence against a real redis-server started for this file.
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";

import { redisServerInstalled, startRedisServer } from "../../../tests/support/live-instance";
import { CONTRACT_START, presenceContract } from "./presence.contract";
import { PRESENCE_GRACE_MS, PRESENCE_LIFETIME_MS } from "./presence.server";
import { createRedisBackplane, createRedisPresence } from "./redis.server";

if (!redisServerInstalled()) {
  console.log("SKIPPED: Redis backplane and presence (redis-server is not installed)");
  describe.skip("Redis", () => it("needs redis-server", () => undefined));
} else {
  const server = await startRedisServer();
  const admin = new Redis(server.url);
  afterAll(async () => {
    await admin.quit();
    await server.stop();
  });
  const prefix = () => `test-${crypto.randomBytes(4).toString("hex")}:`;

  presenceContract("Redis", async (now) => {
    const shared = prefix();
    const store = createRedisPresence(server.url, { prefix: shared, now });
    const other = createRedisPresence(server.url, { prefix: shared, now });
    return {
      store,
      other,
      cleanup: async () => {
        await store.close();
        await other.close();
      },
    };
  });

  describe("Redis presence keys", () => {
    it("expire on their own some time after the event's lifetime", async () => {
      const p = prefix();
      const presence = createRedisPresence(server.url, { prefix: p, keyMarginMs: 5_000 });
      await presence.watch("ten", { transferId: "t1", userId: "anna", firstName: "A", lastName: "B" });
      const keys = (await admin.keys(`${p}*`)).sort();
      expect(keys).toEqual([
        `${p}presence:all`,
        `${p}presence:entry:["ten","t1","anna"]`,
        `${p}presence:tenant:ten`,
      ]);
      const ttl = PRESENCE_LIFETIME_MS + PRESENCE_GRACE_MS;
      for (const key of keys) {
        const pttl = await admin.pttl(key);
        expect(pttl).toBeGreaterThan(ttl);
        expect(pttl).toBeLessThanOrEqual(ttl + 5_000);
      }
      await presence.close();
    });

    it("sweeps in batches until every expired event is out", async () => {
      let now = CONTRACT_START;
      const presence = createRedisPresence(server.url, { prefix: prefix(), now: () => now, sweepBatch: 3 });
      for (let i = 0; i < 8; i++) {
        await presence.watch("ten", { transferId: "t", userId: `u${i}`, firstName: "F", lastName: "L" });
      }
      now += PRESENCE_LIFETIME_MS + PRESENCE_GRACE_MS + 1;
      expect(await presence.sweep()).toHaveLength(8);
      expect(await presence.sweep()).toEqual([]);
      await presence.close();
    });
  });

  describe("Redis backplane", () => {
    it("delivers every published message to every subscribed instance, on our prefix only", async () => {
      const p = prefix();
      const a = createRedisBackplane(server.url, { prefix: p });
      const b = createRedisBackplane(server.url, { prefix: p });
      const stranger = createRedisBackplane(server.url, { prefix: prefix() });
      await Promise.all([a.ready, b.ready, stranger.ready]);
      const onA = vi.fn();
      const onB = vi.fn();
      const onStranger = vi.fn();
      a.subscribe(onA);
      const unsubscribeB = b.subscribe(onB);
      stranger.subscribe(onStranger);

      await a.publish("live", "one");
      await b.publish("other", "two");
      await vi.waitFor(() => {
        expect(onA.mock.calls).toEqual([
          ["live", "one"],
          ["other", "two"],
        ]);
        expect(onB.mock.calls).toEqual(onA.mock.calls);
      });
      unsubscribeB();
      await a.publish("live", "three");
      await vi.waitFor(() => expect(onA).toHaveBeenCalledTimes(3));
      expect(onB).toHaveBeenCalledTimes(2);
      expect(onStranger).not.toHaveBeenCalled();

      await a.close();
      await expect(a.publish("live", "after close")).rejects.toThrow(/closed/);
      await b.publish("live", "four");
      await vi.waitFor(() => expect(onStranger).not.toHaveBeenCalled());
      expect(onA).toHaveBeenCalledTimes(3);
      await b.close();
      await stranger.close();
    });

    it("treats glob characters in the prefix literally", async () => {
      const literal = createRedisBackplane(server.url, { prefix: "glob*[x]?:" });
      const lookalike = createRedisBackplane(server.url, { prefix: "globZZxQ:" });
      await Promise.all([literal.ready, lookalike.ready]);
      const received = vi.fn();
      literal.subscribe(received);
      await lookalike.publish("live", "not for you");
      await literal.publish("live", "for you");
      await vi.waitFor(() => expect(received).toHaveBeenCalledWith("live", "for you"));
      expect(received).toHaveBeenCalledTimes(1);
      await literal.close();
      await lookalike.close();
    });
  });
}
