import type { TransferStatus } from "~/lib/transfer";
import {
  MAX_PAGE,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  TOGGLES,
  type FilterId,
  type KnownFilterId,
  type ListKind,
  type SortDirection,
  type SortField,
  type Toggle,
} from "~/lib/transfer-lists";

/**
 * A list query (kind, page, status filters, toggles, search, order): the status filters and toggles each kind
 * offers, the defaults, and a query to and from a page's URL parameters. The vocabulary itself (kinds, sort
 * fields, toggles, filter ids, limits) is in app/lib/transfer-lists.ts.
 */

export type FlagName = "actionIsNeeded" | "notFinalized" | "entryDateAhead";

interface StatusFilter {
  statuses?: readonly TransferStatus[];
  flag?: FlagName;
}

/** What each status filter means; the table of conditions.server.ts says the same in words. */
export const FILTERS: Record<KnownFilterId, StatusFilter> = {
  OngoingApplications: {
    statuses: ["Initiating", "Initiated", "Draft", "DraftTransfer", "OngoingApplications", "ApplicationSent"],
  },
  TransferReviewInProgress: { statuses: ["TransferReviewInProgress", "AwaitingInfoRequestAnswer"] },
  MembershipReviewInProgress: { statuses: ["MembershipReviewInProgress", "MembershipDecisionPending"] },
  WhereActionIsNeeded: { flag: "actionIsNeeded" },
  ApprovedApplications: { statuses: ["MembershipApproved"] },
  RejectedApplications: { statuses: ["MembershipRejected"] },
  EntryDateAhead: { flag: "entryDateAhead" },
  NotFinalized: { flag: "notFinalized" },
};

export const KIND_FILTERS: Record<ListKind, readonly KnownFilterId[]> = {
  active: ["OngoingApplications", "TransferReviewInProgress", "MembershipReviewInProgress"],
  propertyManager: [
    "OngoingApplications",
    "TransferReviewInProgress",
    "MembershipReviewInProgress",
    "WhereActionIsNeeded",
  ],
  board: [
    "MembershipReviewInProgress",
    "WhereActionIsNeeded",
    "ApprovedApplications",
    "RejectedApplications",
  ],
  completed: ["ApprovedApplications", "RejectedApplications", "EntryDateAhead", "NotFinalized"],
  private: [],
};

export function statusFiltersFor(kind: ListKind): readonly FilterId[] {
  return KIND_FILTERS[kind];
}

export function togglesFor(kind: ListKind): readonly Toggle[] {
  return kind === "active" || kind === "propertyManager" ? TOGGLES : [];
}

export interface ListQuery {
  kind: ListKind;
  page: number;
  filters: FilterId[];
  toggles: Toggle[];
  search: string;
  order: { by: SortField; direction: SortDirection };
}

export function defaultListQuery(kind: ListKind): ListQuery {
  return {
    kind,
    page: 1,
    filters: [],
    toggles: [],
    search: "",
    order: { by: "Modified", direction: "Desc" },
  };
}

export function clampPage(page: number): number {
  return Math.min(MAX_PAGE, Math.max(1, page));
}

/** Only the kind's own filters and toggles, each once, in the kind's order. */
export function keepKnown<T extends string>(allowed: readonly T[], values: readonly string[]): T[] {
  return allowed.filter((value) => values.includes(value));
}

/** The status filters of the query that its kind has. */
export function selectedFilters(q: ListQuery): KnownFilterId[] {
  return keepKnown(KIND_FILTERS[q.kind], q.filters);
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  if (value === null) return null;
  const found = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  return found ?? null;
}

/**
 * The list query of a page's URL (GET form without JavaScript). Anything unknown or invalid falls back to
 * its default; this never throws, so a hand-edited URL still shows a list.
 */
export function listQueryFromSearchParams(kind: ListKind, params: URLSearchParams): ListQuery {
  const query = defaultListQuery(kind);
  const page = params.get("page")?.trim() ?? "";
  if (/^\d{1,9}$/.test(page)) query.page = clampPage(Number(page));
  else if (/^\d+$/.test(page)) query.page = MAX_PAGE;
  query.filters = keepKnown(KIND_FILTERS[kind], params.getAll("filter"));
  query.toggles = keepKnown(togglesFor(kind), params.getAll("toggle"));
  query.search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH).trim();
  query.order.by = oneOf(SORT_FIELDS, params.get("sort")) ?? "Modified";
  query.order.direction = oneOf(SORT_DIRECTIONS, params.get("dir")) ?? "Desc";
  return query;
}

/** The URL parameters of a query, leaving out defaults, for links and the "Hämta fler" link. */
export function listQueryToSearchParams(q: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.page !== 1) params.set("page", String(q.page));
  for (const filter of q.filters) params.append("filter", filter);
  for (const toggle of q.toggles) params.append("toggle", toggle);
  if (q.search !== "") params.set("q", q.search);
  if (q.order.by !== "Modified") params.set("sort", q.order.by);
  if (q.order.direction !== "Desc") params.set("dir", q.order.direction);
  return params;
}
