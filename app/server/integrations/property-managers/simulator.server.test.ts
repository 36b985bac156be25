import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFractions } from "~/lib/share";
import type { DbHandle } from "~/server/db/kysely.server";
import { freshDemoSqlite } from "../../../../tests/support/db";
import { REGISTRY_ASSOCIATIONS } from "../company-registry/index.server";
import {
  derivedOwner,
  PropertyManagerSimulator,
  SIMULATED_RULES,
  type SimulatedState,
} from "./simulator.server";
import { PropertyManagerError, type ProviderId } from "./types.server";

const KARIN = "196803142428";
const ELIN = "198706083246";
const LARKAN = REGISTRY_ASSOCIATIONS.larkan.organisationNumber;

let handle: DbHandle;

beforeAll(async () => {
  ({ handle } = await freshDemoSqlite());
});

afterAll(async () => {
  await handle.destroy();
});

function simulator(providerId: ProviderId, state: SimulatedState = "up", latencyMs = 0) {
  return new PropertyManagerSimulator({ providerId, db: () => handle.db, latencyMs, state });
}

const person = (value: string) => ({ identifier: { type: "SocialSecurityNumber" as const, value } });

async function failure(promise: Promise<unknown>): Promise<PropertyManagerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PropertyManagerError);
  return error as PropertyManagerError;
}

describe("the simulated register", () => {
  it("finds a demo person's objects with every owner, whose shares make the whole", async () => {
    const { objects, complete } = await simulator("simpleko").searchObjects(person(KARIN));
    expect(complete).toBe(true);
    expect(objects.map((o) => o.objectId)).toEqual(["obj-vasaparken-1102"]);
    const [object] = objects;
    expect(object).toMatchObject({
      providerId: "simpleko",
      tenantId: "stadsbo",
      objectNumber: "1127-0102",
      association: { name: expect.stringMatching(/Vasaparken/) as unknown },
      rules: SIMULATED_RULES.simpleko,
      underMaintenance: false,
    });
    expect(object?.owners[0]).toEqual({
      identifier: { type: "SocialSecurityNumber", value: KARIN },
      firstName: "Karin",
      lastName: "Lindqvist",
      share: { numerator: 1, denominator: 2 },
    });
    expect(addFractions(...object!.owners.map((o) => o.share))).toEqual({ numerator: 1, denominator: 1 });
  });

  it("accepts the identifier as people type it", async () => {
    for (const value of ["19680314-2428", "6803142428", "680314-2428"]) {
      const { objects } = await simulator("simpleko").searchObjects(person(value));
      expect(objects.map((o) => o.objectId)).toEqual(["obj-vasaparken-1102"]);
    }
  });

  it("answers only from its own provider's objects", async () => {
    expect((await simulator("fastighetsagarna").searchObjects(person(KARIN))).objects).toEqual([]);
    expect((await simulator("riksbyggen").searchObjects(person(ELIN))).objects).toEqual([]);
    const elin = await simulator("fastighetsagarna").searchObjects(person(ELIN));
    // Måsen 1301: her sale was aborted, so she still owns it.
    expect(elin.objects.map((o) => o.objectId).sort()).toEqual(["obj-larkan-1201", "obj-masen-1301"]);
    expect(new Set(elin.objects.map((o) => o.tenantId))).toEqual(new Set(["nordhem"]));
  });

  it("narrows the search to one association by organisation number", async () => {
    const sim = simulator("fastighetsagarna");
    const hits = await sim.searchObjects({
      ...person(ELIN),
      organisationNumber: `${LARKAN.slice(0, 6)}-${LARKAN.slice(6)}`,
    });
    expect(hits.objects.map((o) => o.objectId)).toEqual(["obj-larkan-1201"]);
    expect(hits.objects[0]?.association.organisationNumber).toBe(LARKAN);
  });

  it("gives an object sold with an approved membership to its acquirers", async () => {
    expect(
      (await simulator("simpleko").searchObjects(person(KARIN))).objects.map((o) => o.objectId),
    ).not.toContain("obj-solglantan-1202");
    const buyer = await handle.db
      .selectFrom("transfer_parties")
      .select("identifier_value")
      .where("transfer_id", "=", "t-solglantan-karin-private")
      .where("kind", "=", "Acquirer")
      .executeTakeFirstOrThrow();
    const { objects } = await simulator("simpleko").searchObjects(person(buyer.identifier_value));
    expect(objects.map((o) => o.objectId)).toContain("obj-solglantan-1202");
  });

  it("makes up a stable owner for an object no transfer names, and finds it by that owner", async () => {
    // The first of SimpleKo's objects that no seeded transfer names (the demo data grows; this stays true).
    const { id: unnamed } = await handle.db
      .selectFrom("property_objects")
      .select("id")
      .where("provider_id", "=", "simpleko")
      .where("id", "not in", handle.db.selectFrom("transfers").select("object_id"))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const owner = derivedOwner(unnamed);
    expect(derivedOwner(unnamed)).toEqual(owner);
    const object = await simulator("simpleko").getObject(unnamed);
    expect(object?.owners).toEqual([owner]);
    const { objects } = await simulator("simpleko").searchObjects({ identifier: owner.identifier });
    expect(objects.map((o) => o.objectId)).toContain(unnamed);
  });

  it("reads one object, with the maintenance flag, and not another provider's", async () => {
    expect((await simulator("fastighetsagarna").getObject("obj-masen-1101"))?.underMaintenance).toBe(true);
    expect(await simulator("fastighetsagarna").getObject("obj-kvarnen-1001")).toBeNull();
    expect(await simulator("simpleko").getObject("no-such-object")).toBeNull();
  });

  it("refuses identifiers the rules refuse, before looking", async () => {
    for (const identifier of [
      { type: "SocialSecurityNumber" as const, value: "196803142429" },
      { type: "OrganizationNumber" as const, value: "5566778890" },
      { type: "Other" as const, value: "   " },
      { type: "Other" as const, value: "x".repeat(20_000) },
    ]) {
      expect((await failure(simulator("simpleko").searchObjects({ identifier }))).kind).toBe(
        "invalidRequest",
      );
    }
  });
});

describe("the README's personnummer", () => {
  it.each([
    ["19680314-2428", "simpleko", "stadsbo", ["obj-vasaparken-1102"]],
    ["19870608-3246", "fastighetsagarna", "nordhem", ["obj-larkan-1201", "obj-masen-1301"]],
    ["19910602-1257", "simpleko", "stadsbo", ["obj-kvarnen-1203"]],
    ["19591224-5981", "riksbyggen", "kvarnstaden", ["obj-tallbacken-1102"]],
  ] as const)("%s finds the objects the README lists", async (pnr, providerId, tenantId, ids) => {
    const { objects } = await simulator(providerId).searchObjects(person(pnr));
    expect(objects.map((o) => o.objectId).sort()).toEqual(ids);
    expect(objects.every((o) => o.tenantId === tenantId)).toBe(true);
  });

  it("Dalagatan 36 is Karin Lindqvist's half of Vasaparken 1102", async () => {
    const object = await simulator("simpleko").getObject("obj-vasaparken-1102");
    expect(object?.address.street).toBe("Dalagatan 36");
  });
});

describe("simulated behaviour", () => {
  it("a system that is down fails every call as unavailable", async () => {
    const sim = simulator("riksbyggen", "down");
    for (const call of [sim.searchObjects(person(KARIN)), sim.getObject("obj-tallbacken-1001")]) {
      const error = await failure(call);
      expect([error.kind, error.retryable, error.providerId]).toEqual(["unavailable", true, "riksbyggen"]);
    }
  });

  it("a partial system returns some of its hits and says the answer is incomplete", async () => {
    const full = await simulator("fastighetsagarna").searchObjects(person(ELIN));
    const partial = await simulator("fastighetsagarna", "partial").searchObjects(person(ELIN));
    expect(partial.complete).toBe(false);
    expect(partial.objects.length).toBeGreaterThan(0);
    expect(partial.objects.length).toBeLessThan(full.objects.length);
  });

  it("answers after its latency, and gives up when the caller aborts", async () => {
    const sim = simulator("simpleko", "up", 60_000);
    const controller = new AbortController();
    const pending = sim.searchObjects(person(KARIN), { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe("unavailable");
  });
});

describe("createTransferCase in the simulator", () => {
  const request = {
    objectId: "obj-larkan-1201",
    transferId: "t-new-1",
    transferors: [
      {
        identifier: { type: "SocialSecurityNumber" as const, value: ELIN },
        share: { numerator: 1, denominator: 1 },
      },
    ],
  };

  it("opens one case per transfer, however often it is asked", async () => {
    const sim = simulator("fastighetsagarna");
    const first = await sim.createTransferCase(request);
    expect(await sim.createTransferCase(request)).toEqual(first);
    expect(await sim.createTransferCase({ ...request, transferId: "t-new-2" })).not.toEqual(first);
    expect(sim.transferCases()).toHaveLength(2);
  });

  it("refuses a transferor who does not own that share, and an object it does not hold", async () => {
    const sim = simulator("fastighetsagarna");
    const stranger = {
      ...request,
      transferors: [{ ...person(KARIN), share: { numerator: 1, denominator: 1 } }],
    };
    expect((await failure(sim.createTransferCase(stranger))).kind).toBe("invalidRequest");
    expect((await failure(sim.createTransferCase({ ...request, objectId: "obj-kvarnen-1001" }))).kind).toBe(
      "notFound",
    );
  });
});
