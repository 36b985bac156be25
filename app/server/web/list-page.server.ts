import { redirect } from "@remix-run/node";
import type { User } from "../domain/users.server";
import { getDb } from "../db/db.server";
import { viewerFor } from "../domain/transfers/scope.server";
import { SEARCH_MAX_LENGTH, SORT_FIELDS, TOGGLES, type ListKind, type SortField } from "~/lib/transfer-lists";
import {
  listQueryFromSearchParams,
  listQueryToSearchParams,
  statusFiltersFor,
  type ListQuery,
} from "../domain/transfers/lists/query.server";
import { loadSearchState, saveSearchState } from "../domain/transfers/lists/saved-search.server";
import { firstRowOfPage, searchTransfers } from "../domain/transfers/lists/search.server";
import { toListItem } from "../domain/transfers/views.server";
import { recentWatchers } from "../live/activity.server";
import { svT } from "../platform/i18n.server";
import { getLog } from "../platform/log.server";

/** Query parameters that carry list state; a visit without any of them restores the saved search. */
const STATE_PARAMS = ["page", "filter", "toggle", "q", "sort", "dir"];

export interface ListPageOptions {
  kind: Exclude<ListKind, "private">;
  /** Where the list lives, with the parameters that choose the list (tab). */
  basePath: string;
  baseParams: Record<string, string>;
  storageKey: string;
  columns: Array<SortField>;
  withToggles: boolean;
}

function hrefWith(
  basePath: string,
  baseParams: Record<string, string>,
  params: URLSearchParams,
  hash = "",
): string {
  const all = new URLSearchParams(baseParams);
  for (const [k, v] of params) all.append(k, v);
  const qs = all.toString();
  return `${basePath}${qs ? `?${qs}` : ""}${hash}`;
}

/**
 * Loader of a transfer list page (Överlåtelser and Avklarade överlåtelser): the GET form's state from the URL,
 * the saved search when the URL has none, one scoped search for pages 1..n, the filter counts, and the
 * co-workers watching each row.
 */
export async function loadListPage(request: Request, user: User, options: ListPageOptions) {
  const db = getDb();
  const url = new URL(request.url);
  const hasState = STATE_PARAMS.some((p) => url.searchParams.has(p));
  if (!hasState) {
    const saved = await loadSearchState(db, user.id, options.storageKey);
    if (saved) {
      const params = listQueryToSearchParams({ ...saved, page: 1 });
      if ([...params.keys()].length > 0)
        throw redirect(hrefWith(options.basePath, options.baseParams, params));
    }
  }
  const query: ListQuery = listQueryFromSearchParams(options.kind, url.searchParams);
  if (hasState) await saveSearchState(db, user.id, options.storageKey, { ...query, page: 1 });

  const viewer = await viewerFor(db, user);
  const now = new Date();
  const t = svT();
  let failed = false;
  let result: Awaited<ReturnType<typeof searchTransfers>> = {
    rows: [],
    totalResults: 0,
    hasMoreResults: false,
    filterCount: {},
  };
  try {
    result = await searchTransfers(db, viewer, query, { now, cumulative: true });
  } catch (error) {
    getLog().error({ err: error }, "the transfer list could not be read");
    failed = true;
  }
  const watchers = await recentWatchers(
    db,
    viewer,
    result.rows.map((r) => r.id),
    now,
  );
  const rows = result.rows.map((row) => ({
    ...toListItem(row),
    watchers: (watchers[row.id] ?? []).map((w) => ({ firstName: w.firstName, lastName: w.lastName })),
  }));

  const stateWithout = (change: Partial<ListQuery>) => listQueryToSearchParams({ ...query, ...change });
  const sortLinks: Record<string, { href: string; ariaSort: "ascending" | "descending" | "none" }> = {};
  for (const field of options.columns) {
    const current = query.order.by === field;
    const direction =
      current && query.order.direction === "Asc"
        ? "Desc"
        : current
          ? "Asc"
          : field === "Modified"
            ? "Desc"
            : "Asc";
    sortLinks[field] = {
      href: hrefWith(
        options.basePath,
        options.baseParams,
        stateWithout({ page: 1, order: { by: field, direction } }),
      ),
      ariaSort: current ? (query.order.direction === "Asc" ? "ascending" : "descending") : "none",
    };
  }
  const firstNewIndex = firstRowOfPage(query.page, rows.length);

  const data = {
    query: { search: query.search, page: query.page, order: query.order },
    hidden: { ...options.baseParams, sort: query.order.by, dir: query.order.direction },
    filters: statusFiltersFor(options.kind).map((id) => ({
      id,
      label: t(`lists:filters.${id}`),
      count: result.filterCount[id] ?? 0,
      checked: query.filters.includes(id),
    })),
    toggles: options.withToggles
      ? TOGGLES.map((id) => ({
          id,
          label: t(`lists:toggles.${id}`),
          checked: query.toggles.includes(id),
        }))
      : null,
    rows,
    total: result.totalResults,
    hasMore: result.hasMoreResults,
    nextHref: result.hasMoreResults
      ? hrefWith(options.basePath, options.baseParams, stateWithout({ page: query.page + 1 }), "#forsta-nya")
      : null,
    firstNewIndex,
    sortLinks,
    columns: options.columns.filter((c) => (SORT_FIELDS as readonly string[]).includes(c)),
    searchActive: query.search !== "",
    filtersActive: query.filters.length > 0 || query.toggles.length > 0,
    searchMaxLength: SEARCH_MAX_LENGTH,
    failed,
  };
  // A failed search is told on the page itself (role="alert"), the same place a toast would stand.
  return { data, status: failed ? 503 : 200 };
}
