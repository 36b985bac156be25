// npm run seed:bulk -- --transfers 100000 [--seed 1] [--tenants stadsbo,nordhem] [--database-url file:/tmp/x.db]
// Migrates, seeds the demo data when the database is empty, then adds bulk transfers for benchmarks.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase, sqliteFile } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { generateBulk } from "./bulk/generate";
import { isSeeded, seed } from "~/server/demo/seed.server";
import { getEnv } from "~/server/platform/env.server";

const USAGE =
  "usage: tsx scripts/seed-bulk.ts [--transfers N] [--seed S] [--tenants id,id] [--database-url URL]";

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ""));
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got ${value}\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      transfers: { type: "string" },
      seed: { type: "string" },
      tenants: { type: "string" },
      "database-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const transfers = integer("transfers", args.transfers, 100_000);
const seedValue = integer("seed", args.seed, 1);
const tenants = args.tenants
  ?.split(",")
  .map((t) => t.trim())
  .filter(Boolean);
// Only without an explicit URL does the app's own resolution (DATABASE_URL, else DATA_DIR/app.db) apply.
const databaseUrl = args["database-url"] ?? getEnv().databaseUrl;

const handle = openDatabase(databaseUrl);
const { db, kind } = handle;
console.log(`[seed:bulk] ${kind} ${kind === "sqlite" ? sqliteFile(databaseUrl) : "(PostgreSQL)"}`);

try {
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`[seed:bulk] migrations applied: ${applied.join(", ")}`);
  if (!(await isSeeded(db))) {
    await seed(db, { filesDir: path.join(getEnv().dataDir, "files") });
    console.log("[seed:bulk] demo data seeded");
  }

  let lastReport = 0;
  const result = await generateBulk(handle, {
    transfers,
    seed: seedValue,
    tenants,
    onProgress(done) {
      if (done - lastReport >= 10_000 || done === transfers) {
        lastReport = done;
        const line = `[seed:bulk] ${done.toLocaleString("sv-SE")} / ${transfers.toLocaleString("sv-SE")}`;
        process.stdout.write(process.stdout.isTTY ? `\r${line}` : `${line}\n`);
      }
    },
  });
  if (transfers > 0 && process.stdout.isTTY) process.stdout.write("\n");

  const seconds = result.ms / 1000;
  const rows = result.transfers + result.parties + result.objects + result.associations;
  console.log(
    `[seed:bulk] ${result.transfers} transfers, ${result.parties} parties, ${result.objects} objects, ` +
      `${result.associations} new associations`,
  );
  console.log(
    `[seed:bulk] ${seconds.toFixed(1)} s, ${Math.round(result.transfers / Math.max(seconds, 0.001))} transfers/s, ` +
      `${Math.round(rows / Math.max(seconds, 0.001))} rows/s (all tables)`,
  );
  if (kind === "sqlite") {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const file = sqliteFile(databaseUrl);
    if (file !== ":memory:") {
      const mb = fs.statSync(file).size / 1024 / 1024;
      console.log(`[seed:bulk] database file ${file}: ${mb.toFixed(1)} MB`);
    }
  }
} finally {
  await handle.destroy();
}
