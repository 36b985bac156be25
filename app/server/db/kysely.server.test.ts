import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "./kysely.server";

let handle: DbHandle | null = null;
afterEach(async () => {
  await handle?.destroy();
  handle = null;
});

describe("the SQLite handle's statement cache", () => {
  it("reuses a prepared statement with new parameters and reads its own writes", async () => {
    handle = openDatabase(":memory:");
    const { db } = handle;
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (let i = 1; i <= 3; i++) await sql`insert into t (id, name) values (${i}, ${`n${i}`})`.execute(db);
    const byId = (id: number) => sql<{ name: string }>`select name from t where id = ${id}`.execute(db);
    expect((await byId(1)).rows).toEqual([{ name: "n1" }]);
    expect((await byId(3)).rows).toEqual([{ name: "n3" }]);
    await sql`update t set name = ${"changed"} where id = ${3}`.execute(db);
    expect((await byId(3)).rows).toEqual([{ name: "changed" }]);
    expect((await byId(4)).rows).toEqual([]);
  });

  it("shares statements with streamed queries, also one left early", async () => {
    handle = openDatabase(":memory:");
    const { db } = handle;
    await sql`create table t (id integer primary key)`.execute(db);
    for (let i = 1; i <= 5; i++) await sql`insert into t (id) values (${i})`.execute(db);
    const query = () => db.selectFrom("t" as never).select(sql<number>`id`.as("id"));
    const seen: number[] = [];
    for await (const row of query().stream()) {
      seen.push((row as { id: number }).id);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    // The same SQL text after the stream let go of its statement (a busy one would throw in better-sqlite3).
    expect(await query().execute()).toHaveLength(5);
  });

  it("survives a schema change between two uses of one SQL text", async () => {
    handle = openDatabase(":memory:");
    const { db } = handle;
    await sql`create table t (id integer primary key)`.execute(db);
    const select = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    await sql`insert into t (id) values (1)`.execute(db);
    expect((await select()).rows).toEqual([{ id: 1 }]);
    await sql`alter table t add column extra text default 'x'`.execute(db);
    expect((await select()).rows).toEqual([{ id: 1, extra: "x" }]);
  });
});

describe("planner statistics", () => {
  it("are gathered on open for a table that was never analysed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "optimize-"));
    const url = `file:${path.join(dir, "app.db")}`;
    try {
      handle = openDatabase(url);
      await sql`create table t (id integer primary key, b integer)`.execute(handle.db);
      await sql`create index t_b on t (b)`.execute(handle.db);
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000)
                insert into t (b) select i % 40 from n`.execute(handle.db);
      const statTables = () =>
        sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(
          handle!.db,
        );
      expect((await statTables()).rows[0]?.n).toBe(0);
      await handle.destroy();

      handle = openDatabase(url);
      const stats = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 't'`.execute(
        handle.db,
      );
      expect(stats.rows.map((r) => r.idx)).toContain("t_b");
    } finally {
      await handle?.destroy();
      handle = null;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
