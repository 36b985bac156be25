import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/demo/seed.server";
import { copySqliteFile, linkTree, template } from "./templates";

/**
 * A fresh, migrated and seeded SQLite database for one test file (the accounts: tenants, users, offices): a copy
 * of the run's template in a temporary file, removed again by `destroy`; in memory, migrated and seeded here,
 * where no template is built.
 */
export async function freshSqlite(): Promise<DbHandle> {
  const built = await template("sqlite");
  if (!built) {
    const handle = openDatabase(":memory:");
    await migrateToLatest(handle.db);
    await seed(handle.db);
    return handle;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "op-db-"));
  const file = path.join(dir, "app.db");
  copySqliteFile(built.path!, file);
  const handle = openDatabase(`file:${file}`);
  return {
    ...handle,
    async destroy() {
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A SQLite database with the whole demo seed (the transfers too), and the folder of its PDF files: a copy of the
 * run's demo template, as freshSqlite and then seedTransfers into `filesDir` would make it.
 */
export async function freshDemoSqlite(): Promise<{ handle: DbHandle; filesDir: string }> {
  const built = await template("sqlite-demo");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "op-demo-"));
  const filesDir = path.join(dir, "files");
  if (!built) {
    const handle = await freshSqlite();
    await seed(handle.db, { filesDir });
    return { handle, filesDir };
  }
  copySqliteFile(path.join(built.path!, "app.db"), path.join(dir, "app.db"));
  linkTree(path.join(built.path!, "files"), filesDir);
  const handle = openDatabase(`file:${path.join(dir, "app.db")}`);
  return {
    handle: {
      ...handle,
      async destroy() {
        await handle.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    },
    filesDir,
  };
}

type PostgresTemplate = "migrated" | "seeded" | "demo";

/**
 * A throwaway PostgreSQL database when TEST_DATABASE_URL names a reachable server (CI starts one), else null:
 * empty, or a copy of the run's template that is migrated, also seeded with the accounts, or also with the demo
 * transfers (whose PDFs are then linked into `filesDir`).
 */
export async function freshPostgres(
  from?: PostgresTemplate,
  options: { filesDir?: string } = {},
): Promise<{ handle: DbHandle; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const built = from ? await template(`postgres-${from}`) : null;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}${built ? ` TEMPLATE ${built.database}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  if (from && !built) {
    // No builder in this project: as the template would have it.
    await migrateToLatest(handle.db);
    if (from !== "migrated") await seed(handle.db, from === "demo" ? { filesDir: options.filesDir } : {});
  }
  if (from === "demo" && built?.filesDir && options.filesDir) linkTree(built.filesDir, options.filesDir);
  return {
    handle,
    async drop() {
      await handle.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
