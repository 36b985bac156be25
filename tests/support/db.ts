import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/demo/seed.server";

/** A fresh, migrated and seeded in-memory SQLite database for one test file. */
export async function freshSqlite(): Promise<DbHandle> {
  const handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  await seed(handle.db);
  return handle;
}

/**
 * A throwaway PostgreSQL database when TEST_DATABASE_URL names a reachable server (CI starts one), else null.
 */
export async function freshPostgres(): Promise<{ handle: DbHandle; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  return {
    handle,
    async drop() {
      await handle.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
