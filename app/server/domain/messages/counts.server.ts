import { sql } from "kysely";
import type { Db } from "../../db/kysely.server";
import { isBoardMember } from "../board.server";
import type { LivePublisher } from "../core/events.server";
import type { Viewer } from "../transfers/facts.server";
import { noteTransfersChanged } from "../transfers/lists/counts.server";
import { hasMessageWorklist, unresolvedCount } from "./worklist.server";

/**
 * The counts a message changes: the transfer's denormalised `number_of_messages` and `unresolved_messages` (shown
 * in the lists), recounted inside the change's transaction, and afterwards each affected user's unhandled count,
 * sent live (`messagesCountChanged`).
 */

/** Recounts a transfer's denormalised message columns from its rows (inside the change's transaction). */
export async function recount(trx: Db, transferId: string): Promise<void> {
  const row = await trx
    .selectFrom("messages")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.sum<number | string | null>(sql`case when resolved = 0 then 1 else 0 end`).as("open"),
    ])
    .where("transfer_id", "=", transferId)
    .where("parent_id", "is", null)
    .executeTakeFirst();
  await trx
    .updateTable("transfers")
    .set({ number_of_messages: Number(row?.total ?? 0), unresolved_messages: Number(row?.open ?? 0) })
    .where("id", "=", transferId)
    .execute();
}

/**
 * The users whose unhandled count a change on this transfer can move: the active property managers of its tenant
 * and the active board members of its association.
 */
async function counterHolders(db: Db, transferId: string): Promise<Viewer[]> {
  const transfer = await db
    .selectFrom("transfers")
    .select(["tenant_id", "association_id"])
    .where("id", "=", transferId)
    .executeTakeFirst();
  if (!transfer) return [];
  const users = await db
    .selectFrom("users")
    .select(["id", "tenant_id", "role", "features", "actions", "personal_number"])
    .where("status", "=", "Active")
    .where((eb) =>
      eb.or([
        eb.and([eb("tenant_id", "=", transfer.tenant_id), eb("role", "=", "PropertyManager")]),
        eb(
          "personal_number",
          "in",
          eb
            .selectFrom("board_engagements")
            .select("personal_number")
            .where("association_id", "=", transfer.association_id),
        ),
      ]),
    )
    .execute();
  const viewers: Viewer[] = [];
  for (const u of users) {
    const features = JSON.parse(u.features) as string[];
    const candidate = { role: u.role, features };
    const boards = isBoardMember(candidate)
      ? (
          await db
            .selectFrom("board_engagements")
            .select("association_id")
            .distinct()
            .where("personal_number", "=", u.personal_number)
            .execute()
        ).map((r) => r.association_id)
      : [];
    viewers.push({
      id: u.id,
      tenantId: u.tenant_id,
      role: u.role as Viewer["role"],
      features,
      actions: JSON.parse(u.actions) as string[],
      boardAssociationIds: boards,
    });
  }
  return viewers.filter(hasMessageWorklist);
}

/** Live `messagesCountChanged {unresolved}` to each user whose count this transfer's change may have moved. */
export async function publishCounts(
  db: Db,
  live: LivePublisher | undefined,
  transferId: string,
): Promise<void> {
  noteTransfersChanged();
  if (!live) return;
  for (const viewer of await counterHolders(db, transferId)) {
    await live.publishToUser(viewer.id, "messagesCountChanged", {
      unresolved: await unresolvedCount(db, viewer),
    });
  }
}
