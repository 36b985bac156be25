import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { Database } from "../../db/schema.server";
import type { User } from "../users.server";
import { boardAssociationIdsOf, boardAssociationsOf } from "../board.server";
import type { Viewer } from "./facts.server";

/**
 * Who sees which transfers (ARCHITECTURE.md §3 rule 3). Every read of transfers starts from
 * `scopedTransfers`; a transfer outside the scope is answered exactly like a missing one.
 *
 * - A property manager sees the transfers of objects their organisation (tenant) manages.
 * - A board member sees the transfers of associations where the company registry, or the manager's own
 *   rights, list them on the board (who that is: board.server.ts).
 * - A private party (feature private_agreement) sees the private transfers they created.
 * A user can hold several of these at once (a board member who also sells privately); the scopes add up.
 */
export async function viewerFor(db: Db, user: User): Promise<Viewer> {
  const boardAssociationIds = await boardAssociationIdsOf(db, user);
  return {
    id: user.id,
    tenantId: user.tenantId,
    role: user.role,
    features: [...user.features],
    actions: [...user.actions],
    boardAssociationIds,
  };
}

export function isPrivateParty(viewer: Viewer): boolean {
  return viewer.features.includes("private_agreement");
}

/** The where-clause of the scope, for queries that start from `transfers` (aliased or not). */
export function inScope(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, "transfers">) => {
    const ors = [];
    if (viewer.role === "PropertyManager") ors.push(eb("transfers.tenant_id", "=", viewer.tenantId));
    const boards = boardAssociationsOf(viewer);
    if (boards.length > 0) ors.push(eb("transfers.association_id", "in", boards));
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

/** Which of these transfers the viewer may see, in one query (the live channel's re-check of its groups). */
export async function visibleTransferIds(
  db: Db,
  viewer: Viewer,
  transferIds: readonly string[],
): Promise<Set<string>> {
  if (transferIds.length === 0) return new Set();
  const rows = await scopedTransfers(db, viewer)
    .select("transfers.id")
    .where("transfers.id", "in", [...new Set(transferIds)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The scope as a list of units, the same union `inScope` filters by: the managed tenant, each board association,
 * and the viewer's own private transfers. A transfer is in scope exactly when it shares a unit with the viewer
 * (`transferScopeUnits`), which lets the live channel address presence by scope instead of by tenant.
 */
export function scopeUnits(viewer: Viewer): string[] {
  const units: string[] = [];
  if (viewer.role === "PropertyManager") units.push(`tenant:${viewer.tenantId}`);
  units.push(...boardAssociationsOf(viewer).map((id) => `association:${id}`));
  if (isPrivateParty(viewer)) units.push(`private:${viewer.id}`);
  return units;
}

/** The units of scope a transfer belongs to (see `scopeUnits`); none for a missing or deleted transfer. */
export async function transferScopeUnits(
  db: Db,
  transferIds: readonly string[],
): Promise<Map<string, string[]>> {
  const units = new Map<string, string[]>();
  if (transferIds.length === 0) return units;
  const rows = await db
    .selectFrom("transfers")
    .select(["id", "tenant_id", "association_id", "initiator_role", "created_by_user_id"])
    .where("id", "in", [...new Set(transferIds)])
    .where("deleted_at", "is", null)
    .execute();
  for (const row of rows) {
    const list = [`tenant:${row.tenant_id}`, `association:${row.association_id}`];
    if (row.initiator_role === "PrivateIntermediary" && row.created_by_user_id) {
      list.push(`private:${row.created_by_user_id}`);
    }
    units.set(row.id, list);
  }
  return units;
}

/**
 * The viewer as the private party alone: their own private transfers, none of their boards' (the private pages,
 * /transfers/private/{id}). On their own private transfer a user acts only as the private party (policies).
 */
export function privatePartyViewer(viewer: Viewer): Viewer {
  return { ...viewer, role: "BoardMember", boardAssociationIds: [] };
}

/** Is this transfer one of the viewer's own private transfers (they created it as the private party)? */
export async function isOwnPrivateTransfer(db: Db, viewer: Viewer, transferId: string): Promise<boolean> {
  if (!isPrivateParty(viewer)) return false;
  return (await findScopedTransfer(db, privatePartyViewer(viewer), transferId)) !== null;
}
