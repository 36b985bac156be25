import type { Db } from "../db/kysely.server";
import { getLive } from "./live.server";
import { PRESENCE_GRACE_MS, PRESENCE_LIFETIME_MS, type TransferActivityEvent } from "./presence.server";
import type { Viewer } from "../domain/transfers/facts.server";
import { getLog } from "../platform/log.server";

/** Activity events live 180 s plus 30 s grace after their last update (spec 01 §9, 02 §4 "Presence"). */
export const ACTIVITY_LIFETIME_MS = PRESENCE_LIFETIME_MS + PRESENCE_GRACE_MS;

export interface Watcher {
  userId: string;
  firstName: string;
  lastName: string;
  updatedAt: string;
}

// Both functions go through the live channel's presence store (the transfer_activity table, or Redis
// with REDIS_URL), so that server-rendered pages and live clients see the same co-workers. The `db`
// parameter stays for the callers' sake: the store is bound to the process's database. Presence is a
// courtesy: when its store is unreachable (Redis down) pages are still served, without it.

/**
 * Co-workers who watched these transfers within the lifetime: users of the viewer's own organisation, not
 * the viewer, most recent first. Server-rendered, so lists show presence without JavaScript.
 */
export async function recentWatchers(
  _db: Db,
  viewer: Viewer,
  transferIds: readonly string[],
  now: Date,
): Promise<Record<string, Watcher[]>> {
  const out: Record<string, Watcher[]> = {};
  if (transferIds.length === 0) return out;
  const since = new Date(now.getTime() - ACTIVITY_LIFETIME_MS).toISOString();
  let byTransfer: Map<string, TransferActivityEvent[]>;
  try {
    byTransfer = await getLive().presence.watchersOf(viewer.tenantId, transferIds);
  } catch (error) {
    getLog().warn({ err: error }, "presence could not be read; the page shows no co-workers");
    return out;
  }
  for (const [transferId, events] of byTransfer) {
    const watchers = events
      .filter((event) => event.userId !== viewer.id && event.updatedAt >= since)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map(({ userId, firstName, lastName, updatedAt }) => ({ userId, firstName, lastName, updatedAt }));
    if (watchers.length > 0) out[transferId] = watchers;
  }
  return out;
}

/**
 * A user viewed or announced watching a transfer (a page load counts): refreshes their activity event and
 * tells the tenant's activity group (transferActivityEventUpdated). The caller has checked the scope.
 * The presence store keeps its own clock, so `now` is not used.
 */
export async function recordWatching(
  _db: Db,
  input: { transferId: string; userId: string; tenantId: string; firstName: string; lastName: string },
  _now: Date,
): Promise<void> {
  const { transferId, ...principal } = input;
  try {
    await getLive().methods.watchTransfer(principal, transferId);
  } catch (error) {
    getLog().warn({ err: error }, "presence could not be recorded; the page is served without it");
  }
}
