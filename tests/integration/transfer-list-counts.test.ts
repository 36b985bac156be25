import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/kysely.server";
import { clearCountCache } from "~/server/domain/transfers/lists/counts.server";
import { defaultListQuery } from "~/server/domain/transfers/lists/query.server";
import { searchTransfers } from "~/server/domain/transfers/lists/search.server";
import { markSaleStopped } from "~/server/domain/transfers/actions.server";
import { freshSqlite } from "../support/db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/** The cached status counts follow every change of the scope's transfers. */
let handle: DbHandle;
const now = new Date("2026-11-21T10:00:00Z");

beforeAll(async () => {
  handle = await freshSqlite();
  await buildWorld(handle.db);
  clearCountCache();
  await insertTransfer(handle.db, {
    id: "c-1",
    objectId: WORLD.objectA,
    modified_at: "2026-11-01T08:00:00.000Z",
  });
  await insertTransfer(handle.db, {
    id: "c-2",
    objectId: WORLD.objectA,
    modified_at: "2026-11-02T08:00:00.000Z",
  });
});

afterAll(async () => {
  await handle.destroy();
});

describe("cached list counts", () => {
  it("are recomputed after a use case changes a transfer and after another writer adds one", async () => {
    const maria = await actorFor(handle.db, "user-maria");
    const stopped = { ...defaultListQuery("active"), toggles: ["SalesStopped" as const] };
    const before = await searchTransfers(handle.db, maria.viewer, stopped, { now });
    expect(before.totalResults).toBe(0);
    // Asked again: the same (cached) answer.
    expect((await searchTransfers(handle.db, maria.viewer, stopped, { now })).totalResults).toBe(0);

    await markSaleStopped(buildUseCaseContext(handle.db, maria, { now }), { transferId: "c-1" });
    const after = await searchTransfers(handle.db, maria.viewer, stopped, { now });
    expect(after.totalResults).toBe(1);
    expect(after.rows.map((r) => r.id)).toEqual(["c-1"]);

    const all = await searchTransfers(handle.db, maria.viewer, defaultListQuery("active"), { now });
    // Another instance inserts a transfer: its modified_at is the scope's newest, so the key changes.
    await insertTransfer(handle.db, {
      id: "c-3",
      objectId: WORLD.objectA,
      modified_at: "2026-11-21T10:00:01.000Z",
    });
    const more = await searchTransfers(handle.db, maria.viewer, defaultListQuery("active"), { now });
    expect(more.totalResults).toBe(all.totalResults + 1);
    expect(more.filterCount.TransferReviewInProgress).toBe(
      (all.filterCount.TransferReviewInProgress ?? 0) + 1,
    );
  });

  it("keep scopes apart: another tenant's counts never come from this one's entry", async () => {
    const maria = await actorFor(handle.db, "user-maria");
    const anders = await actorFor(handle.db, "user-anders");
    const query = defaultListQuery("active");
    const mine = await searchTransfers(handle.db, maria.viewer, query, { now });
    const theirs = await searchTransfers(handle.db, anders.viewer, query, { now });
    expect(mine.totalResults).toBeGreaterThan(0);
    expect(theirs.rows.some((r) => r.tenant_id === "stadsbo")).toBe(false);
    expect(theirs.totalResults).toBe(theirs.rows.length);
  });
});
