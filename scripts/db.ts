// npm run db:migrate | db:seed | db:reset — honours DATABASE_URL and DATA_DIR like the server.
import path from "node:path";
import { sql } from "kysely";
import { getDbHandle } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/demo/seed.server";
import { getEnv } from "~/server/platform/env.server";

const command = process.argv[2];
const { db, kind, destroy } = getDbHandle();
console.log(`[db] ${kind} ${kind === "sqlite" ? getEnv().databaseUrl : "(DATABASE_URL)"}`);

try {
  if (command === "reset") {
    if (kind === "postgres") {
      await sql`DROP SCHEMA public CASCADE`.execute(db);
      await sql`CREATE SCHEMA public`.execute(db);
    } else {
      const tables = await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
      await sql`PRAGMA foreign_keys = OFF`.execute(db);
      for (const { name } of tables.rows) await sql`DROP TABLE ${sql.id(name)}`.execute(db);
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
  }
  if (command === "migrate" || command === "reset" || command === "seed") {
    const applied = await migrateToLatest(db);
    console.log(`[db] migrations applied: ${applied.length ? applied.join(", ") : "none (up to date)"}`);
  }
  if (command === "seed" || command === "reset") {
    await seed(db, { filesDir: path.join(getEnv().dataDir, "files") });
    console.log("[db] demo data seeded");
  }
  if (!["migrate", "seed", "reset"].includes(command ?? "")) {
    console.error("usage: tsx scripts/db.ts migrate|seed|reset");
    process.exitCode = 2;
  }
} finally {
  await destroy();
}
