import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/demo/seed.server";
import { createJobRunner } from "../runner.server";
import { PERIODIC, enqueueSlot } from "../schedule.server";
import { REFRESH_EXPIRY, refreshExpiry } from "./periodic.server";

let handle: DbHandle;
// The whole demo seed (transfers included), so that the rule is checked against every demo transfer.
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-expiry-"));
beforeAll(async () => {
  handle = openDatabase(":memory:");
  await migrateToLatest(handle.db);
  await seed(handle.db, { filesDir });
  expect(
    Number(
      (
        await handle.db
          .selectFrom("transfers")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  ).toBeGreaterThan(40);
});
afterAll(async () => {
  await handle.destroy();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function flag(id: string): Promise<number> {
  const row = await handle.db
    .selectFrom("transfers")
    .select("expired")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return Number(row.expired);
}

describe("the expired flag", () => {
  it("the demo seed already agrees with the rule", async () => {
    expect(await refreshExpiry(handle.db, new Date())).toBe(0);
  });

  it("turns on the day after the entry date unless there is a final decision, and back off when it moves", async () => {
    const row = await handle.db
      .selectFrom("transfers")
      .select(["id"])
      .where("status", "=", "TransferReviewInProgress")
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable("transfers")
      .set({ entry_date: "2026-11-24", expired: 0 })
      .where("id", "=", row.id)
      .execute();
    expect(await refreshExpiry(handle.db, new Date("2026-11-24T22:59:00Z"))).toBe(0); // 23:59 in Stockholm
    expect(await flag(row.id)).toBe(0);
    expect(await refreshExpiry(handle.db, new Date("2026-11-24T23:00:00Z"))).toBe(1); // midnight in Stockholm
    expect(await flag(row.id)).toBe(1);
    expect(await refreshExpiry(handle.db, new Date("2026-11-25T12:00:00Z"))).toBe(0); // idempotent
    await handle.db.updateTable("transfers").set({ status: "Aborted" }).where("id", "=", row.id).execute();
    expect(await refreshExpiry(handle.db, new Date("2026-11-25T12:00:00Z"))).toBe(1);
    expect(await flag(row.id)).toBe(0);
  });
});

describe("periodic slots", () => {
  it("a slot is enqueued once however many instances fire, and runs", async () => {
    const daily = PERIODIC.find((p) => p.type === REFRESH_EXPIRY)!;
    const at = new Date("2026-11-24T23:05:00Z");
    expect(await enqueueSlot(handle.db, daily, at)).not.toBeNull();
    expect(await enqueueSlot(handle.db, daily, at)).toBeNull();
    expect(await enqueueSlot(handle.db, daily, new Date("2026-11-25T10:00:00Z"))).toBeNull(); // same Stockholm day
    const runner = createJobRunner({ db: handle.db, kind: handle.kind, now: () => at, log: () => undefined });
    expect(await runner.drain()).toBe(1);
  });
});
