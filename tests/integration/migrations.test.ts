import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/server/db/migrate.server";
import { isSeeded, seed } from "~/server/db/seed/seed.server";
import { getTenantOrDefault, listTenants } from "~/server/domain/tenants.server";
import type { DbHandle } from "~/server/db/kysely.server";
import { freshPostgres, freshSqlite } from "../support/db";

async function exerciseSchema(handle: DbHandle) {
  const { db } = handle;
  // Running again is a no-op: migrations are recorded.
  expect(await migrateToLatest(db)).toEqual([]);
  expect(await isSeeded(db)).toBe(true);
  await seed(db); // idempotent
  const tenants = await listTenants(db);
  expect(tenants.map((t) => t.id)).toContain("default");
  expect(tenants.filter((t) => t.id === "default")).toHaveLength(1);
  expect(tenants.find((t) => t.id === "individuals")?.type).toBe("individuals");
  expect((await getTenantOrDefault(db, "no-such-tenant")).id).toBe("default");
  expect((await getTenantOrDefault(db, "stadsbo")).support_email).toBe("overlatelser@stadsbo.example");
  const providers = await db.selectFrom("management_providers").select("id").orderBy("id").execute();
  expect(providers.map((p) => p.id)).toEqual([
    "fastighetsagarna",
    "mock",
    "riksbyggen",
    "simpleko",
    "unknown",
  ]);
}

describe("migrations", () => {
  it("run and seed on SQLite", async () => {
    const handle = await freshSqlite();
    try {
      await exerciseSchema(handle);
    } finally {
      await handle.destroy();
    }
  });

  it("run and seed on PostgreSQL", async (ctx) => {
    const pg = await freshPostgres();
    if (!pg) {
      console.warn(
        "SKIPPED: PostgreSQL migration test (set TEST_DATABASE_URL to a reachable server; .ci/run does)",
      );
      ctx.skip();
      return;
    }
    try {
      expect(await migrateToLatest(pg.handle.db)).toEqual(["0001-foundation", "0002-users"]);
      await seed(pg.handle.db);
      await exerciseSchema(pg.handle);
    } finally {
      await pg.drop();
    }
  });
});
