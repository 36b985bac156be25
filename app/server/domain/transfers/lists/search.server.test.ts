import { describe, expect, it } from "vitest";
import { WORLD } from "../../../../../tests/support/transfers";
import { LIFECYCLE_ORDER, lifecycleRank } from "../lifecycle.server";
import { PAGE_SIZE, SORT_FIELDS, TOGGLES } from "~/lib/transfer-lists";
import { canList } from "./access.server";
import { likePattern } from "./conditions.server";
import { statusFiltersFor } from "./query.server";
import { listText } from "./request.server";
import { searchTransfers } from "./search.server";
import {
  NOW,
  TODAY,
  EXPIRING_UNTIL,
  SEEDS,
  expected,
  WHO,
  CASES,
  query,
  onEachBackend,
} from "../../../../../tests/support/transfer-lists";

onEachBackend((world) => {
  const { viewers, all } = world;

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
        for (const f of statusFiltersFor(kind)) expect(listText(`lists:filters.${f}`)).not.toMatch(/^lists:/);
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
      const desc = await all(viewers.maria!, query("active", { order: { by: "Status", direction: "Desc" } }));
      expect(desc.ids.map((id) => lifecycleRank(byId.get(id)!))).toEqual([...ranks].reverse());
    });

    it("pages 25 at a time without overlap, and cumulative pages equal the pages joined", async () => {
      const q = query("active", { order: { by: "Modified", direction: "Desc" } });
      const want = expected(q, WHO.maria!).ids;
      expect(want.length).toBeGreaterThan(2 * PAGE_SIZE);
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        pages.push(await searchTransfers(world.db, viewers.maria!, { ...q, page }, { now: NOW }));
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
        world.db,
        viewers.maria!,
        { ...q, page: 2 },
        { now: NOW, cumulative: true },
      );
      expect(cumulative.rows.map((r) => r.id)).toEqual(want.slice(0, 2 * PAGE_SIZE));
      expect(cumulative.hasMoreResults).toBe(true);
    });

    it("answers an empty page past the end, and clamps a page below 1", async () => {
      const past = await searchTransfers(world.db, viewers.maria!, query("active", { page: 500 }), {
        now: NOW,
      });
      expect(past.rows).toEqual([]);
      expect(past.hasMoreResults).toBe(false);
      expect(past.totalResults).toBe(expected(query("active"), WHO.maria!).ids.length);
      const below = await searchTransfers(world.db, viewers.maria!, query("active", { page: -3 }), {
        now: NOW,
      });
      expect(below.rows.map((r) => r.id)).toEqual(
        expected(query("active"), WHO.maria!).ids.slice(0, PAGE_SIZE),
      );
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
});

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
