import type { ListKind } from "~/lib/transfer-lists";
import { StoredQuerySchema } from "~/schemas/transfer-lists";
import type { Db } from "../../../db/kysely.server";
import { listQueryFromSearchParams, type ListQuery } from "./query.server";

/**
 * Saved search criteria (spec 01 §3 search state, "kept per tab and per user"): a list query stored per user
 * and key in saved_searches, and read back cleaned like URL parameters.
 */

export const SEARCH_STATE_KEYS = {
  active: "transfers:active",
  propertyManager: "transfers:propertyManager",
  board: "transfers:board",
  completed: "completedTransfers",
} as const satisfies Partial<Record<ListKind, string>>;

export async function saveSearchState(db: Db, userId: string, key: string, q: ListQuery): Promise<void> {
  const state = JSON.stringify(q);
  // Most page views repeat the stored criteria (paging, returning to the list): a read is cheaper than a
  // write transaction, and leaves updated_at as the time the criteria last changed.
  const stored = await db
    .selectFrom("saved_searches")
    .select("state")
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (stored?.state === state) return;
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("saved_searches")
    .values({ user_id: userId, key, state, updated_at: updatedAt })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doUpdateSet({ state, updated_at: updatedAt }))
    .execute();
}

/**
 * The stored criteria, cleaned like URL parameters (a filter that no longer exists is dropped), or null when
 * nothing usable is stored.
 */
export async function loadSearchState(db: Db, userId: string, key: string): Promise<ListQuery | null> {
  const row = await db
    .selectFrom("saved_searches")
    .select("state")
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  let parsed;
  try {
    parsed = StoredQuerySchema.safeParse(JSON.parse(row.state));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const stored = parsed.data;
  const params = new URLSearchParams();
  params.set("page", Number.isInteger(stored.page) ? String(stored.page) : "1");
  for (const filter of stored.filters) params.append("filter", filter);
  for (const toggle of stored.toggles) params.append("toggle", toggle);
  params.set("q", stored.search);
  params.set("sort", stored.order.by);
  params.set("dir", stored.order.direction);
  return listQueryFromSearchParams(stored.kind, params);
}
