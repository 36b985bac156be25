import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import * as reviews from "~/routes/api.core.reviews.transfers";
import * as completed from "~/routes/api.core.reviews.transfers_.completed";
import * as privateAgreements from "~/routes/api.core.privateAgreements";
import { PrivateListItemSchema, TransferListItemSchema } from "~/schemas/transfer-views";
import { getDb } from "~/server/db/db.server";
import { PAGE_SIZE } from "~/lib/transfer-lists";
import { commitSession, getSession } from "~/server/platform/session.server";
import { answered, request, startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

const context = { clientIp: "192.0.2.10" };

const ListResponseSchema = z.strictObject({
  results: z.array(TransferListItemSchema),
  totalResults: z.number().int().nonnegative(),
  hasMoreResults: z.boolean(),
  filterCount: z.record(z.string(), z.number().int().nonnegative()),
});
const PrivateResponseSchema = z.strictObject({
  results: z.array(PrivateListItemSchema),
  totalResults: z.number().int().nonnegative(),
  hasMoreResults: z.boolean(),
});

async function cookieFor(userId: string, tenantId: string): Promise<string> {
  const session = await getSession(request("/"));
  session.set("userId", userId);
  session.set("tenantId", tenantId);
  return (await commitSession(session)).split(";")[0] ?? "";
}

type Route = typeof reviews | typeof completed | typeof privateAgreements;
const PATHS = new Map<Route, string>([
  [reviews, "/api/core/reviews/transfers"],
  [completed, "/api/core/reviews/transfers/completed"],
  [privateAgreements, "/api/core/privateAgreements"],
]);

function post(route: Route, body: unknown, cookie?: string) {
  return answered(
    route.action({
      request: request(PATHS.get(route) ?? "/", {
        method: "POST",
        cookie,
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      }),
      params: {},
      context,
    }),
  );
}

let maria: string;
let anders: string;
let erik: string;
let karin: string;
let elin: string;

// Maria's tenant (stadsbo, association A): 30 active transfers, 6 of them initiated by the manager, 2 decided
// last month, 1 aborted, 1 deleted. Anders's tenant (nordhem, association B): one. Karin: two private ones.
const ACTIVE_IDS = Array.from({ length: 30 }, (_, i) => `la-${String(i).padStart(2, "0")}`);

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await db.deleteFrom("transfers").execute();
  for (const [i, id] of ACTIVE_IDS.entries()) {
    await insertTransfer(db, {
      id,
      objectId: i % 2 ? WORLD.objectA : WORLD.objectA2,
      status: i % 3 === 0 ? "MembershipReviewInProgress" : "TransferReviewInProgress",
      initiator_role: i % 5 === 0 ? "PropertyManager" : "Intermediary",
      action_is_needed: i % 4 === 0 ? 1 : 0,
      sale_status: i === 7 ? "Stopped" : null,
      modified_at: `2026-10-${String(1 + i).padStart(2, "0")}T08:00:00.000Z`,
    });
  }
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await insertTransfer(db, {
    id: "ld-approved",
    status: "MembershipApproved",
    membership_decision: "Approved",
    membership_decision_date: lastMonth,
  });
  await insertTransfer(db, {
    id: "ld-rejected",
    status: "MembershipRejected",
    membership_decision: "Rejected",
    membership_decision_date: lastMonth,
  });
  await insertTransfer(db, { id: "ld-aborted", status: "Aborted" });
  await insertTransfer(db, { id: "ld-deleted", deleted_at: "2026-10-02T08:00:00.000Z" });
  await insertTransfer(db, { id: "ln-1", objectId: WORLD.objectB });
  for (const id of ["lp-1", "lp-2"]) {
    await insertTransfer(
      db,
      {
        id,
        objectId: WORLD.objectB,
        status: "DraftTransfer",
        initiator_role: "PrivateIntermediary",
        created_by_user_id: "user-karin",
      },
      [
        { id: `${id}-seller`, kind: "Transferor", first_name: "Karin", last_name: "Lindqvist" },
        { id: `${id}-buyer`, kind: "Acquirer" },
      ],
    );
  }
  maria = await cookieFor("user-maria", "stadsbo");
  anders = await cookieFor("user-anders", "nordhem");
  erik = await cookieFor("user-erik", "styrelse");
  karin = await cookieFor("user-karin", "styrelse");
  elin = await cookieFor("user-elin", "individuals");
});

describe("POST api/core/reviews/transfers", () => {
  it("answers 401 without a session, and 405 to a GET", async () => {
    for (const route of [reviews, completed, privateAgreements]) {
      const response = await post(route, { page: 1 });
      expect(response.status).toBe(401);
      expect(route.loader().status).toBe(405);
    }
  });

  it("gives a property manager the active list, newest first, 25 per page, with counts", async () => {
    const first = await post(reviews, { page: 1 }, maria);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const body = ListResponseSchema.parse(await first.json());
    const newestFirst = [...ACTIVE_IDS].reverse();
    expect(body.results.map((r) => r.transferId)).toEqual(newestFirst.slice(0, PAGE_SIZE));
    expect(body.totalResults).toBe(30);
    expect(body.hasMoreResults).toBe(true);
    expect(body.filterCount).toEqual({
      OngoingApplications: 0,
      TransferReviewInProgress: 20,
      MembershipReviewInProgress: 10,
    });
    const second = ListResponseSchema.parse(await (await post(reviews, { page: 2 }, maria)).json());
    expect(second.results.map((r) => r.transferId)).toEqual(newestFirst.slice(PAGE_SIZE));
    expect(second.hasMoreResults).toBe(false);
  });

  it("applies the body's filters, toggles, search and order", async () => {
    const response = await post(
      reviews,
      {
        page: 1,
        filters: ["MembershipReviewInProgress"],
        orderBy: "Modified",
        direction: "Asc",
        search: "T-1102-0304",
        ignoreOrder: false,
        initiator: null,
        additionalFilters: [],
      },
      maria,
    );
    const body = ListResponseSchema.parse(await response.json());
    // Object A is T-1102-0304 and holds the odd rows; MembershipReviewInProgress holds every third.
    expect(body.results.map((r) => r.transferId)).toEqual(["la-03", "la-09", "la-15", "la-21", "la-27"]);
    expect(body.filterCount).toEqual({
      OngoingApplications: 0,
      TransferReviewInProgress: 10,
      MembershipReviewInProgress: 5,
    });
    const stopped = ListResponseSchema.parse(
      await (await post(reviews, { additionalFilters: ["SalesStopped"] }, maria)).json(),
    );
    expect(stopped.results.map((r) => r.transferId)).toEqual(["la-07"]);
    expect(stopped.results[0]?.saleStatus).toBe("Stopped");
  });

  it("gives the Endast förvaltaravtal tab when initiator is PropertyManager", async () => {
    const body = ListResponseSchema.parse(
      await (await post(reviews, { initiator: "PropertyManager" }, maria)).json(),
    );
    expect(body.results.map((r) => r.transferId)).toEqual([
      "la-25",
      "la-20",
      "la-15",
      "la-10",
      "la-05",
      "la-00",
    ]);
    expect(body.results.every((r) => r.initiatorRole === "PropertyManager")).toBe(true);
    expect(Object.keys(body.filterCount)).toEqual([
      "OngoingApplications",
      "TransferReviewInProgress",
      "MembershipReviewInProgress",
      "WhereActionIsNeeded",
    ]);
    expect(body.filterCount.WhereActionIsNeeded).toBe(2);
  });

  it("shows a user of another tenant nothing of this tenant", async () => {
    // Nordhem manages object B, so Karin's private transfers of it are in Anders's scope too.
    const body = ListResponseSchema.parse(await (await post(reviews, {}, anders)).json());
    expect(body.results.map((r) => r.transferId)).toEqual(["lp-2", "lp-1", "ln-1"]);
    expect(body.totalResults).toBe(3);
    const searched = ListResponseSchema.parse(
      await (await post(reviews, { search: "T-1102" }, anders)).json(),
    );
    expect(searched.results).toEqual([]);
    expect(searched.totalResults).toBe(0);
    const done = ListResponseSchema.parse(await (await post(completed, {}, anders)).json());
    expect(done.results).toEqual([]);
  });

  it("gives a board member the board list of their associations", async () => {
    const body = ListResponseSchema.parse(await (await post(reviews, { page: 1 }, erik)).json());
    expect(body.totalResults).toBe(32);
    expect(Object.keys(body.filterCount)).toEqual([
      "MembershipReviewInProgress",
      "WhereActionIsNeeded",
      "ApprovedApplications",
      "RejectedApplications",
    ]);
    expect(body.filterCount).toMatchObject({ ApprovedApplications: 1, RejectedApplications: 1 });
    const ids = [...body.results.map((r) => r.transferId)];
    expect(ids).not.toContain("ln-1");
    expect(ids).not.toContain("ld-aborted");
    expect(ids).not.toContain("ld-deleted");
    const toggled = await post(reviews, { additionalFilters: ["Expiring"] }, erik);
    expect(toggled.status).toBe(400);
    expect(await toggled.json()).toMatchObject({
      errors: {
        additionalFilters: ["Tilläggsfiltren finns bara i förvaltarens listor över pågående överlåtelser"],
      },
    });
  });

  it("refuses bad bodies with 400 and Swedish messages, never a 500", async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      ["{not json", { body: ["Begäran innehåller ingen giltig JSON."] }],
      [[1, 2], { body: ["Förfrågan måste vara ett JSON-objekt"] }],
      [{ page: "x" }, { page: ["Sidan måste vara ett heltal från 1 till 10000"] }],
      [{ page: -1 }, { page: ["Sidan måste vara ett heltal från 1 till 10000"] }],
      [{ page: 10_001 }, { page: ["Sidan måste vara ett heltal från 1 till 10000"] }],
      [{ orderBy: "Price" }, { orderBy: ["Okänt sorteringsfält"] }],
      [{ orderBy: "modified" }, { orderBy: ["Okänt sorteringsfält"] }],
      [{ direction: "Up" }, { direction: ["Sorteringsordningen måste vara Asc eller Desc"] }],
      [{ filters: ["Everything"] }, { "filters.0": ["Okänt statusfilter"] }],
      [{ filters: ["ApprovedApplications"] }, { filters: ["Statusfiltret finns inte i den här listan"] }],
      [{ filters: "OngoingApplications" }, { filters: ["Okänt statusfilter"] }],
      [{ additionalFilters: ["Nope"] }, { "additionalFilters.0": ["Okänt tilläggsfilter"] }],
      [{ initiator: "Broker" }, { initiator: ["Okänd initiativtagare"] }],
      [{ ignoreOrder: "yes" }, { ignoreOrder: ["ignoreOrder måste vara true eller false"] }],
      [{ search: 42 }, { search: ["Söktexten måste vara en text"] }],
    ];
    for (const [body, errors] of cases) {
      const response = await post(reviews, body, maria);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({
        status: 400,
        title: "Bad request",
        errors,
      });
    }
  });

  it("refuses a 10,000-character search quickly", async () => {
    const started = performance.now();
    const response = await post(reviews, { search: "a".repeat(10_000) }, maria);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { search: ["Söktexten får vara högst 100 tecken"] },
    });
    expect(elapsed).toBeLessThan(500);
  });

  it("gives a board member who is on no board an empty list", async () => {
    const body = ListResponseSchema.parse(await (await post(reviews, {}, elin)).json());
    expect(body).toEqual({
      results: [],
      totalResults: 0,
      hasMoreResults: false,
      filterCount: {
        MembershipReviewInProgress: 0,
        WhereActionIsNeeded: 0,
        ApprovedApplications: 0,
        RejectedApplications: 0,
      },
    });
  });
});

describe("POST api/core/reviews/transfers/completed", () => {
  it("lists a manager's decided transfers and refuses others with 403", async () => {
    const response = await post(completed, { page: 1 }, maria);
    expect(response.status).toBe(200);
    const body = ListResponseSchema.parse(await response.json());
    expect(body.results.map((r) => r.transferId).sort()).toEqual(["ld-approved", "ld-rejected"]);
    expect(body.filterCount).toMatchObject({ ApprovedApplications: 1, RejectedApplications: 1 });
    expect(body.results.find((r) => r.transferId === "ld-approved")?.membershipDecision?.decision).toBe(
      "Approved",
    );
    const forbidden = await post(completed, {}, erik);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ message: "Du har inte behörighet att se den här listan" });
    expect((await post(completed, { orderBy: "Nope" }, maria)).status).toBe(400);
  });
});

describe("POST api/core/privateAgreements", () => {
  it("lists the user's own private transfers as cards", async () => {
    const response = await post(privateAgreements, { page: 1 }, karin);
    expect(response.status).toBe(200);
    const body = PrivateResponseSchema.parse(await response.json());
    expect(body.results.map((r) => r.id).sort()).toEqual(["lp-1", "lp-2"]);
    expect(body.totalResults).toBe(2);
    expect(body.hasMoreResults).toBe(false);
    expect(body.results[0]?.transferors[0]).toMatchObject({ firstName: "Karin", lastName: "Lindqvist" });
    expect(body.results[0]?.initiatorRole).toBe("PrivateIntermediary");
  });

  it("shows another private party nothing, refuses users without the feature, and validates the page", async () => {
    const other = PrivateResponseSchema.parse(
      await (await post(privateAgreements, { page: 1 }, elin)).json(),
    );
    expect(other.results).toEqual([]);
    expect(other.totalResults).toBe(0);
    expect((await post(privateAgreements, { page: 1 }, erik)).status).toBe(403);
    expect((await post(privateAgreements, { page: 1 }, maria)).status).toBe(403);
    const bad = await post(privateAgreements, { page: 0 }, karin);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: { page: ["Sidan måste vara ett heltal från 1 till 10000"] },
    });
    expect((await post(privateAgreements, "nope", karin)).status).toBe(400);
  });
});
