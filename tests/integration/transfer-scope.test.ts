import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/kysely.server";
import {
  findScopedTransfer,
  scopeUnits,
  scopedTransfers,
  transferScopeUnits,
} from "~/server/domain/transfers/scope.server";
import { getTransferForReview } from "~/server/domain/review/views.server";
import { listDocuments } from "~/server/domain/documents/views.server";
import { listMessages } from "~/server/domain/messages/views.server";
import { listNotes } from "~/server/domain/notes/views.server";
import { markSaleStopped } from "~/server/domain/transfers/actions.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { svT } from "~/server/platform/i18n.server";
import { freshSqlite } from "../support/db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * Scoping (ARCHITECTURE.md §3 rule 3) with two manager tenants, two associations and users of every role:
 * every user sees exactly the transfers the rule gives, and anything else looks exactly like a missing id.
 */

let handle: DbHandle;

const TRANSFERS = ["s-a1", "s-a2", "s-b1", "s-private-elin", "s-private-karin", "s-a-deleted"] as const;

/** Who sees what, written out by hand from the rule. */
const EXPECTED: Record<string, string[]> = {
  "user-maria": ["s-a1", "s-a2", "s-private-elin"], // manager of stadsbo, which manages association A
  "user-johan": ["s-a1", "s-a2", "s-private-elin"], // same tenant, by proxy
  "user-anders": ["s-b1", "s-private-karin"], // manager of nordhem, association B
  "user-erik": ["s-a1", "s-a2", "s-private-elin"], // board of A
  "user-karin": ["s-a1", "s-a2", "s-private-elin", "s-private-karin"], // board of A + her own private transfer in B
  "user-fatima": ["s-b1", "s-private-karin"], // board of B
  "user-elin": ["s-private-elin"], // private party only
  "user-goran": [], // left the board: no rights
};

beforeAll(async () => {
  handle = await freshSqlite();
  const { db } = handle;
  await buildWorld(db);
  await insertTransfer(db, { id: "s-a1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "s-a2", objectId: WORLD.objectA2, status: "MembershipReviewInProgress" });
  await insertTransfer(db, { id: "s-b1", objectId: WORLD.objectB });
  await insertTransfer(db, {
    id: "s-private-elin",
    objectId: WORLD.objectA,
    initiator_role: "PrivateIntermediary",
    status: "DraftTransfer",
    created_by_user_id: "user-elin",
  });
  await insertTransfer(db, {
    id: "s-private-karin",
    objectId: WORLD.objectB,
    initiator_role: "PrivateIntermediary",
    status: "DraftTransfer",
    created_by_user_id: "user-karin",
  });
  await insertTransfer(db, {
    id: "s-a-deleted",
    objectId: WORLD.objectA,
    deleted_at: "2026-10-02T00:00:00.000Z",
  });
  for (const id of TRANSFERS) {
    await db
      .insertInto("notes")
      .values([
        {
          id: `${id}-pm-note`,
          transfer_id: id,
          audience: "PropertyManager",
          body: "Förvaltarens anteckning",
          created_by_user_id: "user-maria",
          created_by_name: "Maria Ek",
          created_at: "2026-10-02T09:00:00.000Z",
        },
        {
          id: `${id}-board-note`,
          transfer_id: id,
          audience: "BoardMember",
          body: "Styrelsens anteckning",
          created_by_user_id: "user-erik",
          created_by_name: "Erik Johansson",
          created_at: "2026-10-02T09:00:00.000Z",
        },
      ])
      .execute();
  }
});

afterAll(async () => {
  await handle.destroy();
});

describe("scoping", () => {
  // The live channel addresses presence by these units (decision 012): they must give the same table.
  for (const [userId, expected] of Object.entries(EXPECTED)) {
    it(`${userId}'s units of scope reach exactly the same transfers`, async () => {
      const { viewer } = await actorFor(handle.db, userId);
      const mine = scopeUnits(viewer);
      const units = await transferScopeUnits(handle.db, TRANSFERS);
      const reached = TRANSFERS.filter((id) => (units.get(id) ?? []).some((u) => mine.includes(u)));
      expect(reached.sort()).toEqual([...expected].sort());
    });
  }

  for (const [userId, expected] of Object.entries(EXPECTED)) {
    it(`${userId} sees exactly ${expected.length === 0 ? "nothing" : expected.join(", ")}`, async () => {
      const { viewer } = await actorFor(handle.db, userId);
      const visible = await scopedTransfers(handle.db, viewer)
        .select("transfers.id")
        .where("transfers.id", "in", [...TRANSFERS])
        .orderBy("transfers.id")
        .execute();
      expect(visible.map((r) => r.id)).toEqual([...expected].sort());
      for (const id of TRANSFERS) {
        const found = await findScopedTransfer(handle.db, viewer, id);
        expect(found?.id ?? null).toBe(expected.includes(id) ? id : null);
      }
    });
  }

  it("never returns a row outside the rule, whatever else the database holds", async () => {
    for (const userId of Object.keys(EXPECTED)) {
      const { viewer } = await actorFor(handle.db, userId);
      const rows = await scopedTransfers(handle.db, viewer)
        .select([
          "transfers.id",
          "transfers.tenant_id",
          "transfers.association_id",
          "transfers.created_by_user_id",
          "transfers.initiator_role",
          "transfers.deleted_at",
        ])
        .execute();
      for (const row of rows) {
        const allowed =
          (viewer.role === "PropertyManager" && row.tenant_id === viewer.tenantId) ||
          viewer.boardAssociationIds.includes(row.association_id) ||
          (viewer.features.includes("private_agreement") &&
            row.created_by_user_id === viewer.id &&
            row.initiator_role === "PrivateIntermediary");
        expect({ userId, id: row.id, allowed, deleted: row.deleted_at }).toEqual({
          userId,
          id: row.id,
          allowed: true,
          deleted: null,
        });
      }
    }
  });

  it("answers an out-of-scope transfer exactly like a missing one, in views and in use cases", async () => {
    const anders = await actorFor(handle.db, "user-anders");
    const ctx = { db: handle.db, viewer: anders.viewer, now: new Date("2026-11-21T10:00:00Z"), t: svT() };
    expect(await getTransferForReview(ctx, "s-a1")).toBeNull();
    expect(await getTransferForReview(ctx, "no-such-transfer")).toBeNull();
    expect(await listDocuments(ctx, "s-a1")).toBeNull();
    expect(await listMessages(ctx, "s-a1")).toBeNull();
    expect(await listNotes(ctx, "s-a1")).toBeNull();

    const refusal = async (transferId: string) => {
      try {
        await markSaleStopped(buildUseCaseContext(handle.db, anders), { transferId });
        return null;
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return { code: error.code, status: error.status, key: error.messageKey };
      }
    };
    const outOfScope = await refusal("s-a1");
    expect(outOfScope).toEqual({ code: "NotFound", status: 404, key: "errors.transferNotFound" });
    expect(await refusal("no-such-transfer")).toEqual(outOfScope);
    expect(svT()(`domain:${outOfScope?.key}`)).toBe("Överlåtelsen hittades inte");
    const untouched = await handle.db
      .selectFrom("transfers")
      .select("sale_status")
      .where("id", "=", "s-a1")
      .executeTakeFirstOrThrow();
    expect(untouched.sale_status).toBeNull();
  });

  it("shows each side only its own notes panel", async () => {
    const t = svT();
    const now = new Date("2026-11-21T10:00:00Z");
    const maria = await actorFor(handle.db, "user-maria");
    const erik = await actorFor(handle.db, "user-erik");
    const managerNotes = await listNotes({ db: handle.db, viewer: maria.viewer, now, t }, "s-a1");
    const boardNotes = await listNotes({ db: handle.db, viewer: erik.viewer, now, t }, "s-a1");
    expect(managerNotes?.map((n) => n.id)).toEqual(["s-a1-pm-note"]);
    expect(boardNotes?.map((n) => n.id)).toEqual(["s-a1-board-note"]);
  });
});
