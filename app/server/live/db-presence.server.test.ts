// The PresenceStore contract against the in-memory store and the transfer_activity table (SQLite, and
// PostgreSQL when TEST_DATABASE_URL names a reachable server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DbHandle } from "../db/kysely.server";
import { migrateToLatest } from "../db/migrate.server";
import { freshPostgres } from "../../../tests/support/db";
import { createDatabasePresence } from "./db-presence.server";
import { CONTRACT_START, presenceContract } from "./presence.contract";
import { createMemoryPresence } from "./presence.server";

presenceContract("memory", async (now) => {
  const store = createMemoryPresence({ now });
  return { store, other: store };
});

let sqlite: DbHandle;
beforeAll(async () => {
  sqlite = openDatabase(":memory:");
  await migrateToLatest(sqlite.db);
});
afterAll(async () => {
  await sqlite.destroy();
});

presenceContract("database (SQLite)", async (now) => {
  await sqlite.db.deleteFrom("transfer_activity").execute();
  return {
    store: createDatabasePresence(sqlite.db, { now }),
    other: createDatabasePresence(sqlite.db, { now }),
  };
});

const postgres = await freshPostgres("migrated");
if (postgres) {
  afterAll(() => postgres.drop());
  presenceContract("database (PostgreSQL)", async (now) => {
    await postgres.handle.db.deleteFrom("transfer_activity").execute();
    return {
      store: createDatabasePresence(postgres.handle.db, { now }),
      other: createDatabasePresence(postgres.handle.db, { now }),
    };
  });
} else {
  console.log("SKIPPED: database presence on PostgreSQL (TEST_DATABASE_URL not set or not reachable)");
}

describe("database presence", () => {
  it("stores one row per transfer and user, readable by server-rendered pages", async () => {
    await sqlite.db.deleteFrom("transfer_activity").execute();
    const presence = createDatabasePresence(sqlite.db, { now: () => CONTRACT_START });
    const input = { transferId: "t1", userId: "anna", firstName: "Anna", lastName: "Berg" };
    const { event } = await presence.watch("ten", input);
    await presence.watch("ten", input);
    const rows = await sqlite.db.selectFrom("transfer_activity").selectAll().execute();
    expect(rows).toEqual([
      {
        id: event.id,
        transfer_id: "t1",
        user_id: "anna",
        tenant_id: "ten",
        first_name: "Anna",
        last_name: "Berg",
        updated_at: new Date(CONTRACT_START).toISOString(),
      },
    ]);
  });
});
