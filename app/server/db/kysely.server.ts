import { getEnv } from "../platform/env.server";
import path from "node:path";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import type * as Pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type LogEvent } from "kysely";
import type { Database } from "./schema.server";
import { lazyModule } from "../platform/lazy-module.server";
import { getLog } from "../platform/log.server";
import { meters, type StatementKind } from "../platform/meters.server";
import { tracedDialect } from "./traced-dialect.server";

/** pg is loaded when a PostgreSQL database is opened, not by every SQLite install and test that imports this. */
const loadPg = lazyModule<typeof Pg>("pg");

export type Db = Kysely<Database>;
export type DbKind = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  kind: DbKind;
  destroy(): Promise<void>;
  /** PostgreSQL's pool now: connections open, idle, requests waiting for one, and the most it opens. */
  pool?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** `file:` URL (or unset) means SQLite through better-sqlite3; `postgres://` means PostgreSQL through pg. */
export function openDatabase(databaseUrl: string): DbHandle {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pg = loadPg();
    // Return numeric aggregates (count, sum) as JS numbers, like SQLite does.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: getEnv().DATABASE_POOL_SIZE,
    });
    // An idle client can lose its connection (server restart, database dropped by a test); pg then emits
    // "error" on the pool, which would crash the process if nobody listens. The next query reconnects.
    pool.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") getLog().warn({ err: error }, "PostgreSQL idle client error");
    });
    // A connection lost while a query of its was out (a server restart): the query fails with the error, and pg
    // also emits it on the client, which the pool listens to only while the client is idle; unheard, it would end
    // the process.
    pool.on("connect", (client) => {
      client.on("error", () => undefined);
    });
    const db = new Kysely<Database>({
      dialect: tracedDialect(new PostgresDialect({ pool }), "postgresql"),
      log: queryLog(),
    });
    const max = getEnv().DATABASE_POOL_SIZE;
    return {
      db,
      kind: "postgres",
      destroy: () => db.destroy(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }
  const file = sqliteFile(databaseUrl);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Page cache of 64 MiB instead of SQLite's 2 MB, and reads through a memory map: the list queries walk
  // index pages that are hot, and a map saves a read() system call and a copy per page.
  sqlite.pragma("cache_size = -65536");
  if (file !== ":memory:") sqlite.pragma("mmap_size = 1073741824");
  // Planner statistics: on open, ANALYZE what was never analysed or has grown or shrunk a lot since (with a
  // bounded sample, so it stays quick at 100,000 transfers); then once a day for a long-running server, as
  // SQLite recommends for long-lived connections. A fresh database has no tables yet: nothing happens.
  // Neither may stop the product: a lock held elsewhere (a seed script) only postpones the statistics.
  try {
    sqlite.pragma("optimize = 0x10002");
  } catch (error) {
    getLog().warn({ err: error }, "PRAGMA optimize on open failed");
  }
  const db = new Kysely<Database>({
    dialect: tracedDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), "sqlite"),
    log: queryLog(),
  });
  // Through Kysely, so that it waits for the connection like any query and never runs inside a transaction.
  const daily = setInterval(() => {
    sql`pragma optimize`.execute(db).catch((error: unknown) => {
      getLog().warn({ err: error }, "PRAGMA optimize failed");
    });
  }, OPTIMIZE_INTERVAL_MS);
  daily.unref();
  return {
    db,
    kind: "sqlite",
    destroy: () => {
      clearInterval(daily);
      return db.destroy();
    },
  };
}

const OPTIMIZE_INTERVAL_MS = 24 * 60 * 60_000;

export function sqliteFile(databaseUrl: string): string {
  if (databaseUrl === ":memory:" || databaseUrl === "file::memory:") return ":memory:";
  const withoutScheme = databaseUrl.replace(/^file:(\/\/)?/, "");
  return path.resolve(withoutScheme);
}

/**
 * Kysely's SQLite driver prepares every query anew; compiling the SQL costs more than running most of our
 * indexed queries. A statement of better-sqlite3 can be reused for any parameters as long as no iterator is
 * open on it (a streamed query), so statements are kept per SQL text and a busy one is never handed out
 * (bounded: the query builder yields a few hundred distinct texts, the IN lists of bulk reads vary by length).
 */
const STATEMENT_CACHE_SIZE = 1_000;

function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property) {
      if (property !== "prepare") {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = statements.get(source);
        if (statement && !statement.busy) {
          // Most recently used last, so the first key is the one to drop.
          statements.delete(source);
        } else {
          statement = prepare(source);
          if (statements.size >= STATEMENT_CACHE_SIZE) {
            const oldest = statements.keys().next().value;
            if (oldest !== undefined) statements.delete(oldest);
          }
        }
        statements.set(source, statement);
        return statement;
      };
    },
  });
}

/**
 * Kysely times a query only when it has a log to tell: the slow-query log, the metrics' query durations, or
 * both. Without either (no DB_SLOW_QUERY_MS, metrics off when the database opened) queries are not timed at all.
 */
function queryLog(): ((event: LogEvent) => void) | undefined {
  const slow = slowQueryLog();
  if (!meters()) return slow;
  return (event) => {
    slow?.(event);
    meters()?.query(statementKind(event.query), event.queryDurationMillis / 1000, event.level === "error");
  };
}

const KINDS: Record<string, StatementKind> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
};

/** The builder's node says what a query is; a raw `sql` query (the job claim, readiness) is read by its first word. */
export function statementKind(query: CompiledQuery): StatementKind {
  const kind = KINDS[query.query.kind];
  if (kind) return kind;
  const first = /^\s*(select|insert|update|delete)\b/i.exec(query.sql)?.[1]?.toLowerCase();
  return (first as StatementKind | undefined) ?? "other";
}

/** DB_SLOW_QUERY_MS=N logs each query that took N ms or more (0 logs all), with its SQL, never its parameters. */
function slowQueryLog(): ((event: LogEvent) => void) | undefined {
  const threshold = getEnv().DB_SLOW_QUERY_MS;
  if (threshold === undefined) return undefined;
  return (event) => {
    if (event.queryDurationMillis < threshold) return;
    const text = event.query.sql.replace(/\s+/g, " ");
    // A driver's error message may quote a value ("invalid input syntax for type …: "…""): only its code.
    const outcome = event.level === "error" ? ` failed: ${errorCode(event.error)}` : "";
    getLog().info({ component: "db", ms: Number(event.queryDurationMillis.toFixed(2)) }, `${text}${outcome}`);
  };
}

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const { code, name } = error as { code?: unknown; name?: unknown };
    if (typeof code === "string" && code !== "") return code;
    if (typeof name === "string" && name !== "") return name;
  }
  return "error";
}

/** Whether a write failed on a unique key (SQLite's constraint code or PostgreSQL's 23505): someone was first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
