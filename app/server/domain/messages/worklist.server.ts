import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { Database } from "../../db/schema.server";
import { perRequest } from "../../platform/request-memo.server";
import type { MessageRole } from "~/lib/transfer";
import { boardAssociationsOf } from "../board.server";
import type { Viewer } from "../transfers/facts.server";
import { isPrivateParty, viewerFor } from "../transfers/scope.server";
import type { User } from "../users.server";

/**
 * The messages a manager or board member has to handle (spec 02 §2.9, §3 "Worklist item"): the worklist, its count
 * for the header envelope, and the where-clause both share, which is the policy's `canResolveMessage` for a query.
 */

/** How many rows the worklist shows at most, newest first (the spec gives no page size). */
export const WORKLIST_LIMIT = 50;

const addressedTo = (eb: ExpressionBuilder<Database, "messages" | "transfers">, role: MessageRole) =>
  eb.or([
    eb("messages.recipient", "=", role),
    eb.and([eb("messages.recipient", "is", null), eb("messages.sent_by_role", "!=", role)]),
  ]);

/**
 * The unhandled messages a viewer may mark handled (the policy's `canResolveMessage` as a where-clause): addressed to
 * their side, or to no one in particular and sent by another side, on a transfer of their tenant (managers) or of
 * their boards (board members); never on their own private transfer, where they are the private party.
 */
export function unhandledFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, "messages" | "transfers">) => {
    const sides = [];
    if (viewer.role === "PropertyManager")
      sides.push(
        eb.and([eb("transfers.tenant_id", "=", viewer.tenantId), addressedTo(eb, "PropertyManager")]),
      );
    const boards = boardAssociationsOf(viewer);
    if (boards.length > 0)
      sides.push(eb.and([eb("transfers.association_id", "in", boards), addressedTo(eb, "BoardMember")]));
    if (sides.length === 0) return sql<boolean>`1 = 0`;
    const conditions = [
      eb("messages.parent_id", "is", null),
      eb("messages.resolved", "=", 0),
      eb("transfers.deleted_at", "is", null),
      eb.or(sides),
    ];
    if (isPrivateParty(viewer)) {
      conditions.push(
        eb.not(
          eb.and([
            eb("transfers.created_by_user_id", "=", viewer.id),
            eb("transfers.initiator_role", "=", "PrivateIntermediary"),
          ]),
        ),
      );
    }
    return eb.and(conditions);
  };
}

/** Whether the viewer has the messages worklist and the header envelope: managers and board members. */
export function hasMessageWorklist(viewer: Viewer): boolean {
  return viewer.role === "PropertyManager" || boardAssociationsOf(viewer).length > 0;
}

/** GET api/core/messages/count: {unresolved}, the number of unhandled messages the viewer may handle. */
export async function unresolvedCount(db: Db, viewer: Viewer): Promise<number> {
  if (!hasMessageWorklist(viewer)) return 0;
  const row = await db
    .selectFrom("messages")
    .innerJoin("transfers", "transfers.id", "messages.transfer_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(unhandledFor(viewer))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The header envelope's number for a signed-in user, or null when they have no messages worklist. Counted once
 * per request: the root loader (the header) and the worklist page (its total) ask for the same number.
 */
export function headerMessageCount(request: Request, db: Db, user: User): Promise<number | null> {
  return perRequest(request, `messages:unresolved:${user.id}`, async () => {
    if (user.status !== "Active") return null;
    const viewer = await viewerFor(db, user);
    return hasMessageWorklist(viewer) ? unresolvedCount(db, viewer) : null;
  });
}

export interface WorklistItem {
  transferId: string;
  messageId: string;
  objectDescription: string;
  message: string;
  latestMessage: string;
}

/** GET api/core/messages/unresolved: the worklist (spec 02 §3 "Worklist item"), latest activity first. */
export async function unresolvedMessages(
  db: Db,
  viewer: Viewer,
  limit = WORKLIST_LIMIT,
): Promise<WorklistItem[]> {
  if (!hasMessageWorklist(viewer)) return [];
  const rows = await db
    .selectFrom("messages")
    .innerJoin("transfers", "transfers.id", "messages.transfer_id")
    .select([
      "messages.id as messageId",
      "messages.transfer_id as transferId",
      "transfers.object_number as objectDescription",
      "messages.body as message",
      "messages.latest_at as latestMessage",
    ])
    .where(unhandledFor(viewer))
    // Only latest_at: a second key would make SQLite sort every open message instead of walking
    // messages_unresolved newest first and stopping at the limit (15-45 ms against 0.6 ms at 10,000).
    .orderBy("messages.latest_at", "desc")
    .limit(limit)
    .execute();
  return rows;
}
