import type { Db } from "../db/kysely.server";

/**
 * Board membership (spec 01 §3, ARCHITECTURE.md §3 rule 3): the one place that says who is a board member
 * and of which associations. The route guards, the transfer scope, the policies and the header all ask here.
 *
 * - A user is a board member when their role is BoardMember or they hold the feature board_member.
 * - A board member sits on the boards of the associations where the company registry, or the manager's own
 *   rights, list their personal number (`board_engagements`).
 * - A board member of an association is both: a board member, and that association is one of theirs.
 */

/** What the rule reads of a user or a viewer. */
export interface BoardCandidate {
  role: string;
  features: readonly string[];
}

/** Is this user a board member (of any association)? */
export function isBoardMember(user: BoardCandidate): boolean {
  return user.role === "BoardMember" || user.features.includes("board_member");
}

/** The associations whose board lists the user; none for a user who is not a board member. */
export async function boardAssociationIdsOf(
  db: Db,
  user: BoardCandidate & { personalNumber: string },
): Promise<string[]> {
  if (!isBoardMember(user)) return [];
  const rows = await db
    .selectFrom("board_engagements")
    .select("association_id")
    .distinct()
    .where("personal_number", "=", user.personalNumber)
    .execute();
  return rows.map((row) => row.association_id);
}

/** The associations a viewer acts for as a board member: their boards when they are one, else none. */
export function boardAssociationsOf(
  viewer: BoardCandidate & { boardAssociationIds: readonly string[] },
): readonly string[] {
  return isBoardMember(viewer) ? viewer.boardAssociationIds : [];
}

/** Is this viewer a board member of this association? */
export function isBoardMemberOf(
  viewer: BoardCandidate & { boardAssociationIds: readonly string[] },
  associationId: string,
): boolean {
  return boardAssociationsOf(viewer).includes(associationId);
}
