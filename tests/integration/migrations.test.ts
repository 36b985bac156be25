import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/server/db/migrate.server";
import { isSeeded, seed } from "~/server/demo/seed.server";
import { getTenantOrDefault, listTenants } from "~/server/domain/tenants.server";
import type { DbHandle } from "~/server/db/kysely.server";
import * as frozen from "~/server/db/migrations/enums.server";
import * as vocabulary from "~/lib/transfer";
import { IDENTIFIER_TYPES } from "~/lib/identifier";
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

describe("migration value lists", () => {
  it("equal the vocabulary of app/lib/transfer.ts until a migration changes them", () => {
    expect(frozen.TRANSFER_STATUSES).toEqual(vocabulary.TRANSFER_STATUSES);
    expect(frozen.TRANSFER_TYPES).toEqual(vocabulary.TRANSFER_TYPES);
    expect(frozen.INITIATOR_ROLES).toEqual(vocabulary.INITIATOR_ROLES);
    expect(frozen.PARTY_KINDS).toEqual(vocabulary.PARTY_KINDS);
    expect(frozen.IDENTIFIER_TYPES_FOR_DB).toEqual(IDENTIFIER_TYPES);
    expect(frozen.DOCUMENT_CATEGORIES).toEqual(vocabulary.DOCUMENT_CATEGORIES);
    expect(frozen.DOCUMENT_STATUSES).toEqual(vocabulary.DOCUMENT_STATUSES);
    expect(frozen.DOCUMENT_TYPES).toEqual(vocabulary.DOCUMENT_TYPES);
    expect(frozen.CHECK_RESULTS).toEqual(vocabulary.CHECK_RESULTS);
    expect(frozen.SUPPLEMENT_STATUSES).toEqual(vocabulary.SUPPLEMENT_STATUSES);
    expect(frozen.ANSWER_STATUSES).toEqual(vocabulary.ANSWER_STATUSES);
    expect(frozen.SUPPLEMENT_PERSON_TYPES).toEqual(vocabulary.SUPPLEMENT_PERSON_TYPES);
    expect(frozen.CHANGE_DECISIONS).toEqual(vocabulary.CHANGE_DECISIONS);
    expect(frozen.CREDIT_CHECK_STATUSES).toEqual(vocabulary.CREDIT_CHECK_STATUSES);
    expect(frozen.MESSAGE_ROLES).toEqual(vocabulary.MESSAGE_ROLES);
    expect(frozen.MEMBERSHIP_DECISIONS).toEqual(vocabulary.MEMBERSHIP_DECISIONS);
    expect(frozen.SIGN_DEVICES).toEqual(vocabulary.SIGN_DEVICES);
    expect(frozen.NOTE_AUDIENCES).toEqual(vocabulary.NOTE_AUDIENCES);
  });
});

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
      expect(await migrateToLatest(pg.handle.db)).toEqual([
        "0001-foundation",
        "0002-users",
        "0003-transfers",
        "0004-lists",
        "0005-sessions",
        "0006-jobs",
        "0007-job-results",
        "0008-document-analyses",
        "0009-mail-outbox",
        "0010-decision",
        "0011-job-trace-context",
      ]);
      await seed(pg.handle.db);
      await exerciseSchema(pg.handle);
    } finally {
      await pg.drop();
    }
  });
});
