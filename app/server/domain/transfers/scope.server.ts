import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { Database } from "../../db/schema.server";
import type { User } from "../users.server";
import type { Viewer } from "./facts.server";

/**
 * Who sees which transfers (ARCHITECTURE.md §3 rule 3). Every read of transfers starts from
 * `scopedTransfers`; a transfer outside the scope is answered exactly like a missing one.
 *
 * - A property manager sees the transfers of objects their organisation (tenant) manages.
 * - A board member (role BoardMember or feature board_member) sees the transfers of associations where the
 *   company registry, or the manager's own rights, list them on the board.
 * - A private party (feature private_agreement) sees the private transfers they created.
 * A user can hold several of these at once (a board member who also sells privately); the scopes add up.
 */
export async function viewerFor(db: Db, user: User): Promise<Viewer> {
  const isBoard = user.role === "BoardMember" || user.features.includes("board_member");
  const boardAssociationIds = isBoard
    ? (
        await db
          .selectFrom("board_engagements")
          .select("association_id")
          .distinct()
          .where("personal_number", "=", user.personalNumber)
          .execute()
      ).map((row) => row.association_id)
    : [];
  return {
    id: user.id,
    tenantId: user.tenantId,
    role: user.role,
    features: [...user.features],
    actions: [...user.actions],
    boardAssociationIds,
  };
}

export function isBoardViewer(viewer: Viewer): boolean {
  return viewer.role === "BoardMember" || viewer.features.includes("board_member");
}

export function isPrivateParty(viewer: Viewer): boolean {
  return viewer.features.includes("private_agreement");
}

/** The where-clause of the scope, for queries that start from `transfers` (aliased or not). */
export function inScope(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, "transfers">) => {
    const ors = [];
    if (viewer.role === "PropertyManager") ors.push(eb("transfers.tenant_id", "=", viewer.tenantId));
    if (isBoardViewer(viewer) && viewer.boardAssociationIds.length > 0) {
      ors.push(eb("transfers.association_id", "in", viewer.boardAssociationIds));
    }
    if (isPrivateParty(viewer)) {
      ors.push(
        eb.and([
          eb("transfers.created_by_user_id", "=", viewer.id),
          eb("transfers.initiator_role", "=", "PrivateIntermediary"),
        ]),
      );
    }
    // No scope at all matches nothing, never everything.
    if (ors.length === 0) return eb.and([eb("transfers.deleted_at", "is", null), sql<boolean>`1 = 0`]);
    return eb.and([eb("transfers.deleted_at", "is", null), eb.or(ors)]);
  };
}

/** All transfers the viewer may see; add filters, order and paging on top. */
export function scopedTransfers(db: Db, viewer: Viewer): SelectQueryBuilder<Database, "transfers", object> {
  return db.selectFrom("transfers").where(inScope(viewer));
}

/** The transfer row when the viewer may see it, else null (the caller answers "Överlåtelsen hittades inte"). */
export async function findScopedTransfer(db: Db, viewer: Viewer, transferId: string) {
  return (
    (await scopedTransfers(db, viewer)
      .selectAll("transfers")
      .where("transfers.id", "=", transferId)
      .executeTakeFirst()) ?? null
  );
}
