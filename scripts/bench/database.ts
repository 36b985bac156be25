import { execFileSync } from "node:child_process";
import path from "node:path";
import { CompiledQuery, sql, type Compilable } from "kysely";
import { openDatabase, type Db } from "~/server/db/kysely.server";
import { generateBulk } from "../bulk/generate";
import type { Viewer } from "~/server/domain/transfers/facts.server";
import type { ListKind } from "~/lib/transfer-lists";
import { defaultListQuery } from "~/server/domain/transfers/lists/query.server";
import { listQueries, searchTransfers } from "~/server/domain/transfers/lists/search.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { getUserById } from "~/server/domain/users.server";
import { percentile } from "./load";

export function databaseUrl(dataDir: string): string {
  return `file:${path.join(dataDir, "app.db")}`;
}

/** The bulk generator on the product's database (the server stopped), statistics, and the WAL folded back. */
export async function addBulk(dataDir: string, transfers: number): Promise<void> {
  const handle = openDatabase(databaseUrl(dataDir));
  const { db } = handle;
  try {
    const started = performance.now();
    const result = await generateBulk(handle, { transfers, seed: 1 });
    // generateBulk ends with ANALYZE; should it stop doing so, the planner must still get statistics.
    const stats = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'transfers'`
      .execute(db)
      .catch(() => ({ rows: [{ n: 0 }] }));
    if (Number(stats.rows[0]?.n ?? 0) === 0) await sql`analyze`.execute(db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const total = await db
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    console.log(
      `[bench] bulk: ${result.transfers} transfers, ${result.parties} parties, ${result.objects} objects ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s; ${Number(total.n)} transfers in the database`,
    );
    if (result.transfers !== transfers)
      throw new Error(`bulk generator wrote ${result.transfers}, not ${transfers}`);
  } finally {
    await handle.destroy();
  }
  // The kernel writes the new file (about 230 MB at 100,000) back in the background for half a minute or
  // more; flushed now, that write-back does not compete with the measurements that follow.
  if (process.platform !== "win32") execFileSync("sync");
}

async function viewerOf(db: Db, userId: string): Promise<Viewer> {
  const user = await getUserById(db, userId);
  if (!user) throw new Error(`no user ${userId} in the database`);
  return viewerFor(db, user);
}

async function plan(db: Db, query: Compilable): Promise<string[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((row) => row.detail);
}

/** Problems of a plan: no transfers_ index at all, or a scan of the whole transfers table. */
export function planProblems(lines: readonly string[]): string[] {
  const problems: string[] = [];
  if (!lines.some((line) => /USING (COVERING )?INDEX transfers_/.test(line))) {
    problems.push("no transfers_ index");
  }
  for (const line of lines) {
    if (/\bSCAN transfers\b/.test(line) && !/USING (COVERING )?INDEX/.test(line)) {
      problems.push(`full table scan: ${line}`);
    }
  }
  return problems;
}

export interface ListUser {
  userId: string;
  kind: ListKind;
  label: string;
}

/**
 * EXPLAIN QUERY PLAN of the default list (rows as the page asks for them, counts) for each user; prints the
 * plans and returns the problems found (empty when every query uses a transfers_ index).
 */
export async function explainLists(dataDir: string, users: readonly ListUser[]): Promise<string[]> {
  const handle = openDatabase(databaseUrl(dataDir));
  const problems: string[] = [];
  try {
    const { db } = handle;
    for (const user of users) {
      const viewer = await viewerOf(db, user.userId);
      const queries = listQueries(db, viewer, defaultListQuery(user.kind), {
        now: new Date(),
        cumulative: true,
      });
      for (const [part, query] of [
        ["rows", queries.rows],
        ["counts", queries.groups],
      ] as const) {
        const lines = await plan(db, query);
        const found = planProblems(lines);
        console.log(`EXPLAIN QUERY PLAN ${user.label}, default list (${user.kind}), ${part}:`);
        for (const line of lines) console.log(`  ${line}`);
        console.log(
          `  -> ${found.length === 0 ? "uses transfers_ indexes" : `PROBLEM: ${found.join("; ")}`}`,
        );
        problems.push(...found.map((p) => `${user.label} ${part}: ${p}`));
      }
    }
  } finally {
    await handle.destroy();
  }
  return problems;
}

/**
 * searchTransfers alone, in this process, on the same database file: the database's share of a request
 * (the page asks for pages 1..n, so `cumulative` as the page does).
 */
export async function timeQueries(
  dataDir: string,
  users: readonly ListUser[],
  iterations = 150,
): Promise<Array<{ label: string; total: number; p50: number; p99: number }>> {
  const handle = openDatabase(databaseUrl(dataDir));
  const out = [];
  try {
    const { db } = handle;
    for (const user of users) {
      const viewer = await viewerOf(db, user.userId);
      const q = defaultListQuery(user.kind);
      let total = 0;
      for (let i = 0; i < 10; i++)
        total = (await searchTransfers(db, viewer, q, { now: new Date() })).totalResults;
      const times: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        await searchTransfers(db, viewer, q, { now: new Date(), cumulative: true });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      out.push({ label: user.label, total, p50: percentile(times, 50), p99: percentile(times, 99) });
    }
  } finally {
    await handle.destroy();
  }
  return out;
}
