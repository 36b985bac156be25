import type { TransferHook } from "../../core/hooks.server";
import { sql } from "kysely";
import type { TransferStatus } from "~/lib/transfer";
import type { FilterId, KnownFilterId, ListKind } from "~/lib/transfer-lists";
import type { Db } from "../../../db/kysely.server";
import type { Viewer } from "../facts.server";
import { scopedTransfers } from "../scope.server";
import { viewerForKind } from "./access.server";
import { baseConditions, datesFor, flagCondition, type Dates } from "./conditions.server";
import { FILTERS, KIND_FILTERS, type FlagName, type ListQuery } from "./query.server";

/**
 * The counts of a list: one grouped query (status and the flags the kind's filters use) under the search and
 * toggles, the count of each status filter and the total read from its groups, and the cache of those groups.
 */

function flagsOf(kind: ListKind): FlagName[] {
  const flags = new Set<FlagName>();
  for (const id of KIND_FILTERS[kind]) {
    const flag = FILTERS[id].flag;
    if (flag) flags.add(flag);
  }
  return [...flags];
}

const FLAG_ALIAS: Record<FlagName, string> = {
  actionIsNeeded: "g_action_is_needed",
  notFinalized: "g_not_finalized",
  entryDateAhead: "g_entry_date_ahead",
};

/** The grouped query of a list: one row per status and combination of the kind's flags, with its count. */
export function groupsQuery(db: Db, scoped: Viewer, q: ListQuery, d: Dates) {
  const flags = flagsOf(q.kind);
  const groups = scopedTransfers(db, scoped)
    .select((eb) => [
      "transfers.status",
      eb.fn.countAll<number>().as("n"),
      ...flags.map((flag) =>
        eb
          .case()
          .when(flagCondition(eb, flag, d))
          .then(eb.lit(1))
          .else(eb.lit(0))
          .end()
          .as(FLAG_ALIAS[flag]),
      ),
    ])
    .where((eb) => baseConditions(eb, q, d))
    .groupBy(["transfers.status", ...flags.map((flag) => sql.ref(FLAG_ALIAS[flag]))]);
  return { groups, flags };
}

interface GroupRow {
  status: TransferStatus;
  flags: Partial<Record<FlagName, boolean>>;
  count: number;
}

function filterMatches(id: KnownFilterId, group: GroupRow): boolean {
  const filter = FILTERS[id];
  if (filter.statuses && !filter.statuses.includes(group.status)) return false;
  if (filter.flag && !group.flags[filter.flag]) return false;
  return true;
}

/** The count of each of the kind's status filters, and the total under the selected ones (all when none). */
export function countGroups(
  kind: ListKind,
  selected: readonly KnownFilterId[],
  flags: readonly FlagName[],
  groupRows: ReadonlyArray<{ status: string; n: number }>,
): { filterCount: Record<FilterId, number>; totalResults: number } {
  const groups: GroupRow[] = groupRows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    return {
      status: row.status as TransferStatus,
      count: Number(row.n),
      flags: Object.fromEntries(flags.map((flag) => [flag, Number(record[FLAG_ALIAS[flag]]) === 1])),
    };
  });
  const filterCount: Record<FilterId, number> = {};
  for (const id of KIND_FILTERS[kind]) {
    filterCount[id] = groups.filter((g) => filterMatches(id, g)).reduce((sum, g) => sum + g.count, 0);
  }
  const totalResults = groups
    .filter((g) => selected.length === 0 || selected.some((id) => filterMatches(id, g)))
    .reduce((sum, g) => sum + g.count, 0);
  return { filterCount, totalResults };
}

// ---- The cache ----

/**
 * The grouped count reads every index entry of the scope (about 29,000 for a manager at 100,000 transfers), so
 * its result is kept per scope and criteria. The key holds the scope's latest `modified_at` (one step down an
 * index) and today's date: any change to a transfer in the scope, on any instance, touches `modified_at` and so
 * makes a new key; date-bound filters (completed, Expiring) move with the day. Entries are evicted oldest first.
 */
const COUNT_CACHE_MAX = 500;
const countCache = new Map<string, Promise<unknown[]>>();
/**
 * Bumped by this process's own writes (`noteTransfersChanged`), so that a write in the same millisecond as the
 * latest one still invalidates. Another instance's write is seen through `modified_at`; one from an instance
 * whose clock lags behind the latest modification would keep the old counts until the next change.
 */
let generation = 0;

export function noteTransfersChanged(): void {
  generation += 1;
}

/** A changed transfer invalidates this process's cached counts once the change is committed. */
export const listCountsHook: TransferHook = { signal: "transferChanged", committed: noteTransfersChanged };

export async function cachedGroups<T>(
  db: Db,
  viewer: Viewer,
  q: ListQuery,
  now: Date,
  run: () => Promise<T[]>,
): Promise<T[]> {
  const scoped = viewerForKind(viewer, q.kind);
  const latest = await scopedTransfers(db, scoped)
    .select("transfers.modified_at")
    .orderBy("transfers.modified_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const key = JSON.stringify([
    q.kind,
    scoped.role,
    scoped.tenantId,
    scoped.id,
    [...scoped.boardAssociationIds].sort(),
    scoped.features.includes("private_agreement"),
    q.search.trim().toLowerCase(),
    [...q.toggles].sort(),
    datesFor(now).today,
    latest?.modified_at ?? null,
    generation,
  ]);
  const hit = countCache.get(key);
  if (hit) {
    countCache.delete(key);
    countCache.set(key, hit);
    return hit as Promise<T[]>;
  }
  const pending = run();
  countCache.set(key, pending);
  pending.catch(() => countCache.delete(key));
  while (countCache.size > COUNT_CACHE_MAX) {
    const oldest = countCache.keys().next().value;
    if (oldest === undefined) break;
    countCache.delete(oldest);
  }
  return pending;
}

/** Tests and the benchmark start from an empty cache. */
export function clearCountCache(): void {
  countCache.clear();
}
