import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as createRoute from "~/routes/api.core.propertyManagers.transfers.create";
import * as existingRoute from "~/routes/api.core.propertyManagers.transfers.existing";
import * as privateCreateRoute from "~/routes/api.core.privateAgreements_.createTransfer";
import * as privateSearchRoute from "~/routes/api.core.privateAgreements_.searchUserObjects";
import * as searchRoute from "~/routes/api.core.search.propertyObjects";
import { getDb } from "~/server/db/db.server";
import { searchGroup } from "~/server/domain/core/events.server";
import type { SearchEventPayloads } from "~/server/integrations/property-managers/index.server";
import { getLive } from "~/server/live/live.server";
import { mintSearchId, ownsSearchId } from "~/server/live/tokens.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";

/**
 * Decision 038, the four calls of spec 03 §7 (and the duplicates call) through their route modules against the
 * seeded demo data and the simulators (5 ms latency): 202 and live events for the searches, 201 for the creates,
 * scope (another manager's object is missing, a board member without private_agreement is refused), Swedish 400s
 * for bad identifiers, and one transfer for a double click.
 */

const VIKTOR = "19910602-1257";
const KARIN = "19680314-2428";
const ELIN = "19870608-3246";

let maria: string;
let anders: string;
let erik: string;
let karin: string;
const published: Array<{ group: string; event: string; payload: unknown }> = [];

const call = (path: string, cookie: string, body?: unknown, method = "POST") =>
  request(path, {
    method,
    cookie,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const post = (
  route: { action: (args: ActionFunctionArgs) => unknown },
  path: string,
  cookie: string,
  body: unknown,
) => answered(route.action({ request: call(path, cookie, body), params: {}, context: {} }));

const search = (cookie: string, body: unknown) =>
  post(searchRoute, "/api/core/search/propertyObjects", cookie, body);
const create = (cookie: string, body: unknown) =>
  post(createRoute, "/api/core/propertyManagers/transfers/create", cookie, body);
const privateSearch = (cookie: string, body: unknown) =>
  post(privateSearchRoute, "/api/core/privateAgreements/searchUserObjects", cookie, body);
const privateCreate = (cookie: string, body: unknown) =>
  post(privateCreateRoute, "/api/core/privateAgreements/createTransfer", cookie, body);
const existing = (cookie: string, objectId: string) =>
  answered(
    existingRoute.loader({
      request: call(
        `/api/core/propertyManagers/transfers/existing?objectId=${encodeURIComponent(objectId)}`,
        cookie,
        undefined,
        "GET",
      ),
      params: {},
      context: {},
    }),
  );

type Completed = SearchEventPayloads["searchPropertyObjectCompleted"];

async function completion(searchId: string): Promise<Completed> {
  for (let i = 0; i < 200; i++) {
    const done = published.find(
      (e) => e.group === searchGroup(searchId) && e.event === "searchPropertyObjectCompleted",
    );
    if (done) return done.payload as Completed;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no completion for ${searchId}`);
}

/** Searches as the page does and waits for the live completion; the object ids found. */
async function found(cookie: string, identifier?: { type: string; value: string }): Promise<string[]> {
  const answer = identifier
    ? await search(cookie, { searchId: crypto.randomUUID(), identifier })
    : await privateSearch(cookie, { searchId: crypto.randomUUID() });
  expect(answer.status).toBe(202);
  const { searchId } = (await answer.json()) as { searchId: string };
  const done = await completion(searchId);
  return Object.values(done.results)
    .flat()
    .map((hit) => hit.objectId);
}

const transfersOf = (objectId: string) =>
  getDb().selectFrom("transfers").select(["id", "status"]).where("object_id", "=", objectId).execute();

beforeAll(async () => {
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "5";
  await startFreshApp();
  const publisher = getLive().publisher;
  const original = publisher.publish.bind(publisher);
  vi.spyOn(publisher, "publish").mockImplementation(async (group, event, payload) => {
    published.push({ group, event, payload });
    return original(group, event, payload);
  });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
  karin = (await signedInSession("user-karin")).cookie;
});

afterAll(() => {
  delete process.env.PROPERTY_MANAGERS_LATENCY_MS;
  vi.restoreAllMocks();
});

describe("POST api/core/search/propertyObjects", () => {
  it("answers 202 with a search id the user may join, and publishes the tenant's hits to its group", async () => {
    const answer = await search(maria, {
      searchId: crypto.randomUUID(),
      identifier: { type: "SocialSecurityNumber", value: VIKTOR },
    });
    expect(answer.status).toBe(202);
    const { searchId } = (await answer.json()) as { searchId: string };
    expect(ownsSearchId("user-maria", searchId)).toBe(true);
    expect(ownsSearchId("user-anders", searchId)).toBe(false);
    const done = await completion(searchId);
    expect(done).toMatchObject({ searchId, successful: true, status: "completed" });
    expect(Object.values(done.results).flat()).toHaveLength(1);
    expect(
      published.some(
        (e) => e.group === searchGroup(searchId) && e.event === "propertyMangerSearchResultFound",
      ),
    ).toBe(true);
  });

  it("keeps a signed search id the page already joined", async () => {
    const searchId = mintSearchId("user-maria");
    const answer = await search(maria, {
      searchId,
      identifier: { type: "SocialSecurityNumber", value: VIKTOR },
    });
    expect(answer.status).toBe(202);
    const body = (await answer.json()) as { searchId: string; nextSearchId: string };
    expect(body.searchId).toBe(searchId);
    // The id for the page's next search: signed for this user, and not the one just used.
    expect(body.nextSearchId).not.toBe(searchId);
    expect(ownsSearchId("user-maria", body.nextSearchId)).toBe(true);
    expect(ownsSearchId("user-anders", body.nextSearchId)).toBe(false);
    await completion(searchId);
  });

  it("finds only the manager's own tenant's objects", async () => {
    expect(await found(maria, { type: "SocialSecurityNumber", value: ELIN })).toEqual([]);
    expect((await found(anders, { type: "SocialSecurityNumber", value: ELIN })).length).toBe(2);
  });

  it("refuses bad identifiers and search ids with Swedish field errors", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ type: "SocialSecurityNumber", value: "   " }, "identifier.value", "Ange personnummer"],
      [{ type: "SocialSecurityNumber", value: "19791O12-2319" }, "identifier.value", "Ogiltigt personnummer"],
      [{ type: "SocialSecurityNumber", value: "19910602125" }, "identifier.value", "Ogiltigt personnummer"],
      [
        { type: "SocialSecurityNumber", value: "1".repeat(20_000) },
        "identifier.value",
        "Ogiltigt personnummer",
      ],
      [{ type: "OrganizationNumber", value: "abc" }, "identifier.value", "Ogiltigt organisationsnummer"],
      [
        { type: "OrganizationNumber", value: "55667788991" },
        "identifier.value",
        "Ogiltigt organisationsnummer",
      ],
      [
        { type: "Other", value: "x".repeat(20_000) },
        "identifier.value",
        "Identifieraren får vara högst 100 tecken",
      ],
      [{ type: "Other", value: "  " }, "identifier.value", "Ange identifierare"],
      [{ type: "Passport", value: "1" }, "identifier.type", "Ange identifierare"],
      ["19910602-1257", "identifier.type", "Ange identifierare"],
    ];
    for (const [identifier, field, text] of cases) {
      const answer = await search(maria, { searchId: crypto.randomUUID(), identifier });
      expect(answer.status, JSON.stringify(identifier).slice(0, 60)).toBe(400);
      const body = (await answer.json()) as { errors: Record<string, string[]> };
      expect(body.errors[field]).toEqual([text]);
    }
    for (const searchId of [undefined, "not-a-uuid", mintSearchId("user-anders"), 7]) {
      const answer = await search(maria, {
        searchId,
        identifier: { type: "SocialSecurityNumber", value: VIKTOR },
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { errors: Record<string, string[]> }).errors.searchId?.[0]).toMatch(
        /Ladda om sidan/,
      );
    }
    const badOrg = await search(maria, {
      searchId: crypto.randomUUID(),
      identifier: { type: "SocialSecurityNumber", value: VIKTOR },
      tenantAssociationOrganizationNumber: "123",
    });
    expect(((await badOrg.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      tenantAssociationOrganizationNumber: ["Ogiltigt organisationsnummer"],
    });
    const notJson = await search(maria, "{");
    expect(notJson.status).toBe(400);
  });

  it("is for property managers only", async () => {
    const answer = await search(karin, {
      searchId: crypto.randomUUID(),
      identifier: { type: "SocialSecurityNumber", value: KARIN },
    });
    expect(answer.status).toBe(403);
  });
});

describe("POST api/core/propertyManagers/transfers/create and GET …/existing", () => {
  let kvarnen: string;

  beforeAll(async () => {
    [kvarnen] = (await found(maria, { type: "SocialSecurityNumber", value: VIKTOR })) as [string];
  });

  it("creates the transfer once for a double click and lists it as a possible duplicate", async () => {
    const before = await existing(maria, kvarnen);
    expect(before.status).toBe(200);
    const already = ((await before.json()) as { possibleDuplicates: unknown[] }).possibleDuplicates.length;

    const requestId = crypto.randomUUID();
    const body = {
      objectId: kvarnen,
      identifier: { type: "SocialSecurityNumber", value: VIKTOR },
      requestId,
    };
    const [first, second] = await Promise.all([create(maria, body), create(maria, body)]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await first.json()).toEqual({ transferId: requestId });
    expect(await second.json()).toEqual({ transferId: requestId });
    expect((await transfersOf(kvarnen)).filter((t) => t.id === requestId)).toEqual([
      { id: requestId, status: "Initiated" },
    ]);

    const after = (await (await existing(maria, kvarnen)).json()) as {
      possibleDuplicates: Array<{
        transferId: string;
        status: string;
        objectNumber: string;
        createdBy?: string;
      }>;
    };
    expect(after.possibleDuplicates).toHaveLength(already + 1);
    expect(after.possibleDuplicates).toContainEqual(
      expect.objectContaining({ transferId: requestId, status: "Initiated", createdBy: "Maria Ek" }),
    );
  });

  it("makes a request id when the page sent none", async () => {
    const answer = await create(maria, {
      objectId: kvarnen,
      identifier: { type: "SocialSecurityNumber", value: VIKTOR },
    });
    expect(answer.status).toBe(201);
    const { transferId } = (await answer.json()) as { transferId: string };
    expect(transferId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers another manager's object, and an object the search did not return, as missing", async () => {
    const identifier = { type: "SocialSecurityNumber", value: VIKTOR };
    const foreign = await create(anders, { objectId: kvarnen, identifier });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: "Objektet hittades inte" });
    expect((await existing(anders, kvarnen)).status).toBe(404);

    const notReturned = await create(maria, {
      objectId: kvarnen,
      identifier: { type: "SocialSecurityNumber", value: KARIN },
    });
    expect(notReturned.status).toBe(404);
    expect((await create(maria, { objectId: "no-such-object", identifier })).status).toBe(404);
    expect((await existing(maria, "no-such-object")).status).toBe(404);
  });

  it("refuses bad input with Swedish field errors", async () => {
    const answer = await create(maria, {
      identifier: { type: "SocialSecurityNumber", value: "19910602125" },
      requestId: "twice",
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      objectId: ["Välj objekt"],
      "identifier.value": ["Ogiltigt personnummer"],
      requestId: ["Ogiltigt anrop. Ladda om sidan och försök igen."],
    });
    const noObject = await existing(maria, "");
    expect(noObject.status).toBe(400);
  });

  it("answers the spec's 503 when the manager's system is down", async () => {
    process.env.PROPERTY_MANAGERS_DOWN = "simpleko";
    resetEnvForTests();
    try {
      const answer = await create(maria, {
        objectId: kvarnen,
        identifier: { type: "SocialSecurityNumber", value: VIKTOR },
      });
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({
        message: "Något gick fel när överlåtelse skulle skapas. Ladda om sidan och försök igen.",
      });
    } finally {
      delete process.env.PROPERTY_MANAGERS_DOWN;
      resetEnvForTests();
    }
  });

  it("is for property managers only", async () => {
    const answer = await create(karin, {
      objectId: kvarnen,
      identifier: { type: "SocialSecurityNumber", value: VIKTOR },
    });
    expect(answer.status).toBe(403);
    expect((await existing(karin, kvarnen)).status).toBe(403);
  });
});

describe("the private party's search and create", () => {
  it("finds the user's own objects across managers and creates a draft transfer once", async () => {
    const objects = await found(karin);
    expect(objects.length).toBeGreaterThan(0);
    const [vasaparken] = objects as [string];
    const requestId = crypto.randomUUID();
    const first = await privateCreate(karin, { objectId: vasaparken, requestId });
    const second = await privateCreate(karin, { objectId: vasaparken, requestId });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await first.json()).toEqual({ transferId: requestId });
    expect((await transfersOf(vasaparken)).filter((t) => t.id === requestId)).toEqual([
      { id: requestId, status: "DraftTransfer" },
    ]);
    // Spec 03 §7's analytics: the search and the initiation, the latter once for the double click.
    const events = await getDb()
      .selectFrom("analytics_events")
      .select(["name", "properties"])
      .where("user_id", "=", "user-karin")
      .execute();
    expect(events.filter((e) => e.name === "SearchPrivateAgreement").length).toBeGreaterThan(0);
    expect(
      events.filter(
        (e) =>
          e.name === "InitiatePrivateAgreementTransfer" &&
          (JSON.parse(e.properties) as { transferId?: string }).transferId === requestId,
      ),
    ).toHaveLength(1);
  });

  it("refuses an object the user does not own, and users without private_agreement", async () => {
    const [kvarnen] = (await found(maria, { type: "SocialSecurityNumber", value: VIKTOR })) as [string];
    expect((await privateCreate(karin, { objectId: kvarnen })).status).toBe(404);
    expect((await privateSearch(erik, { searchId: crypto.randomUUID() })).status).toBe(403);
    expect((await privateCreate(erik, { objectId: kvarnen })).status).toBe(403);
    expect((await privateSearch(maria, { searchId: crypto.randomUUID() })).status).toBe(403);
  });

  it("refuses bad input with Swedish field errors", async () => {
    const answer = await privateSearch(karin, { searchId: "x", tenantAssociationOrganizationNumber: "abc" });
    expect(answer.status).toBe(400);
    expect(Object.keys(((await answer.json()) as { errors: object }).errors).sort()).toEqual([
      "searchId",
      "tenantAssociationOrganizationNumber",
    ]);
    const noObject = await privateCreate(karin, { objectId: 5, requestId: "x" });
    expect(noObject.status).toBe(400);
  });
});
