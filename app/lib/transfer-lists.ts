/**
 * The vocabulary of the transfer lists (spec 01 "Transfer list", "Completed transfers", "My private
 * transfers"): the lists, the sort fields, the toggles, the status-filter ids and the limits of a query.
 * Shared by the server (app/server/domain/transfers/lists/) and the request schemas (app/schemas/transfer-lists.ts).
 */

export const LIST_KINDS = ["active", "propertyManager", "board", "completed", "private"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** Rows per page; spec 01 §9 says the page size is not shown, 25 fills a screen of the table. */
export const PAGE_SIZE = 25;
export const MAX_PAGE = 10_000;
export const SEARCH_MAX_LENGTH = 100;

export const SORT_FIELDS = [
  "Object",
  "Association",
  "Address",
  "Type",
  "Initiator",
  "Status",
  "Modified",
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ["Asc", "Desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const TOGGLES = ["UnderInvestigation", "Expiring", "SalesStopped", "UnresolvedMessages"] as const;
export type Toggle = (typeof TOGGLES)[number];

export const FILTER_IDS = [
  "OngoingApplications",
  "TransferReviewInProgress",
  "MembershipReviewInProgress",
  "WhereActionIsNeeded",
  "ApprovedApplications",
  "RejectedApplications",
  "EntryDateAhead",
  "NotFinalized",
] as const;
export type FilterId = string;
export type KnownFilterId = (typeof FILTER_IDS)[number];
