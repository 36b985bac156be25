import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshSqlite } from "../../../tests/support/db";
import type { DbHandle } from "../db/kysely.server";
import { WORLD, buildWorld } from "../../../tests/support/transfers";
import { boardAssociationIdsOf, boardAssociationsOf, isBoardMember, isBoardMemberOf } from "./board.server";

const KARIN = "196803142428";

function row(id: string, associationId: string, source: "registry" | "manager") {
  return {
    id,
    personal_number: KARIN,
    association_id: associationId,
    role: "Member" as const,
    source,
    refreshed_at: "2026-01-01T00:00:00.000Z",
  };
}

describe("board membership, the one rule", () => {
  it("is a board member by role BoardMember or by the feature board_member", () => {
    expect(isBoardMember({ role: "BoardMember", features: [] })).toBe(true);
    expect(isBoardMember({ role: "PropertyManager", features: ["board_member"] })).toBe(true);
    expect(isBoardMember({ role: "PropertyManager", features: ["private_agreement"] })).toBe(false);
  });

  it("acts for an association's board only as a board member listed on it", () => {
    const board = { role: "BoardMember", features: [], boardAssociationIds: ["a-1", "a-2"] };
    expect(isBoardMemberOf(board, "a-1")).toBe(true);
    expect(isBoardMemberOf(board, "a-3")).toBe(false);
    // A list left on a viewer who is not a board member counts for nothing.
    const manager = { role: "PropertyManager", features: [], boardAssociationIds: ["a-1"] };
    expect(boardAssociationsOf(manager)).toEqual([]);
    expect(isBoardMemberOf(manager, "a-1")).toBe(false);
  });

  describe("the associations of a board member, from the engagements", () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await freshSqlite();
      await buildWorld(handle.db);
      // Karin also sits on B, and the manager's own rights list her on A a second time.
      await handle.db
        .insertInto("board_engagements")
        .values([
          row("be-karin-b", WORLD.associationB.id, "registry"),
          row("be-karin-a-manager", WORLD.associationA.id, "manager"),
        ])
        .execute();
    });
    afterAll(() => handle.destroy());

    it("lists each current board once and nothing for someone who is not a board member", async () => {
      const karin = { role: "BoardMember", features: ["board_member"], personalNumber: KARIN };
      expect((await boardAssociationIdsOf(handle.db, karin)).sort()).toEqual([
        WORLD.associationA.id,
        WORLD.associationB.id,
      ]);
      expect(
        await boardAssociationIdsOf(handle.db, { ...karin, role: "PropertyManager", features: [] }),
      ).toEqual([]);
    });
  });
});
