import crypto from "node:crypto";
import { CompiledQuery, sql, type Compilable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "~/server/db/kysely.server";
import { generateBulk } from "../../scripts/bulk/generate";
import type { Viewer } from "~/server/domain/transfers/facts.server";
import { defaultListQuery, type ListQuery } from "~/server/domain/transfers/lists/query.server";
import { listQueries } from "~/server/domain/transfers/lists/search.server";
import { actorFor } from "../support/transfers";
import { freshSqlite } from "../support/db";

/**
 * The list queries use the indexes of migrations 0003 and 0004 (decision 010), as the query plan proves. Checked on a
 * few thousand bulk transfers, first as a fresh database leaves the planner (no statistics), then after ANALYZE as
 * `npm run seed:bulk` leaves it.
 */

const NOW = new Date("2026-11-21T10:00:00Z");

let handle: DbHandle;
let db: Db;
let maria: Viewer;
let erik: Viewer;

async function plan(query: Compilable): Promise<string[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((r) => r.detail);
}

function expectIndexed(label: string, lines: string[]) {
  console.log(`${label}\n  ${lines.join("\n  ")}`);
  expect(
    lines.some((l) => /USING (COVERING )?INDEX transfers_/.test(l)),
    `${label}: no transfers index\n${lines.join("\n")}`,
  ).toBe(true);
  // "SCAN transfers" without "USING … INDEX" reads the whole table.
  expect(
    lines.filter((l) => /\bSCAN transfers\b/.test(l) && !/USING (COVERING )?INDEX/.test(l)),
    label,
  ).toEqual([]);
}

const MANAGER_CASES: Array<[string, ListQuery]> = [
  ["manager, default order", defaultListQuery("active")],
  ["manager, status filter", { ...defaultListQuery("active"), filters: ["MembershipReviewInProgress"] }],
  ["manager, search", { ...defaultListQuery("active"), search: "kvarn" }],
  [
    "manager, sorted by association, page 3",
    { ...defaultListQuery("active"), page: 3, order: { by: "Association", direction: "Asc" } },
  ],
  ["manager, toggles", { ...defaultListQuery("active"), toggles: ["UnresolvedMessages", "Expiring"] }],
  ["manager, Endast förvaltaravtal", defaultListQuery("propertyManager")],
  ["manager, completed", defaultListQuery("completed")],
];

beforeAll(async () => {
  handle = await freshSqlite();
  db = handle.db;
  await generateBulk(handle, { transfers: 3000, seed: 5, now: NOW });
  await db
    .insertInto("board_engagements")
    .values({
      id: crypto.randomUUID(),
      personal_number: "197509025172",
      association_id: "assoc-kvarnen",
      role: "Member",
      source: "registry",
      refreshed_at: NOW.toISOString(),
    })
    .execute();
  maria = (await actorFor(db, "user-maria")).viewer;
  erik = (await actorFor(db, "user-erik")).viewer;
}, 120_000);

afterAll(async () => {
  await handle.destroy();
});

describe.each([
  ["without statistics", false],
  ["after ANALYZE", true],
])("list query plans %s", (_label, analyze) => {
  beforeAll(async () => {
    if (analyze) await sql`analyze`.execute(db);
  });

  it("has data worth planning for", async () => {
    const count = await db
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", "stadsbo")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(1000);
    expect(erik.boardAssociationIds).toEqual(["assoc-kvarnen"]);
  });

  it.each(MANAGER_CASES)("%s: rows and counts use transfers indexes", async (label, q) => {
    const queries = listQueries(db, maria, q, { now: NOW });
    expectIndexed(`${label} (rows)`, await plan(queries.rows));
    expectIndexed(`${label} (counts)`, await plan(queries.groups));
  });

  it("reads a page's rows by primary key, and searches and toggles from the covering index", async () => {
    const byPrimaryKey = /SEARCH transfers USING INDEX sqlite_autoindex_transfers_1 \(id=\?\)/;
    for (const [label, q] of MANAGER_CASES) {
      const lines = await plan(listQueries(db, maria, q, { now: NOW }).rows);
      expect(lines[0], label).toMatch(byPrimaryKey);
    }
    for (const q of [defaultListQuery("board"), { ...defaultListQuery("board"), page: 2 }]) {
      const lines = await plan(listQueries(db, erik, q, { now: NOW }).rows);
      expect(lines[0], "board").toMatch(byPrimaryKey);
    }
    for (const [label, q] of MANAGER_CASES.filter(([, q]) => q.search !== "" || q.toggles.length > 0)) {
      const lines = await plan(listQueries(db, maria, q, { now: NOW }).rows);
      expect(lines.join("\n"), label).toMatch(/USING COVERING INDEX transfers_list_tenant/);
    }
  });

  it("counts a manager's active list from the covering index alone", async () => {
    for (const [label, q] of MANAGER_CASES.slice(0, 5)) {
      const lines = await plan(listQueries(db, maria, q, { now: NOW }).groups);
      expect(lines.join("\n"), label).toMatch(/USING COVERING INDEX transfers_list_tenant/);
    }
  });

  it("board member: rows and counts use transfers indexes", async () => {
    for (const q of [
      defaultListQuery("board"),
      { ...defaultListQuery("board"), filters: ["WhereActionIsNeeded"], search: "brf" },
    ]) {
      const queries = listQueries(db, erik, q, { now: NOW });
      expectIndexed(`board ${JSON.stringify(q.filters)} (rows)`, await plan(queries.rows));
      expectIndexed(`board ${JSON.stringify(q.filters)} (counts)`, await plan(queries.groups));
    }
  });
});
