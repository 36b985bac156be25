import path from "node:path";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { Database } from "./schema.server";

export type Db = Kysely<Database>;
export type DbKind = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  kind: DbKind;
  destroy(): Promise<void>;
}

/** `file:` URL (or unset) means SQLite through better-sqlite3; `postgres://` means PostgreSQL through pg. */
export function openDatabase(databaseUrl: string): DbHandle {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // Return numeric aggregates (count, sum) as JS numbers, like SQLite does.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    // An idle client can lose its connection (server restart, database dropped by a test); pg then emits
    // "error" on the pool, which would crash the process if nobody listens. The next query reconnects.
    pool.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") console.warn(`PostgreSQL idle client error: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", destroy: () => db.destroy() };
  }
  const file = sqliteFile(databaseUrl);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: "sqlite", destroy: () => db.destroy() };
}

export function sqliteFile(databaseUrl: string): string {
  if (databaseUrl === ":memory:" || databaseUrl === "file::memory:") return ":memory:";
  const withoutScheme = databaseUrl.replace(/^file:(\/\/)?/, "");
  return path.resolve(withoutScheme);
}
