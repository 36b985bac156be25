import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { Viewer } from "./facts.server";

/** Activity events live 180 s plus 30 s grace after their last update (spec 01 §9, 02 §4 "Presence"). */
export const ACTIVITY_LIFETIME_MS = 180_000 + 30_000;

export interface Watcher {
  userId: string;
  firstName: string;
  lastName: string;
  updatedAt: string;
}

/**
 * Co-workers who watched these transfers within the lifetime: users of the viewer's own organisation, not
 * the viewer. Read from the stored activity, so lists show presence without JavaScript.
 */
export async function recentWatchers(
  db: Db,
  viewer: Viewer,
  transferIds: readonly string[],
  now: Date,
): Promise<Record<string, Watcher[]>> {
  const out: Record<string, Watcher[]> = {};
  if (transferIds.length === 0) return out;
  const since = new Date(now.getTime() - ACTIVITY_LIFETIME_MS).toISOString();
  const rows = await db
    .selectFrom("transfer_activity")
    .select(["transfer_id", "user_id", "first_name", "last_name", "updated_at"])
    .where("transfer_id", "in", [...transferIds])
    .where("tenant_id", "=", viewer.tenantId)
    .where("user_id", "!=", viewer.id)
    .where("updated_at", ">=", since)
    .orderBy("updated_at", "desc")
    .execute();
  for (const row of rows) {
    (out[row.transfer_id] ??= []).push({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      updatedAt: row.updated_at,
    });
  }
  return out;
}

/** A user viewed or announced watching a transfer: one row per (transfer, user), refreshed in place. */
export async function recordWatching(
  db: Db,
  input: { transferId: string; userId: string; tenantId: string; firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("transfer_activity")
    .values({
      id: crypto.randomUUID(),
      transfer_id: input.transferId,
      user_id: input.userId,
      tenant_id: input.tenantId,
      first_name: input.firstName,
      last_name: input.lastName,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["transfer_id", "user_id"]).doUpdateSet({
        updated_at: at,
        first_name: input.firstName,
        last_name: input.lastName,
      }),
    )
    .execute();
}
