import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle, Db } from "~/server/db/kysely.server";
import { FINAL_STATUSES, TRANSFER_STATUSES, TRANSFER_TYPES, type TransferStatus } from "~/lib/transfer";
import { freshPostgres, freshSqlite } from "../../../../../tests/support/db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../../../../../tests/support/transfers";
import type { Viewer } from "../facts.server";
import { LIFECYCLE_ORDER, lifecycleRank } from "../lifecycle.server";
import {
  PAGE_SIZE,
  SORT_FIELDS,
  TOGGLES,
  type ListKind,
  type SortField,
  type Toggle,
} from "~/lib/transfer-lists";
import { ListRequestSchema } from "~/schemas/transfer-lists";
import { canList } from "./access.server";
import { likePattern, twelveMonthsBefore } from "./conditions.server";
import {
  defaultListQuery,
  listQueryFromSearchParams,
  listQueryToSearchParams,
  statusFiltersFor,
  type ListQuery,
} from "./query.server";
import { listQueryFromRequest, listText, parseListRequest } from "./request.server";
import { SEARCH_STATE_KEYS, loadSearchState, saveSearchState } from "./saved-search.server";
import { searchTransfers } from "./search.server";

// 10:00 UTC is 11:00 in Stockholm: today is 2026-11-21, 12 months back 2025-11-21, Expiring up to 2026-12-05.
const NOW = new Date("2026-11-21T10:00:00Z");
const TODAY = "2026-11-21";
const CUTOFF = "2025-11-21";
const EXPIRING_UNTIL = "2026-12-05";

/** Everything a seeded row needs for the oracle below, written out instead of read back from the database. */
interface Seed {
  id: string;
  objectId: string;
  tenant: string;
  association: string;
  object_number: string;
  association_name: string;
  street: string;
  transfer_type: string;
  initiator_role: string;
  status: TransferStatus;
  action_is_needed: number;
  finalized_at_property_manager: number;
  under_investigation_since: string | null;
  sale_status: string | null;
  unresolved_messages: number;
  expired: number;
  entry_date: string | null;
  membership_decision: string | null;
  membership_decision_date: string | null;
  created_by_user_id: string | null;
  modified_at: string;
  deleted_at: string | null;
}

const OBJECTS: Record<string, { tenant: string; association: string }> = {
  [WORLD.objectA]: { tenant: "stadsbo", association: WORLD.associationA.id },
  [WORLD.objectA2]: { tenant: "stadsbo", association: WORLD.associationA.id },
  [WORLD.objectB]: { tenant: "nordhem", association: WORLD.associationB.id },
};

const ENTRY_DATES = ["2026-11-20", TODAY, EXPIRING_UNTIL, "2026-12-06", "2027-01-10", null] as const;
const DECISION_DATES = ["2025-11-20", CUTOFF, "2026-06-01", "2024-03-01"] as const;
const STREETS = ["Kvarngatan 3", "Åsögatan 12", "Bergsgatan 1", "Ängsvägen 7", "Drottninggatan 40"];
const ASSOCIATION_NAMES = [
  "Brf Kvarnen 3",
  "Brf Åkern",
  "Bostadsrättsföreningen Sjöutsikten",
  "BRF Ekbacken",
];
/** Object numbers with LIKE wildcards in them, to prove that a search takes % and _ literally. */
const SPECIAL_NUMBERS: Record<number, string> = { 3: "OBJ_100%", 4: "OBJX1000", 8: "OBJ-50%X" };

function seedRow(i: number, objectId: string, prefix: string, extra: Partial<Seed> = {}): Seed {
  const status = TRANSFER_STATUSES[i % TRANSFER_STATUSES.length] as TransferStatus;
  const decided = status === "MembershipApproved" || status === "MembershipRejected";
  const place = OBJECTS[objectId];
  if (!place) throw new Error(objectId);
  return {
    id: `${prefix}-${String(i).padStart(3, "0")}`,
    objectId,
    tenant: place.tenant,
    association: place.association,
    object_number:
      (prefix === "s" ? SPECIAL_NUMBERS[i] : undefined) ??
      `T-${1000 + ((i * 37) % 97)}-${String(i).padStart(3, "0")}`,
    association_name: ASSOCIATION_NAMES[i % ASSOCIATION_NAMES.length] ?? "",
    street: STREETS[(i * 3) % STREETS.length] ?? "",
    transfer_type: TRANSFER_TYPES[i % TRANSFER_TYPES.length] ?? "Purchase",
    initiator_role: ["Intermediary", "PropertyManager", "Intermediary"][i % 3] ?? "Intermediary",
    status,
    action_is_needed: i % 4 === 0 ? 1 : 0,
    finalized_at_property_manager: i % 3 === 0 ? 1 : 0,
    under_investigation_since: i % 5 === 0 ? "2026-11-01T09:00:00.000Z" : null,
    sale_status: i % 7 === 0 ? "Stopped" : null,
    unresolved_messages: i % 6 === 0 ? 2 : 0,
    expired: i % 11 === 0 ? 1 : 0,
    entry_date: ENTRY_DATES[i % ENTRY_DATES.length] ?? null,
    membership_decision: decided ? (status === "MembershipApproved" ? "Approved" : "Rejected") : null,
    membership_decision_date: decided ? (DECISION_DATES[(i >> 1) % DECISION_DATES.length] ?? null) : null,
    created_by_user_id: null,
    // Every 20th row shares its modified time with another, so that the id tie-breaker is exercised.
    modified_at: `2026-11-${String(1 + (i % 20)).padStart(2, "0")}T08:00:00.000Z`,
    deleted_at: null,
    ...extra,
  };
}

const SEEDS: Seed[] = [
  ...Array.from({ length: 84 }, (_, i) => seedRow(i, i % 2 === 0 ? WORLD.objectA : WORLD.objectA2, "s")),
  ...Array.from({ length: 28 }, (_, i) => seedRow(i, WORLD.objectB, "n")),
  // A deleted transfer is in no list.
  seedRow(6, WORLD.objectA, "deleted", { deleted_at: "2026-11-02T08:00:00.000Z" }),
  // Karin's own private transfers: one in an association she is not on the board of, one where she is.
  ...Array.from({ length: 30 }, (_, i) =>
    seedRow(i, i % 3 === 0 ? WORLD.objectA : WORLD.objectB, "p", {
      initiator_role: "PrivateIntermediary",
      created_by_user_id: "user-karin",
    }),
  ),
  // A private transfer someone else created is not Karin's.
  seedRow(2, WORLD.objectB, "other-private", {
    initiator_role: "PrivateIntermediary",
    created_by_user_id: "user-elin",
  }),
];

// ---- The oracle: the rules of lists/*.server.ts written again, plainly, over the seeds ----

const NOT_FINAL = TRANSFER_STATUSES.filter((s) => !(FINAL_STATUSES as readonly string[]).includes(s));
const isDecided = (s: Seed) => s.status === "MembershipApproved" || s.status === "MembershipRejected";
const recentlyDecided = (s: Seed) =>
  (s.membership_decision_date !== null && s.membership_decision_date >= CUTOFF) ||
  (s.entry_date !== null && s.entry_date >= TODAY);

interface Who {
  tenant?: string;
  associations?: string[];
  privateUser?: string;
}

function inKind(s: Seed, kind: ListKind, who: Who): boolean {
  if (s.deleted_at !== null) return false;
  switch (kind) {
    case "active":
      return s.tenant === who.tenant && NOT_FINAL.includes(s.status);
    case "propertyManager":
      return (
        s.tenant === who.tenant && NOT_FINAL.includes(s.status) && s.initiator_role === "PropertyManager"
      );
    case "completed":
      return s.tenant === who.tenant && isDecided(s) && recentlyDecided(s);
    case "board":
      return (
        (who.associations ?? []).includes(s.association) &&
        (NOT_FINAL.includes(s.status) || (isDecided(s) && recentlyDecided(s)))
      );
    case "private":
      return s.created_by_user_id === who.privateUser && s.initiator_role === "PrivateIntermediary";
  }
}

const FILTER_ORACLE: Record<string, (s: Seed) => boolean> = {
  OngoingApplications: (s) =>
    ["Initiating", "Initiated", "Draft", "DraftTransfer", "OngoingApplications", "ApplicationSent"].includes(
      s.status,
    ),
  TransferReviewInProgress: (s) =>
    ["TransferReviewInProgress", "AwaitingInfoRequestAnswer"].includes(s.status),
  MembershipReviewInProgress: (s) =>
    ["MembershipReviewInProgress", "MembershipDecisionPending"].includes(s.status),
  WhereActionIsNeeded: (s) => s.action_is_needed === 1,
  ApprovedApplications: (s) => s.status === "MembershipApproved",
  RejectedApplications: (s) => s.status === "MembershipRejected",
  EntryDateAhead: (s) => s.entry_date !== null && s.entry_date >= TODAY,
  NotFinalized: (s) => s.finalized_at_property_manager === 0,
};

const TOGGLE_ORACLE: Record<Toggle, (s: Seed) => boolean> = {
  UnderInvestigation: (s) => s.under_investigation_since !== null,
  Expiring: (s) =>
    s.expired === 1 || (s.entry_date !== null && s.entry_date >= TODAY && s.entry_date <= EXPIRING_UNTIL),
  SalesStopped: (s) => s.sale_status === "Stopped",
  UnresolvedMessages: (s) => s.unresolved_messages > 0,
};

const SORT_ORACLE: Record<SortField, (s: Seed) => string | number> = {
  Object: (s) => s.object_number,
  Association: (s) => s.association_name,
  Address: (s) => s.street,
  Type: (s) => s.transfer_type,
  Initiator: (s) => s.initiator_role,
  Status: (s) => lifecycleRank(s.status),
  Modified: (s) => s.modified_at,
};

function matchesSearch(s: Seed, search: string) {
  const term = search.trim().toLowerCase();
  return term === "" || `${s.object_number} ${s.association_name}`.toLowerCase().includes(term);
}

function expected(q: ListQuery, who: Who) {
  const base = SEEDS.filter(
    (s) =>
      inKind(s, q.kind, who) && q.toggles.every((t) => TOGGLE_ORACLE[t](s)) && matchesSearch(s, q.search),
  );
  const rows = base.filter((s) => q.filters.length === 0 || q.filters.some((f) => FILTER_ORACLE[f]?.(s)));
  const key = SORT_ORACLE[q.order.by];
  const sign = q.order.direction === "Asc" ? 1 : -1;
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? -sign : sign;
    return a.id < b.id ? -sign : sign;
  });
  const filterCount: Record<string, number> = {};
  for (const f of statusFiltersFor(q.kind)) filterCount[f] = base.filter((s) => FILTER_ORACLE[f]?.(s)).length;
  return { ids: rows.map((r) => r.id), filterCount };
}

// ---- Setup ----

describe("list queries from URLs and JSON bodies", () => {
  it("reads the page's parameters and falls back to defaults for anything unknown", () => {
    const q = listQueryFromSearchParams(
      "active",
      new URLSearchParams(
        "page=3&filter=TransferReviewInProgress&filter=Bogus&filter=ApprovedApplications&toggle=SalesStopped&toggle=x&q=%20Kvarn%20&sort=Object&dir=Asc",
      ),
    );
    expect(q).toEqual({
      kind: "active",
      page: 3,
      filters: ["TransferReviewInProgress"],
      toggles: ["SalesStopped"],
      search: "Kvarn",
      order: { by: "Object", direction: "Asc" },
    });
    for (const bad of ["page=-1", "page=abc", "page=0", "page=1.5", "sort=Price", "dir=sideways", "tab=x"]) {
      const parsed = listQueryFromSearchParams("board", new URLSearchParams(bad));
      expect(parsed).toEqual(defaultListQuery("board"));
    }
    expect(listQueryFromSearchParams("active", new URLSearchParams("page=99999999999999")).page).toBe(10_000);
    expect(
      listQueryFromSearchParams("active", new URLSearchParams(`q=${"a".repeat(10_000)}`)).search,
    ).toHaveLength(100);
    expect(listQueryFromSearchParams("board", new URLSearchParams("toggle=SalesStopped")).toggles).toEqual(
      [],
    );
  });

  it("writes parameters back without defaults, and reads them again to the same query", () => {
    expect(listQueryToSearchParams(defaultListQuery("active")).toString()).toBe("");
    const q: ListQuery = {
      kind: "propertyManager",
      page: 2,
      filters: ["OngoingApplications", "WhereActionIsNeeded"],
      toggles: ["Expiring", "UnresolvedMessages"],
      search: "brf å",
      order: { by: "Status", direction: "Asc" },
    };
    const params = listQueryToSearchParams(q);
    expect(params.toString()).toBe(
      "page=2&filter=OngoingApplications&filter=WhereActionIsNeeded&toggle=Expiring&toggle=UnresolvedMessages&q=brf+%C3%A5&sort=Status&dir=Asc",
    );
    expect(listQueryFromSearchParams("propertyManager", params)).toEqual(q);
  });

  it("parses a JSON body with defaults for missing fields and refuses junk with keys of lists.json", () => {
    expect(parseListRequest({}, () => "active")).toEqual({ ok: true, query: defaultListQuery("active") });
    const full = parseListRequest(
      {
        page: 2,
        filters: ["MembershipReviewInProgress"],
        orderBy: "Association",
        direction: "Asc",
        search: " kvarn ",
        ignoreOrder: false,
        initiator: "PropertyManager",
        additionalFilters: ["SalesStopped"],
      },
      (body) => (body.initiator === "PropertyManager" ? "propertyManager" : "active"),
    );
    expect(full).toEqual({
      ok: true,
      query: {
        kind: "propertyManager",
        page: 2,
        filters: ["MembershipReviewInProgress"],
        toggles: ["SalesStopped"],
        search: "kvarn",
        order: { by: "Association", direction: "Asc" },
      },
    });
    const ignored = parseListRequest(
      { orderBy: "Object", direction: "Asc", ignoreOrder: true },
      () => "board",
    );
    expect(ignored.ok && ignored.query.order).toEqual({ by: "Modified", direction: "Desc" });

    const bad = parseListRequest(
      {
        page: 0,
        filters: ["Nope"],
        orderBy: "Price",
        direction: "up",
        search: "x".repeat(101),
        ignoreOrder: "yes",
        initiator: "Broker",
        additionalFilters: ["Everything"],
      },
      () => "active",
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        page: ["lists:errors.page"],
        "filters.0": ["lists:errors.filters"],
        orderBy: ["lists:errors.orderBy"],
        direction: ["lists:errors.direction"],
        search: ["lists:errors.search"],
        ignoreOrder: ["lists:errors.ignoreOrder"],
        initiator: ["lists:errors.initiator"],
        "additionalFilters.0": ["lists:errors.additionalFilters"],
      },
    });
    for (const key of Object.values(bad.ok ? {} : bad.errors).flat()) {
      expect(listText(key)).not.toBe(key);
    }
    expect(parseListRequest(null, () => "active")).toEqual({
      ok: false,
      errors: { body: ["lists:errors.body"] },
    });
    expect(parseListRequest([1], () => "active")).toEqual({
      ok: false,
      errors: { body: ["lists:errors.body"] },
    });
    expect(parseListRequest({ page: 10_001 }, () => "active")).toMatchObject({ ok: false });
    expect(parseListRequest({ page: 1.5 }, () => "active")).toMatchObject({ ok: false });
  });

  it("refuses filters and toggles the chosen list does not have", () => {
    const body = ListRequestSchema.parse({
      filters: ["ApprovedApplications"],
      additionalFilters: ["Expiring"],
    });
    expect(listQueryFromRequest("board", body)).toEqual({
      ok: false,
      errors: { additionalFilters: ["lists:errors.additionalFiltersNotInList"] },
    });
    expect(listQueryFromRequest("active", body)).toEqual({
      ok: false,
      errors: { filters: ["lists:errors.filterNotInList"] },
    });
  });
});

interface Opened {
  handle: DbHandle;
  drop(): Promise<void>;
}

const BACKENDS: Array<[string, () => Promise<Opened | null>]> = [
  [
    "SQLite",
    async () => {
      const handle = await freshSqlite();
      return { handle, drop: () => handle.destroy() };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      return await freshPostgres("seeded");
    },
  ],
];

if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    "SKIPPED: list queries on PostgreSQL (set TEST_DATABASE_URL to a reachable server; .ci/run does)",
  );
}

for (const [backend, open] of BACKENDS) {
  describe.skipIf(backend === "PostgreSQL" && !process.env.TEST_DATABASE_URL)(`on ${backend}`, () => {
    let opened: Opened;
    let db: Db;
    const viewers: Record<string, Viewer> = {};
    const WHO: Record<string, Who> = {
      maria: { tenant: "stadsbo" },
      anders: { tenant: "nordhem" },
      erik: { associations: [WORLD.associationA.id] },
      karin: { associations: [WORLD.associationA.id], privateUser: "user-karin" },
      fatima: { associations: [WORLD.associationB.id] },
    };

    beforeAll(async () => {
      const fresh = await open();
      if (!fresh) throw new Error("TEST_DATABASE_URL is set but PostgreSQL does not answer");
      opened = fresh;
      db = opened.handle.db;
      await buildWorld(db);
      // The lists are compared with the seeds above, so nothing else may be in the table.
      await db.deleteFrom("transfers").execute();
      for (const s of SEEDS) {
        const { tenant: _t, association: _a, objectId, ...row } = s;
        await insertTransfer(db, {
          ...row,
          objectId,
          search_text: `${s.object_number} ${s.association_name}`.toLowerCase(),
        });
      }
      for (const name of Object.keys(WHO)) viewers[name] = (await actorFor(db, `user-${name}`)).viewer;
    });

    afterAll(async () => {
      await opened?.drop();
    });

    /** Every row of a query: cumulative up to a page that holds them all. */
    async function all(viewer: Viewer, q: ListQuery) {
      const result = await searchTransfers(db, viewer, { ...q, page: 40 }, { now: NOW, cumulative: true });
      return { ...result, ids: result.rows.map((r) => r.id) };
    }

    function query(kind: ListKind, patch: Partial<ListQuery> = {}): ListQuery {
      return { ...defaultListQuery(kind), ...patch };
    }

    const CASES: Array<[string, ListKind]> = [
      ["maria", "active"],
      ["maria", "propertyManager"],
      ["maria", "completed"],
      ["anders", "active"],
      ["anders", "completed"],
      ["erik", "board"],
      ["karin", "board"],
      ["fatima", "board"],
      ["karin", "private"],
    ];

    describe("searchTransfers: kinds, filters and counts", () => {
      it.each(CASES)("%s's %s list holds exactly the rows of its rule, newest first", async (name, kind) => {
        const viewer = viewers[name]!;
        const q = query(kind);
        const want = expected(q, WHO[name]!);
        expect(want.ids.length).toBeGreaterThan(0);
        const got = await all(viewer, q);
        expect(got.ids).toEqual(want.ids);
        expect(got.totalResults).toBe(want.ids.length);
        expect(got.filterCount).toEqual(want.filterCount);
        expect(got.hasMoreResults).toBe(false);
      });

      it.each(CASES.flatMap(([name, kind]) => statusFiltersFor(kind).map((f) => [name, kind, f] as const)))(
        "%s's %s list with filter %s",
        async (name, kind, filter) => {
          const q = query(kind, { filters: [filter] });
          const want = expected(q, WHO[name]!);
          const got = await all(viewers[name]!, q);
          expect(got.ids).toEqual(want.ids);
          expect(got.totalResults).toBe(want.ids.length);
          // The counts ignore the status filters themselves.
          expect(got.filterCount).toEqual(expected(query(kind), WHO[name]!).filterCount);
          expect(got.filterCount[filter]).toBe(want.ids.length);
        },
      );

      it("ORs several status filters", async () => {
        const q = query("board", { filters: ["WhereActionIsNeeded", "ApprovedApplications"] });
        const want = expected(q, WHO.erik!);
        const got = await all(viewers.erik!, q);
        expect(got.ids).toEqual(want.ids);
        const counts = expected(query("board"), WHO.erik!).filterCount;
        // Rows that are both approved and need action are counted once in the total.
        expect(got.totalResults).toBeLessThanOrEqual(
          (counts.WhereActionIsNeeded ?? 0) + (counts.ApprovedApplications ?? 0),
        );
        expect(got.totalResults).toBe(want.ids.length);
      });

      it("gives every kind its filters: active 3, propertyManager 4, board 4, completed 4, private none", () => {
        expect(statusFiltersFor("active")).toHaveLength(3);
        expect(statusFiltersFor("propertyManager")).toHaveLength(4);
        expect(statusFiltersFor("board")).toHaveLength(4);
        expect(statusFiltersFor("completed")).toHaveLength(4);
        expect(statusFiltersFor("private")).toHaveLength(0);
        for (const kind of ["active", "propertyManager", "board", "completed"] as const) {
          for (const f of statusFiltersFor(kind))
            expect(listText(`lists:filters.${f}`)).not.toMatch(/^lists:/);
        }
        for (const t of TOGGLES) expect(listText(`lists:toggles.${t}`)).not.toMatch(/^lists:/);
      });

      it("ignores a status filter the kind does not have", async () => {
        const got = await all(viewers.maria!, query("active", { filters: ["ApprovedApplications"] }));
        expect(got.ids).toEqual(expected(query("active"), WHO.maria!).ids);
      });
    });

    describe("searchTransfers: toggles", () => {
      it.each(TOGGLES.map((t) => [t]))("%s narrows the active list", async (toggle) => {
        const q = query("active", { toggles: [toggle] });
        const want = expected(q, WHO.maria!);
        expect(want.ids.length).toBeGreaterThan(0);
        expect(want.ids.length).toBeLessThan(expected(query("active"), WHO.maria!).ids.length);
        const got = await all(viewers.maria!, q);
        expect(got.ids).toEqual(want.ids);
        expect(got.filterCount).toEqual(want.filterCount);
      });

      it("ANDs toggles and combines them with a status filter and a search", async () => {
        const q = query("propertyManager", {
          toggles: ["UnderInvestigation", "UnresolvedMessages"],
          filters: ["WhereActionIsNeeded", "OngoingApplications"],
          search: "t-1",
        });
        const want = expected(q, WHO.maria!);
        const got = await all(viewers.maria!, q);
        expect(got.ids).toEqual(want.ids);
        expect(got.filterCount).toEqual(want.filterCount);
      });

      it("counts Expiring from the entry date: today and today+14 are in, +15 and yesterday are not", async () => {
        const got = await all(viewers.maria!, query("active", { toggles: ["Expiring"] }));
        const rows = SEEDS.filter((s) => got.ids.includes(s.id));
        expect(rows.some((s) => s.entry_date === TODAY)).toBe(true);
        expect(rows.some((s) => s.entry_date === EXPIRING_UNTIL)).toBe(true);
        expect(
          rows.every(
            (s) => s.expired === 1 || (s.entry_date !== "2026-12-06" && s.entry_date !== "2026-11-20"),
          ),
        ).toBe(true);
      });

      it("has no toggles outside the managers' active lists", async () => {
        const q = query("board", { toggles: ["SalesStopped"] });
        expect((await all(viewers.erik!, q)).ids).toEqual(expected(query("board"), WHO.erik!).ids);
      });
    });

    describe("searchTransfers: search", () => {
      it.each([
        ["T-10", "object number prefix"],
        ["  KVARNEN  ", "association, trimmed and case-insensitive"],
        ["åkern", "non-ASCII"],
        ["Brf Ekbacken", "two words"],
      ])("finds %s (%s)", async (search) => {
        const q = query("active", { search });
        const want = expected(q, WHO.maria!);
        expect(want.ids.length).toBeGreaterThan(0);
        const got = await all(viewers.maria!, q);
        expect(got.ids).toEqual(want.ids);
        expect(got.filterCount).toEqual(want.filterCount);
      });

      it("takes % and _ literally", async () => {
        // Row 3 is OBJ_100% (status Draft), row 4 OBJX1000, row 8 OBJ-50%X: all active in Maria's list.
        expect((await all(viewers.maria!, query("active", { search: "obj_" }))).ids).toEqual(["s-003"]);
        expect((await all(viewers.maria!, query("active", { search: "%" }))).ids.sort()).toEqual([
          "s-003",
          "s-008",
        ]);
        expect((await all(viewers.maria!, query("active", { search: "_1" }))).ids).toEqual(["s-003"]);
        expect((await all(viewers.maria!, query("active", { search: "0%x" }))).ids).toEqual(["s-008"]);
        expect(likePattern("a%b_c\\")).toBe("%a\\%b\\_c\\\\%");
      });

      it("finds nothing for a term no row holds, and counts zero everywhere", async () => {
        const got = await all(viewers.maria!, query("active", { search: "finns-inte" }));
        expect(got.ids).toEqual([]);
        expect(got.totalResults).toBe(0);
        expect(got.hasMoreResults).toBe(false);
        expect(Object.values(got.filterCount)).toEqual([0, 0, 0]);
      });
    });

    describe("searchTransfers: sorting and paging", () => {
      it.each(
        SORT_FIELDS.flatMap((by) => (["Asc", "Desc"] as const).map((direction) => [by, direction] as const)),
      )("sorts by %s %s with id as tie-breaker", async (by, direction) => {
        const q = query("active", { order: { by, direction } });
        const got = await all(viewers.maria!, q);
        expect(got.ids).toEqual(expected(q, WHO.maria!).ids);
      });

      it("sorts by Status in the lifecycle's order, not by the status name", async () => {
        const asc = await all(viewers.maria!, query("active", { order: { by: "Status", direction: "Asc" } }));
        const byId = new Map(SEEDS.map((s) => [s.id, s.status]));
        const statuses = asc.ids.map((id) => byId.get(id)!);
        expect(new Set(statuses).size).toBeGreaterThan(3);
        const ranks = statuses.map(lifecycleRank);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        // By name, ApplicationSent would come first and Initiating after DraftTransfer.
        expect(statuses.indexOf("Initiating")).toBeLessThan(statuses.indexOf("ApplicationSent"));
        expect(LIFECYCLE_ORDER.indexOf("MembershipApproved")).toBeGreaterThan(
          LIFECYCLE_ORDER.indexOf("MembershipReviewInProgress"),
        );
        const desc = await all(
          viewers.maria!,
          query("active", { order: { by: "Status", direction: "Desc" } }),
        );
        expect(desc.ids.map((id) => lifecycleRank(byId.get(id)!))).toEqual([...ranks].reverse());
      });

      it("pages 25 at a time without overlap, and cumulative pages equal the pages joined", async () => {
        const q = query("active", { order: { by: "Modified", direction: "Desc" } });
        const want = expected(q, WHO.maria!).ids;
        expect(want.length).toBeGreaterThan(2 * PAGE_SIZE);
        const pages = [];
        for (let page = 1; page <= 3; page++) {
          pages.push(await searchTransfers(db, viewers.maria!, { ...q, page }, { now: NOW }));
        }
        expect(pages.map((p) => p.rows.length)).toEqual([
          PAGE_SIZE,
          PAGE_SIZE,
          Math.min(PAGE_SIZE, want.length - 2 * PAGE_SIZE),
        ]);
        expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(want.slice(0, 3 * PAGE_SIZE));
        expect(pages.map((p) => p.hasMoreResults)).toEqual([true, true, want.length > 3 * PAGE_SIZE]);
        expect(pages.every((p) => p.totalResults === want.length)).toBe(true);

        const cumulative = await searchTransfers(
          db,
          viewers.maria!,
          { ...q, page: 2 },
          { now: NOW, cumulative: true },
        );
        expect(cumulative.rows.map((r) => r.id)).toEqual(want.slice(0, 2 * PAGE_SIZE));
        expect(cumulative.hasMoreResults).toBe(true);
      });

      it("answers an empty page past the end, and clamps a page below 1", async () => {
        const past = await searchTransfers(db, viewers.maria!, query("active", { page: 500 }), { now: NOW });
        expect(past.rows).toEqual([]);
        expect(past.hasMoreResults).toBe(false);
        expect(past.totalResults).toBe(expected(query("active"), WHO.maria!).ids.length);
        const below = await searchTransfers(db, viewers.maria!, query("active", { page: -3 }), { now: NOW });
        expect(below.rows.map((r) => r.id)).toEqual(
          expected(query("active"), WHO.maria!).ids.slice(0, PAGE_SIZE),
        );
      });
    });

    describe("searchTransfers: completed transfers around the 12-month and entry-date boundaries", () => {
      const rows: Array<Partial<Seed> & { id: string }> = [
        {
          id: "c-12-months",
          status: "MembershipApproved",
          membership_decision_date: "2025-11-21",
          entry_date: "2025-12-01",
        },
        {
          id: "c-12-months-and-a-day",
          status: "MembershipApproved",
          membership_decision_date: "2025-11-20",
          entry_date: "2025-12-01",
        },
        {
          id: "c-entry-today",
          status: "MembershipRejected",
          membership_decision_date: "2024-05-01",
          entry_date: "2026-11-21",
          finalized_at_property_manager: 1,
        },
        {
          id: "c-entry-yesterday",
          status: "MembershipApproved",
          membership_decision_date: "2024-05-01",
          entry_date: "2026-11-20",
        },
        {
          id: "c-entry-ahead",
          status: "MembershipApproved",
          membership_decision_date: "2023-01-01",
          entry_date: "2027-02-01",
          finalized_at_property_manager: 1,
        },
        {
          id: "c-no-entry",
          status: "MembershipRejected",
          membership_decision_date: "2026-10-01",
          entry_date: null,
        },
        {
          id: "c-undecided",
          status: "MembershipReviewInProgress",
          membership_decision_date: null,
          entry_date: "2027-02-01",
        },
        { id: "c-aborted", status: "Aborted", membership_decision_date: null, entry_date: "2027-02-01" },
      ];
      let peter: Viewer;

      beforeAll(async () => {
        // A tenant and association of their own (kvarnstaden, assoc-k) so that these rows are the whole list and
        // appear in no other list; Peter is borrowed as the tenant's manager.
        await db
          .insertInto("associations")
          .values({
            id: "assoc-k",
            organisation_number: "7696070001",
            name: "Brf Kvarnstaden",
            created_at: NOW.toISOString(),
          })
          .execute();
        await db
          .insertInto("property_objects")
          .values({
            id: "object-k",
            object_number: "K-1",
            description: "Lägenhet K-1",
            street: "Kvarngatan 9",
            postal_code: "118 47",
            city: "Stockholm",
            country: "Sverige",
            association_id: "assoc-k",
            tenant_id: "kvarnstaden",
            provider_id: "riksbyggen",
            created_at: "2026-01-01T00:00:00.000Z",
          })
          .execute();
        for (const [i, row] of rows.entries()) {
          await insertTransfer(db, {
            objectId: "object-k",
            modified_at: `2026-11-0${i + 1}T08:00:00.000Z`,
            finalized_at_property_manager: 0,
            membership_decision:
              row.status === "MembershipRejected"
                ? "Rejected"
                : row.status === "MembershipApproved"
                  ? "Approved"
                  : null,
            ...row,
          });
        }
        peter = { ...viewers.maria!, id: "user-peter", tenantId: "kvarnstaden" };
      });

      it("keeps decisions of the last 12 months and cases whose entry date has not passed", async () => {
        const got = await all(peter, query("completed"));
        expect(got.ids).toEqual(["c-no-entry", "c-entry-ahead", "c-entry-today", "c-12-months"]);
        expect(got.filterCount).toEqual({
          ApprovedApplications: 2,
          RejectedApplications: 2,
          EntryDateAhead: 2,
          NotFinalized: 2,
        });
        const ahead = await all(peter, query("completed", { filters: ["EntryDateAhead"] }));
        expect(ahead.ids).toEqual(["c-entry-ahead", "c-entry-today"]);
      });

      it("drops the boundary cases a day later", async () => {
        const got = await all(peter, query("completed"));
        expect(got.ids).toContain("c-12-months");
        const nextDay = await searchTransfers(
          db,
          peter,
          { ...query("completed"), page: 40 },
          {
            now: new Date("2026-11-22T10:00:00Z"),
            cumulative: true,
          },
        );
        expect(nextDay.rows.map((r) => r.id)).toEqual(["c-no-entry", "c-entry-ahead"]);
      });

      it("uses the date in Stockholm: 23:30 UTC on the 20th is already the 21st", async () => {
        const lateEvening = await searchTransfers(
          db,
          peter,
          { ...query("completed"), page: 40 },
          {
            now: new Date("2026-11-20T23:30:00Z"),
            cumulative: true,
          },
        );
        expect(lateEvening.rows.map((r) => r.id)).toEqual([
          "c-no-entry",
          "c-entry-ahead",
          "c-entry-today",
          "c-12-months",
        ]);
      });

      it("computes 12 months back on the calendar", () => {
        expect(twelveMonthsBefore("2026-11-21")).toBe("2025-11-21");
        expect(twelveMonthsBefore("2028-02-29")).toBe("2027-02-28");
        expect(twelveMonthsBefore("2025-02-28")).toBe("2024-02-28");
      });
    });

    describe("scope", () => {
      it("never shows a row outside the viewer's scope, in any list or count", async () => {
        for (const [name, kind] of CASES) {
          const got = await all(viewers[name]!, query(kind));
          const who = WHO[name]!;
          for (const id of got.ids) {
            const seed = SEEDS.find((s) => s.id === id);
            expect(seed, id).toBeDefined();
            expect(seed!.deleted_at).toBeNull();
            if (kind === "private") expect(seed!.created_by_user_id).toBe("user-karin");
            else if (kind === "board") expect(who.associations).toContain(seed!.association);
            else expect(seed!.tenant).toBe(who.tenant);
          }
        }
      });

      it("keeps each list to its own rule: Karin's board list has no private transfer of another association", async () => {
        const board = await all(viewers.karin!, query("board"));
        expect(
          board.ids.some(
            (id) =>
              id.startsWith("p-") && SEEDS.find((s) => s.id === id)?.association !== WORLD.associationA.id,
          ),
        ).toBe(false);
        const own = await all(viewers.karin!, query("private"));
        expect(own.ids).not.toContain("other-private");
        expect(own.ids.every((id) => id.startsWith("p-"))).toBe(true);
      });

      it("shows nothing to a viewer without the list's rule", async () => {
        expect(canList(viewers.erik!, "active")).toBe(false);
        expect(canList(viewers.maria!, "board")).toBe(false);
        expect(canList(viewers.erik!, "private")).toBe(false);
        expect(canList(viewers.karin!, "private")).toBe(true);
        expect((await all(viewers.erik!, query("active"))).ids).toEqual([]);
        expect((await all(viewers.erik!, query("completed"))).totalResults).toBe(0);
        expect((await all(viewers.maria!, query("board"))).ids).toEqual([]);
        expect((await all(viewers.erik!, query("private"))).ids).toEqual([]);
      });
    });

    describe("saved search criteria", () => {
      it("writes only when the criteria change, so updated_at is when they last changed", async () => {
        const key = SEARCH_STATE_KEYS.propertyManager;
        const stamp = async () =>
          (
            await db
              .selectFrom("saved_searches")
              .select("updated_at")
              .where("user_id", "=", "user-johan")
              .where("key", "=", key)
              .executeTakeFirstOrThrow()
          ).updated_at;
        const q = { ...defaultListQuery("propertyManager"), search: "ek" };
        await saveSearchState(db, "user-johan", key, q);
        const first = await stamp();
        await db.updateTable("saved_searches").set({ updated_at: "2000-01-01T00:00:00.000Z" }).execute();
        await saveSearchState(db, "user-johan", key, q);
        expect(await stamp()).toBe("2000-01-01T00:00:00.000Z");
        await saveSearchState(db, "user-johan", key, { ...q, search: "eka" });
        expect(await stamp()).not.toBe("2000-01-01T00:00:00.000Z");
        expect(first).not.toBe("2000-01-01T00:00:00.000Z");
        expect(await loadSearchState(db, "user-johan", key)).toEqual({ ...q, search: "eka" });
      });

      it("round-trips per user and key, overwrites, and cleans what is no longer valid", async () => {
        const q: ListQuery = {
          kind: "active",
          page: 2,
          filters: ["TransferReviewInProgress"],
          toggles: ["SalesStopped"],
          search: "kvarn",
          order: { by: "Object", direction: "Asc" },
        };
        expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.active)).toBeNull();
        await saveSearchState(db, "user-maria", SEARCH_STATE_KEYS.active, q);
        expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.active)).toEqual(q);
        expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.propertyManager)).toBeNull();
        expect(await loadSearchState(db, "user-johan", SEARCH_STATE_KEYS.active)).toBeNull();

        const completed = { ...defaultListQuery("completed"), filters: ["EntryDateAhead"] };
        await saveSearchState(db, "user-maria", SEARCH_STATE_KEYS.completed, completed);
        const changed = { ...q, search: "ekbacken", page: 1 };
        await saveSearchState(db, "user-maria", SEARCH_STATE_KEYS.active, changed);
        expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.active)).toEqual(changed);
        expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.completed)).toEqual(completed);

        await db
          .updateTable("saved_searches")
          .set({
            state: JSON.stringify({
              ...q,
              filters: ["Gone", "OngoingApplications"],
              page: 123_456,
              order: { by: "x", direction: "y" },
            }),
          })
          .where("user_id", "=", "user-maria")
          .where("key", "=", SEARCH_STATE_KEYS.active)
          .execute();
        expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.active)).toEqual({
          ...q,
          page: 10_000,
          filters: ["OngoingApplications"],
          order: { by: "Modified", direction: "Desc" },
        });
        for (const junk of ["{not json", JSON.stringify({ kind: "everything" }), "null"]) {
          await db
            .updateTable("saved_searches")
            .set({ state: junk })
            .where("user_id", "=", "user-maria")
            .where("key", "=", SEARCH_STATE_KEYS.active)
            .execute();
          expect(await loadSearchState(db, "user-maria", SEARCH_STATE_KEYS.active)).toBeNull();
        }
      });
    });
  });
}

describe("firstRowOfPage", () => {
  it("points at the first row of the page just added, also when that page is short", async () => {
    const { firstRowOfPage } = await import("./search.server");
    expect(firstRowOfPage(1, PAGE_SIZE)).toBeNull();
    expect(firstRowOfPage(2, 2 * PAGE_SIZE)).toBe(PAGE_SIZE);
    expect(firstRowOfPage(2, PAGE_SIZE + 15)).toBe(PAGE_SIZE);
    expect(firstRowOfPage(3, 2 * PAGE_SIZE + 1)).toBe(2 * PAGE_SIZE);
    expect(firstRowOfPage(3, 2 * PAGE_SIZE)).toBeNull();
  });
});
