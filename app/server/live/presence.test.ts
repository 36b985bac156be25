import { describe, expect, it } from "vitest";

import { createMemoryPresence, PRESENCE_GRACE_MS, PRESENCE_LIFETIME_MS } from "./presence.server";

const START = Date.UTC(2025, 0, 15, 10, 0, 0);
const TTL = PRESENCE_LIFETIME_MS + PRESENCE_GRACE_MS;

function setup() {
  let now = START;
  const presence = createMemoryPresence({ now: () => now });
  const anna = { transferId: "t1", userId: "anna", firstName: "Anna", lastName: "Berg" };
  return { presence, anna, advance: (ms: number) => (now += ms), at: () => now };
}

describe("memory presence", () => {
  it("creates an event, then refreshes it keeping its id", async () => {
    const { presence, anna, advance } = setup();
    const first = await presence.watch("ten", anna);
    expect(first.isNew).toBe(true);
    expect(first.event).toMatchObject({ ...anna, updatedAt: new Date(START).toISOString() });
    advance(60_000);
    const second = await presence.watch("ten", anna);
    expect(second.isNew).toBe(false);
    expect(second.event.id).toBe(first.event.id);
    expect(second.event.updatedAt).toBe(new Date(START + 60_000).toISOString());
    expect(await presence.list("ten")).toEqual([second.event]);
  });

  it("keeps tenants apart", async () => {
    const { presence, anna } = setup();
    await presence.watch("ten", anna);
    expect(await presence.list("other")).toEqual([]);
    expect(await presence.stopWatching("other", "t1", "anna")).toBeNull();
    expect(await presence.list("ten")).toHaveLength(1);
  });

  it("lives 180 s plus 30 s grace after the last update", async () => {
    const { presence, anna, advance, at } = setup();
    const { event } = await presence.watch("ten", anna);
    advance(TTL);
    expect(await presence.list("ten")).toHaveLength(1);
    expect(await presence.sweep(at())).toEqual([]);
    advance(1);
    expect(await presence.list("ten")).toEqual([]);
    expect(await presence.sweep(at())).toEqual([{ tenantId: "ten", event }]);
    expect(await presence.sweep(at())).toEqual([]);
  });

  it("counts an update after expiry as new", async () => {
    const { presence, anna, advance } = setup();
    const first = await presence.watch("ten", anna);
    advance(TTL + 1);
    const again = await presence.watch("ten", anna);
    expect(again.isNew).toBe(true);
    expect(again.event.id).not.toBe(first.event.id);
  });

  it("stops watching and returns the removed event once", async () => {
    const { presence, anna } = setup();
    const { event } = await presence.watch("ten", anna);
    expect(await presence.stopWatching("ten", "t1", "anna")).toEqual(event);
    expect(await presence.stopWatching("ten", "t1", "anna")).toBeNull();
    expect(await presence.list("ten")).toEqual([]);
  });

  it("lists since a time and groups watchers by transfer", async () => {
    const { presence, anna, advance } = setup();
    await presence.watch("ten", anna);
    advance(1_000);
    const bo = await presence.watch("ten", {
      transferId: "t2",
      userId: "bo",
      firstName: "Bo",
      lastName: "Ek",
    });
    const annaOnT2 = await presence.watch("ten", { ...anna, transferId: "t2" });
    expect((await presence.list("ten", { since: START + 1_000 })).map((e) => e.userId)).toEqual([
      "bo",
      "anna",
    ]);
    const watchers = await presence.watchersOf("ten", ["t2", "t3"]);
    expect([...watchers.keys()]).toEqual(["t2", "t3"]);
    expect(watchers.get("t2")).toEqual([bo.event, annaOnT2.event]);
    expect(watchers.get("t3")).toEqual([]);
  });

  it("hands out copies, so callers cannot change the store", async () => {
    const { presence, anna } = setup();
    const { event } = await presence.watch("ten", anna);
    event.firstName = "Changed";
    expect((await presence.list("ten"))[0]?.firstName).toBe("Anna");
  });
});
