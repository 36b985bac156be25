import { PAGE_SIZE, type FilterId } from "~/lib/transfer-lists";
import type { Db } from "../../../db/kysely.server";
import type { TransferRow } from "../../../db/schema.server";
import type { Viewer } from "../facts.server";
import { scopedTransfers } from "../scope.server";
import { viewerForKind } from "./access.server";
import {
  SORT_COLUMNS,
  baseConditions,
  datesFor,
  sortExpression,
  statusFilterConditions,
} from "./conditions.server";
import { cachedGroups, countGroups, groupsQuery } from "./counts.server";
import { clampPage, keepKnown, selectedFilters, togglesFor, type ListQuery } from "./query.server";

/**
 * The transfer lists of spec 01 ("Transfer list", "Completed transfers", "My private transfers"): one query
 * for the page of rows and one grouped query for the status-filter counts and the total.
 *
 * Sort: the column of SORT_COLUMNS, then id in the same direction so that pages never overlap.
 * Page size 25 (the spec does not show it); pages 1..10000.
 * Speed: the page's ids are chosen inside scopedTransfers and the 25 rows then read by primary key; the
 * counts come from one grouped query. Both run on the covering index of migration 0004 (see `notForIndex`).
 */

export interface ListResult {
  rows: TransferRow[];
  totalResults: number;
  hasMoreResults: boolean;
  filterCount: Record<FilterId, number>;
}

/**
 * The two queries of a list call: the page of rows and the grouped counts. Exported so that the query-plan
 * test checks exactly what `searchTransfers` runs.
 *
 * The page is found on ids first (`id in (select id … limit …)`) so that the sort and the paging run on the
 * covering index transfers_list_tenant (migration 0004) and only the rows shown are read from the table.
 */
export function listQueries(db: Db, viewer: Viewer, q: ListQuery, opts: { now: Date; cumulative?: boolean }) {
  const scoped = viewerForKind(viewer, q.kind);
  const d = datesFor(opts.now);
  const page = clampPage(Number.isInteger(q.page) ? q.page : 1);
  const limit = opts.cumulative ? page * PAGE_SIZE : PAGE_SIZE;
  const offset = opts.cumulative ? 0 : (page - 1) * PAGE_SIZE;
  const by = q.order.by in SORT_COLUMNS ? q.order.by : "Modified";
  const direction = q.order.direction === "Asc" ? "asc" : "desc";

  const narrowed = q.search.trim() !== "" || keepKnown(togglesFor(q.kind), q.toggles).length > 0;
  const pageIds = scopedTransfers(db, scoped)
    .select("transfers.id")
    .where((eb) => baseConditions(eb, q, d))
    .where((eb) => statusFilterConditions(eb, q, d))
    .orderBy(sortExpression(by, !narrowed), direction)
    .orderBy("transfers.id", direction)
    .limit(limit)
    .offset(offset);
  // The page's rows by the ids the scoped query chose. Repeating the scope here would let a planner without
  // statistics read the whole tenant through transfers_tenant_* instead of 25 rows by primary key.
  const rows = db
    .selectFrom("transfers")
    .selectAll("transfers")
    .where("transfers.id", "in", pageIds)
    .orderBy(sortExpression(by, false), direction)
    .orderBy("transfers.id", direction);

  const { groups, flags } = groupsQuery(db, scoped, q, d);

  return { rows, groups, flags, offset };
}

/**
 * One page of a list (or pages 1..page with `cumulative`, for the "Hämta fler" link without JavaScript),
 * the total under every criterion, and the count of each status filter under the search and toggles.
 */
export async function searchTransfers(
  db: Db,
  viewer: Viewer,
  q: ListQuery,
  opts: { now: Date; cumulative?: boolean },
): Promise<ListResult> {
  const queries = listQueries(db, viewer, q, opts);
  const { flags, offset } = queries;
  const [rows, groupRows] = await Promise.all([
    queries.rows.execute(),
    cachedGroups(db, viewer, q, opts.now, () => queries.groups.execute()),
  ]);

  const { filterCount, totalResults } = countGroups(q.kind, selectedFilters(q), flags, groupRows);

  return { rows, totalResults, hasMoreResults: offset + rows.length < totalResults, filterCount };
}

/**
 * Index of the first row of page `page` among the rows of pages 1..page (the anchor "Hämta fler" jumps to), or
 * null on page 1 or when that page came back empty.
 */
export function firstRowOfPage(page: number, rowsShown: number): number | null {
  const first = (page - 1) * PAGE_SIZE;
  return page > 1 && first < rowsShown ? first : null;
}
