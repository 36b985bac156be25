// The behaviour every PresenceStore must have (memory, database, Redis), as one suite to run against each.
import { afterEach, describe, expect, it } from "vitest";

import { PRESENCE_GRACE_MS, PRESENCE_LIFETIME_MS, type PresenceStore } from "./presence.server";

export const CONTRACT_START = Date.UTC(2025, 0, 15, 10, 0, 0);
const TTL = PRESENCE_LIFETIME_MS + PRESENCE_GRACE_MS;

export interface PresenceFixture {
  store: PresenceStore;
  /** A second store on the same backing data, as another instance would have; may be `store` itself. */
  other: PresenceStore;
  cleanup?: () => Promise<void>;
}

/** Builds empty stores whose clock is `now()` (default lifetime and grace). */
export type PresenceFactory = (now: () => number) => Promise<PresenceFixture>;

export function presenceContract(name: string, factory: PresenceFactory): void {
  describe(`${name} presence (contract)`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    async function setup() {
      const clock = { now: CONTRACT_START };
      const fixture = await factory(() => clock.now);
      if (fixture.cleanup) cleanups.push(fixture.cleanup);
      const anna = { transferId: "t1", userId: "anna", firstName: "Anna", lastName: "Berg" };
      const bo = { transferId: "t2", userId: "bo", firstName: "Bo", lastName: "Ek" };
      return {
        ...fixture,
        anna,
        bo,
        advance: (ms: number) => (clock.now += ms),
        at: () => clock.now,
      };
    }

    it("creates an event, then refreshes it keeping its id and taking the new names", async () => {
      const { store, other, anna, advance } = await setup();
      const first = await store.watch("ten", anna);
      expect(first.isNew).toBe(true);
      expect(first.event).toEqual({
        ...anna,
        id: expect.any(String),
        updatedAt: new Date(CONTRACT_START).toISOString(),
      });
      advance(60_000);
      const second = await other.watch("ten", { ...anna, lastName: "Berg-Lind" });
      expect(second.isNew).toBe(false);
      expect(second.event.id).toBe(first.event.id);
      expect(second.event).toMatchObject({
        lastName: "Berg-Lind",
        updatedAt: new Date(CONTRACT_START + 60_000).toISOString(),
      });
      expect(await store.list("ten")).toEqual([second.event]);
    });

    it("keeps tenants apart", async () => {
      const { store, anna } = await setup();
      await store.watch("ten", anna);
      expect(await store.list("other")).toEqual([]);
      expect(await store.stopWatching("other", "t1", "anna")).toBeNull();
      expect((await store.watchersOf("other", ["t1"])).get("t1")).toEqual([]);
      expect(await store.list("ten")).toHaveLength(1);
    });

    it("lives 180 s plus 30 s grace after the last update, and sweeps once", async () => {
      const { store, anna, bo, advance, at } = await setup();
      const { event } = await store.watch("ten", anna);
      advance(1_000);
      const later = await store.watch("ten2", bo);
      advance(TTL - 1_000);
      expect(await store.list("ten")).toHaveLength(1);
      expect(await store.sweep(at())).toEqual([]);
      advance(1);
      expect(await store.list("ten")).toEqual([]);
      expect((await store.watchersOf("ten", ["t1"])).get("t1")).toEqual([]);
      expect(await store.sweep(at())).toEqual([{ tenantId: "ten", event }]);
      expect(await store.sweep(at())).toEqual([]);
      expect(await store.list("ten2")).toEqual([later.event]);
    });

    it("hands each expired event to exactly one of several concurrent sweeps", async () => {
      const { store, other, advance, at } = await setup();
      const events = [];
      for (let i = 0; i < 20; i++) {
        const input = { transferId: `t${i % 4}`, userId: `u${i}`, firstName: "F", lastName: `L${i}` };
        events.push((await store.watch(i % 2 ? "ten" : "ten2", input)).event);
      }
      advance(TTL + 1);
      const results = await Promise.all([store.sweep(at()), other.sweep(at()), store.sweep(at())]);
      const swept = results.flat().map((entry) => entry.event.id);
      expect(swept).toHaveLength(20);
      expect(new Set(swept)).toEqual(new Set(events.map((event) => event.id)));
    });

    it("counts an update after expiry as a new event", async () => {
      const { store, anna, advance } = await setup();
      const first = await store.watch("ten", anna);
      advance(TTL + 1);
      const again = await store.watch("ten", anna);
      expect(again.isNew).toBe(true);
      expect(again.event.id).not.toBe(first.event.id);
      expect(await store.list("ten")).toEqual([again.event]);
    });

    it("stops watching and returns the removed event once", async () => {
      const { store, other, anna, bo } = await setup();
      const { event } = await store.watch("ten", anna);
      await store.watch("ten", bo);
      expect(await other.stopWatching("ten", "t1", "anna")).toEqual(event);
      expect(await store.stopWatching("ten", "t1", "anna")).toBeNull();
      expect((await store.list("ten")).map((e) => e.userId)).toEqual(["bo"]);
    });

    it("removes an expired, unswept event on stop without returning it", async () => {
      const { store, anna, advance, at } = await setup();
      await store.watch("ten", anna);
      advance(TTL + 1);
      expect(await store.stopWatching("ten", "t1", "anna")).toBeNull();
      expect(await store.sweep(at())).toEqual([]);
    });

    it("lists oldest update first, since a time, and groups watchers by transfer", async () => {
      const { store, other, anna, bo, advance } = await setup();
      await store.watch("ten", anna);
      advance(1_000);
      const boEvent = await store.watch("ten", bo);
      advance(1_000);
      const annaOnT2 = await other.watch("ten", { ...anna, transferId: "t2" });
      advance(1_000);
      const annaAgain = await store.watch("ten", anna);
      expect((await other.list("ten")).map((e) => [e.userId, e.transferId])).toEqual([
        ["bo", "t2"],
        ["anna", "t2"],
        ["anna", "t1"],
      ]);
      expect(await store.list("ten", { since: CONTRACT_START + 2_000 })).toEqual([
        annaOnT2.event,
        annaAgain.event,
      ]);
      const watchers = await other.watchersOf("ten", ["t2", "t3", "t1"]);
      expect([...watchers.keys()]).toEqual(["t2", "t3", "t1"]);
      expect(watchers.get("t2")).toEqual([boEvent.event, annaOnT2.event]);
      expect(watchers.get("t3")).toEqual([]);
      expect(watchers.get("t1")).toEqual([annaAgain.event]);
      expect(await store.watchersOf("ten", [])).toEqual(new Map());
    });

    it("keeps ids with separators and non-ASCII names intact", async () => {
      const { store, other } = await setup();
      const odd = { transferId: 'a:b\tc["x"]', userId: 'u"1', firstName: "Åsa", lastName: "Öberg 🙂" };
      const { event } = await store.watch("ten:x", odd);
      expect(await other.list("ten:x")).toEqual([event]);
      expect(event).toMatchObject(odd);
      expect(await other.stopWatching("ten:x", odd.transferId, odd.userId)).toEqual(event);
    });

    it("hands out copies, so callers cannot change the store", async () => {
      const { store, anna } = await setup();
      const { event } = await store.watch("ten", anna);
      event.firstName = "Changed";
      const listed = await store.list("ten");
      expect(listed[0]?.firstName).toBe("Anna");
      listed[0]!.firstName = "Changed again";
      expect((await store.list("ten"))[0]?.firstName).toBe("Anna");
    });
  });
}
