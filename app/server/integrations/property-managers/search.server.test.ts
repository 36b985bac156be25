import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/kysely.server";
import {
  searchGroup,
  type EventName,
  type LivePublisher,
  type Payloads,
} from "~/server/domain/core/events.server";
import { freshDemoSqlite } from "../../../../tests/support/db";
import { searchPropertyObjects, type SearchEventName, type SearchEventPayloads } from "./search.server";
import { PropertyManagerSimulator, type SimulatedState } from "./simulator.server";
import type { PropertyManagerSystem, PropertyObject, ProviderId } from "./types.server";

const ELIN = "198706083246";
const KARIN = "196803142428";
const elin = { identifier: { type: "SocialSecurityNumber" as const, value: ELIN } };

let handle: DbHandle;

beforeAll(async () => {
  ({ handle } = await freshDemoSqlite());
});

afterAll(async () => {
  await handle.destroy();
});

type Setup = Partial<Record<ProviderId, { latencyMs?: number; state?: SimulatedState }>>;

function systems(setup: Setup = {}): PropertyManagerSimulator[] {
  const latency: Record<ProviderId, number> = { mock: 5, simpleko: 10, fastighetsagarna: 20, riksbyggen: 30 };
  return (Object.keys(latency) as ProviderId[]).map(
    (providerId) =>
      new PropertyManagerSimulator({
        providerId,
        db: () => handle.db,
        latencyMs: setup[providerId]?.latencyMs ?? latency[providerId],
        state: setup[providerId]?.state ?? "up",
      }),
  );
}

type Recorded = { [E in SearchEventName]: { event: E; payload: SearchEventPayloads[E] } }[SearchEventName];

function recorder() {
  const events: Recorded[] = [];
  const publisher = {
    publish: async <E extends SearchEventName>(_group: string, event: E, payload: SearchEventPayloads[E]) => {
      events.push({ event, payload } as Recorded);
    },
  };
  return { events, live: { publisher, group: "search:test" } };
}

describe("searchPropertyObjects", () => {
  it("publishes each manager's result as it comes, then the completion, and returns the same", async () => {
    const { events, live } = recorder();
    const outcome = await searchPropertyObjects(
      { searchId: "s1", query: elin },
      { systems: systems(), timeLimitMs: 2_000, live },
    );
    expect(events.map((e) => e.event)).toEqual([
      "propertyMangerSearchResultFound",
      "propertyMangerSearchResultFound",
      "propertyMangerSearchResultFound",
      "propertyMangerSearchResultFound",
      "searchPropertyObjectCompleted",
    ]);
    // As they came: the order the outcome records the answers in (by latency, barring a slow database).
    const found = events
      .slice(0, 4)
      .map((e) => e.payload as SearchEventPayloads["propertyMangerSearchResultFound"]);
    expect(found.map((p) => p.propertyManagerId)).toEqual(outcome.providers.map((p) => p.providerId));
    const byManager = Object.fromEntries(found.map((p) => [p.propertyManagerId, p]));
    expect(byManager).toEqual({
      mock: { searchId: "s1", propertyManagerId: "mock", results: [], complete: true },
      simpleko: { searchId: "s1", propertyManagerId: "simpleko", results: [], complete: true },
      fastighetsagarna: {
        searchId: "s1",
        propertyManagerId: "fastighetsagarna",
        results: [
          {
            objectId: "obj-larkan-1201",
            name: expect.stringMatching(/^Linnégatan 48, Lägenhet 1201/) as unknown,
          },
          {
            objectId: "obj-masen-1301",
            name: expect.stringMatching(/^Allmänna vägen 21, Lägenhet 1301/) as unknown,
          },
        ],
        complete: true,
      },
      riksbyggen: { searchId: "s1", propertyManagerId: "riksbyggen", results: [], complete: true },
    });
    expect(events[4]).toEqual({
      event: "searchPropertyObjectCompleted",
      payload: {
        searchId: "s1",
        successful: true,
        status: "completed",
        results: {
          mock: [],
          simpleko: [],
          fastighetsagarna: byManager.fastighetsagarna!.results,
          riksbyggen: [],
        },
        unavailable: [],
      },
    });
    expect(outcome.status).toBe("completed");
    expect(outcome.providers.every((p) => p.status === "answered")).toBe(true);
    expect(outcome.objects.map((o) => o.objectId)).toEqual(["obj-larkan-1201", "obj-masen-1301"]);
    expect(outcome.objects[0]?.owners[0]?.identifier.value).toBe(ELIN);
  });

  it("ends limitedCompleted when a manager is down, without a result event for it", async () => {
    const { events, live } = recorder();
    const outcome = await searchPropertyObjects(
      { searchId: "s2", query: elin },
      { systems: systems({ simpleko: { state: "down" } }), timeLimitMs: 2_000, live },
    );
    expect(outcome.status).toBe("limitedCompleted");
    expect(outcome.providers.find((p) => p.providerId === "simpleko")).toMatchObject({
      status: "failed",
      error: { kind: "unavailable" },
    });
    const found = events.filter((e) => e.event === "propertyMangerSearchResultFound");
    expect(found.map((e) => e.payload.propertyManagerId).sort()).toEqual([
      "fastighetsagarna",
      "mock",
      "riksbyggen",
    ]);
    expect(events.at(-1)).toMatchObject({
      event: "searchPropertyObjectCompleted",
      payload: { successful: false, status: "limitedCompleted", unavailable: ["simpleko"] },
    });
    expect(outcome.objects).toHaveLength(2);
  });

  it("does not wait for a manager past the time limit, and drops its late answer", async () => {
    const { events, live } = recorder();
    const slow = systems({ fastighetsagarna: { latencyMs: 10_000 } });
    const started = Date.now();
    const outcome = await searchPropertyObjects(
      { searchId: "s3", query: elin },
      { systems: slow, timeLimitMs: 150, live },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outcome.status).toBe("limitedCompleted");
    expect(outcome.providers.at(-1)).toEqual({
      providerId: "fastighetsagarna",
      status: "timedOut",
      objects: [],
    });
    expect(outcome.objects).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      event: "searchPropertyObjectCompleted",
      payload: { status: "limitedCompleted", unavailable: ["fastighetsagarna"] },
    });
    expect(events.filter((e) => e.event === "propertyMangerSearchResultFound")).toHaveLength(3);
  });

  it("ends limitedCompleted when a manager answers only in part, with the part it gave", async () => {
    const { events, live } = recorder();
    const outcome = await searchPropertyObjects(
      { searchId: "s4", query: elin },
      { systems: systems({ fastighetsagarna: { state: "partial" } }), timeLimitMs: 2_000, live },
    );
    expect(outcome.status).toBe("limitedCompleted");
    expect(outcome.objects).toHaveLength(1);
    expect(
      events.find((e) => e.event === "propertyMangerSearchResultFound" && !e.payload.complete)?.payload,
    ).toMatchObject({
      propertyManagerId: "fastighetsagarna",
      results: [{ objectId: "obj-larkan-1201" }],
    });
    expect(events.at(-1)?.payload).toMatchObject({ successful: false, unavailable: [] });
  });

  it("ends at once, limitedCompleted, when the caller gives up", async () => {
    const { events, live } = recorder();
    const controller = new AbortController();
    const search = searchPropertyObjects(
      { searchId: "s10", query: elin },
      {
        systems: systems({ riksbyggen: { latencyMs: 10_000 } }),
        timeLimitMs: 20_000,
        live,
        signal: controller.signal,
      },
    );
    setTimeout(() => controller.abort(), 100);
    const outcome = await search;
    expect(outcome.status).toBe("limitedCompleted");
    expect(outcome.providers.find((p) => p.providerId === "riksbyggen")?.status).toBe("timedOut");
    expect(events.at(-1)?.event).toBe("searchPropertyObjectCompleted");
  });

  it("shows a property manager only the objects of their own tenant", async () => {
    const stadsbo = await searchPropertyObjects(
      { searchId: "s5", query: elin, tenantId: "stadsbo" },
      { systems: systems(), timeLimitMs: 2_000 },
    );
    expect(stadsbo.objects).toEqual([]);
    const nordhem = await searchPropertyObjects(
      { searchId: "s6", query: elin, tenantId: "nordhem" },
      { systems: systems(), timeLimitMs: 2_000 },
    );
    expect(nordhem.objects.map((o) => o.objectId)).toEqual(["obj-larkan-1201", "obj-masen-1301"]);
  });

  it("filters a system that serves several tenants, in the events too", async () => {
    const object = (objectId: string, tenantId: string): PropertyObject => ({
      objectId,
      tenantId,
      providerId: "shared",
      objectNumber: "1",
      name: objectId,
      description: "",
      association: { organisationNumber: "7428877166", name: "Brf" },
      address: { street: "", postalCode: "", city: "", country: "Sverige" },
      underMaintenance: false,
      rules: { requirePhoneNumber: false, requireEmail: false },
      owners: [],
    });
    const shared: PropertyManagerSystem = {
      providerId: "shared",
      searchObjects: async () => ({
        objects: [object("mine", "stadsbo"), object("theirs", "nordhem")],
        complete: true,
      }),
      getObject: async () => null,
      createTransferCase: async () => ({ caseId: "c" }),
    };
    const { events, live } = recorder();
    const outcome = await searchPropertyObjects(
      {
        searchId: "s7",
        query: { identifier: { type: "SocialSecurityNumber", value: KARIN } },
        tenantId: "stadsbo",
      },
      { systems: [shared], timeLimitMs: 1_000, live },
    );
    expect(outcome.objects.map((o) => o.objectId)).toEqual(["mine"]);
    expect(events.map((e) => JSON.stringify(e.payload))).not.toContainEqual(
      expect.stringContaining("theirs"),
    );
  });

  it("refuses an invalid identifier before asking anyone or publishing anything", async () => {
    const { events, live } = recorder();
    const asked: string[] = [];
    const spy: PropertyManagerSystem = {
      providerId: "spy",
      searchObjects: async () => {
        asked.push("search");
        return { objects: [], complete: true };
      },
      getObject: async () => null,
      createTransferCase: async () => ({ caseId: "c" }),
    };
    const search = searchPropertyObjects(
      { searchId: "s8", query: { identifier: { type: "SocialSecurityNumber", value: "19870608-3247" } } },
      { systems: [spy], timeLimitMs: 1_000, live },
    );
    await expect(search).rejects.toMatchObject({ kind: "invalidRequest" });
    expect(asked).toEqual([]);
    expect(events).toEqual([]);
  });

  it("still returns its outcome when the live channel fails", async () => {
    const outcome = await searchPropertyObjects(
      { searchId: "s9", query: elin },
      {
        systems: systems(),
        timeLimitMs: 2_000,
        live: {
          group: "search:s9",
          publisher: {
            publish: async () => {
              throw new Error("hub down");
            },
          },
        },
      },
    );
    expect(outcome.status).toBe("completed");
  });

  it("publishes to the search's group through the domain's live publisher", async () => {
    const sent: Array<{ group: string; event: EventName }> = [];
    const live: LivePublisher = {
      publish: async <E extends EventName>(group: string, event: E, _payload: Payloads[E]) => {
        sent.push({ group, event });
      },
      publishToUser: async () => undefined,
      accessChanged: async () => undefined,
    };
    const searchId = "nonce.expiry.mac";
    await searchPropertyObjects(
      { searchId, query: elin },
      {
        systems: systems(),
        timeLimitMs: 2_000,
        live: { publisher: live, group: searchGroup(searchId) },
      },
    );
    expect(new Set(sent.map((s) => s.group))).toEqual(new Set([`search:${searchId}`]));
    expect(sent.at(-1)?.event).toBe("searchPropertyObjectCompleted");
  });
});
