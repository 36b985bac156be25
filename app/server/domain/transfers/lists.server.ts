import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import * as z from "zod";
import "~/schemas/zod-errors";
import { addDays, todayInStockholm } from "~/lib/dates";
import { FINAL_STATUSES, TRANSFER_STATUSES, type TransferStatus } from "~/lib/transfer";
import type listTexts from "~/locales/sv/lists.json";
import { svT } from "~/server/platform/i18n.server";
import type { Db } from "../../db/kysely.server";
import type { Database, TransferRow } from "../../db/schema.server";
import type { Viewer } from "./facts.server";
import { boardAssociationsOf, isBoardMember } from "../board.server";
import { LIFECYCLE_ORDER } from "./lifecycle.server";
import { isPrivateParty, scopedTransfers } from "./scope.server";

/**
 * The transfer lists of spec 01 ("Transfer list", "Completed transfers", "My private transfers"): one query
 * for the page of rows and one grouped query for the status-filter counts and the total.
 *
 * | kind            | who                          | rows (always within scopedTransfers)                                  |
 * |-----------------|------------------------------|-----------------------------------------------------------------------|
 * | active          | PropertyManager              | tenant's transfers not final (Aborting counts as active)             |
 * | propertyManager | PropertyManager              | same, initiator_role = PropertyManager                               |
 * | board           | BoardMember / board_member   | associations' transfers not final, plus MembershipApproved/Rejected   |
 * |                 |                              | under the completed rule below; Aborted ones are left out             |
 * | completed       | PropertyManager              | MembershipApproved/Rejected with decision date >= today - 12 months,  |
 * |                 |                              | or entry date >= today (stays until the entry date has passed)        |
 * | private         | private_agreement            | own private transfers (PrivateIntermediary, created by the user)      |
 *
 * Each kind narrows the viewer to the one scope rule it lists, so a manager who also sells privately sees
 * only the tenant's transfers in the manager lists, and a board member's list holds only board transfers.
 * "today" is the calendar date in Stockholm; 12 months back is the same date a year earlier (29 Feb -> 28 Feb).
 *
 * | filter id                  | condition                                                     | kinds                       |
 * |----------------------------|---------------------------------------------------------------|-----------------------------|
 * | OngoingApplications        | Initiating, Initiated, Draft, DraftTransfer,                  | active, propertyManager     |
 * |                            | OngoingApplications, ApplicationSent                          |                             |
 * | TransferReviewInProgress   | TransferReviewInProgress, AwaitingInfoRequestAnswer           | active, propertyManager     |
 * | MembershipReviewInProgress | MembershipReviewInProgress, MembershipDecisionPending         | active, propertyManager, board |
 * | WhereActionIsNeeded        | action_is_needed = 1                                          | propertyManager, board      |
 * | ApprovedApplications       | MembershipApproved                                            | board, completed            |
 * | RejectedApplications       | MembershipRejected                                            | board, completed            |
 * | EntryDateAhead             | entry_date >= today                                           | completed                   |
 * | NotFinalized               | finalized_at_property_manager = 0                             | completed                   |
 *
 * Several status filters are OR; none means every row of the kind. A filter id means the same condition in
 * every list. Aborting is in no status filter of the active lists (it shows under "all").
 *
 * | toggle (AND, managers' active and propertyManager lists) | condition                                        |
 * |----------------------------------------------------------|--------------------------------------------------|
 * | UnderInvestigation                                       | under_investigation_since is not null            |
 * | Expiring                                                 | expired = 1, or entry_date within today..today+14 |
 * | SalesStopped                                             | sale_status = 'Stopped'                           |
 * | UnresolvedMessages                                       | unresolved_messages > 0                           |
 *
 * Search: trimmed, lower-cased, `search_text LIKE %term%` with % and _ escaped, at most 100 characters.
 * Sort: the column of SORT_COLUMNS, then id in the same direction so that pages never overlap.
 * Page size 25 (the spec does not show it); pages 1..10000.
 * Speed: the page's ids are chosen inside scopedTransfers and the 25 rows then read by primary key; the
 * counts come from one grouped query. Both run on the covering index of migration 0004 (see `notForIndex`).
 */

export type ListKind = "active" | "propertyManager" | "board" | "completed" | "private";
export const LIST_KINDS = ["active", "propertyManager", "board", "completed", "private"] as const;

/** Rows per page; spec 01 §9 says the page size is not shown, 25 fills a screen of the table. */
export const PAGE_SIZE = 25;
export const MAX_PAGE = 10_000;
export const SEARCH_MAX_LENGTH = 100;
/** Days ahead within which an entry date makes a transfer "Expiring". */
export const EXPIRING_WITHIN_DAYS = 14;

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
type KnownFilterId = (typeof FILTER_IDS)[number];

type FlagName = "actionIsNeeded" | "notFinalized" | "entryDateAhead";

interface StatusFilter {
  statuses?: readonly TransferStatus[];
  flag?: FlagName;
}

const FILTERS: Record<KnownFilterId, StatusFilter> = {
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

const KIND_FILTERS: Record<ListKind, readonly KnownFilterId[]> = {
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

export function isListKind(value: unknown): value is ListKind {
  return typeof value === "string" && (LIST_KINDS as readonly string[]).includes(value);
}

const NOT_FINAL: readonly TransferStatus[] = TRANSFER_STATUSES.filter(
  (s) => !(FINAL_STATUSES as readonly string[]).includes(s),
);
const DECIDED: readonly TransferStatus[] = ["MembershipApproved", "MembershipRejected"];

// ---- The query ----

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

function clampPage(page: number): number {
  return Math.min(MAX_PAGE, Math.max(1, page));
}

/** Only the kind's own filters and toggles, each once, in the kind's order. */
function keepKnown<T extends string>(allowed: readonly T[], values: readonly string[]): T[] {
  return allowed.filter((value) => values.includes(value));
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

// ---- The JSON body of spec 01 §7 ----

const E = (key: keyof typeof listTexts.errors) => `lists:errors.${key}`;

/**
 * POST api/core/reviews/transfers and .../completed. Every field may be left out (its default applies);
 * a field that is present must be valid. Messages are keys of app/locales/sv/lists.json (see `listText`).
 */
export const ListRequestSchema = z.object(
  {
    page: z
      .number({ error: E("page") })
      .int({ error: E("page") })
      .min(1, { error: E("page") })
      .max(MAX_PAGE, { error: E("page") })
      .default(1),
    filters: z
      .array(z.enum(FILTER_IDS, { error: E("filters") }), { error: E("filters") })
      .max(FILTER_IDS.length, { error: E("tooManyFilters") })
      .default([]),
    orderBy: z.enum(SORT_FIELDS, { error: E("orderBy") }).default("Modified"),
    direction: z.enum(SORT_DIRECTIONS, { error: E("direction") }).default("Desc"),
    search: z
      .string({ error: E("searchType") })
      .trim()
      .max(SEARCH_MAX_LENGTH, { error: E("search") })
      .nullable()
      .default(""),
    ignoreOrder: z.boolean({ error: E("ignoreOrder") }).default(false),
    initiator: z
      .enum(["PropertyManager"], { error: E("initiator") })
      .nullable()
      .default(null),
    additionalFilters: z
      .array(z.enum(TOGGLES, { error: E("additionalFilters") }), { error: E("additionalFilters") })
      .max(TOGGLES.length, { error: E("tooManyFilters") })
      .default([]),
  },
  { error: E("body") },
);
export type ListRequest = z.infer<typeof ListRequestSchema>;

/** POST api/core/privateAgreements. */
export const PrivateListRequestSchema = z.object(
  { page: ListRequestSchema.shape.page },
  { error: E("body") },
);

export type ListRequestResult =
  { ok: true; query: ListQuery } | { ok: false; errors: Record<string, string[]> };

/** A parsed body as the query of one kind; filters and toggles the kind does not have are refused. */
export function listQueryFromRequest(kind: ListKind, body: ListRequest): ListRequestResult {
  const errors: Record<string, string[]> = {};
  const allowed = KIND_FILTERS[kind] as readonly string[];
  if (body.filters.some((f) => !allowed.includes(f))) errors.filters = [E("filterNotInList")];
  if (body.additionalFilters.length > 0 && togglesFor(kind).length === 0) {
    errors.additionalFilters = [E("additionalFiltersNotInList")];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const query = defaultListQuery(kind);
  query.page = body.page;
  query.filters = keepKnown(KIND_FILTERS[kind], body.filters);
  query.toggles = keepKnown(togglesFor(kind), body.additionalFilters);
  query.search = body.search ?? "";
  if (!body.ignoreOrder) query.order = { by: body.orderBy, direction: body.direction };
  return { ok: true, query };
}

/**
 * A JSON body as the query of the list that `kindOf` picks (the managers' tab depends on `initiator`).
 * Errors are keys of lists.json by field path ("page", "filters.0"); the route translates them.
 */
export function parseListRequest(
  body: unknown,
  kindOf: (request: ListRequest) => ListKind,
): ListRequestResult {
  const parsed = ListRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: issuesByPath(parsed.error.issues) };
  return listQueryFromRequest(kindOf(parsed.data), parsed.data);
}

/** The body of POST api/core/privateAgreements as the query of the private list. */
export function parsePrivateListRequest(body: unknown): ListRequestResult {
  const parsed = PrivateListRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: issuesByPath(parsed.error.issues) };
  return { ok: true, query: { ...defaultListQuery("private"), page: parsed.data.page } };
}

/** The first issue of each field: a value of the wrong type is not also "too long". */
function issuesByPath(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    errors[key] ??= [issue.message];
  }
  return errors;
}

/** The Swedish text of a "lists:…" key (the API's 400s); the keys live in app/locales/sv/lists.json. */
export function listText(key: string): string {
  return svT()(key);
}

// ---- Who may see which list ----

export function canList(viewer: Viewer, kind: ListKind): boolean {
  switch (kind) {
    case "active":
    case "propertyManager":
    case "completed":
      return viewer.role === "PropertyManager";
    case "board":
      return isBoardMember(viewer);
    case "private":
      return isPrivateParty(viewer);
  }
}

/** The viewer reduced to the scope rule of one list; a viewer without that rule sees nothing. */
function viewerForKind(viewer: Viewer, kind: ListKind): Viewer {
  const withoutExtras = viewer.features.filter((f) => f !== "board_member" && f !== "private_agreement");
  switch (kind) {
    case "active":
    case "propertyManager":
    case "completed":
      return { ...viewer, features: withoutExtras, boardAssociationIds: [] };
    case "board":
      return {
        ...viewer,
        role: "BoardMember",
        features: withoutExtras,
        boardAssociationIds: [...boardAssociationsOf(viewer)],
      };
    case "private":
      return {
        ...viewer,
        role: "BoardMember",
        features: isPrivateParty(viewer) ? ["private_agreement"] : [],
        boardAssociationIds: [],
      };
  }
}

// ---- SQL ----

type Eb = ExpressionBuilder<Database, "transfers">;

const SORT_COLUMNS = {
  Object: "transfers.object_number",
  Association: "transfers.association_name",
  Address: "transfers.street",
  Type: "transfers.transfer_type",
  Initiator: "transfers.initiator_role",
  Status: "transfers.status",
  Modified: "transfers.modified_at",
} as const satisfies Record<SortField, string>;

/**
 * Sorting by Status follows the lifecycle, not the status name: a CASE over the status column giving each
 * status its place in LIFECYCLE_ORDER (literals, so SQLite and PostgreSQL both compare integers; an unknown
 * value sorts last).
 */
const STATUS_RANK = sql<number>`case ${sql.ref("transfers.status")} ${sql.join(
  LIFECYCLE_ORDER.map((status, rank) => sql`when ${sql.lit(status)} then ${sql.lit(rank)}`),
  sql` `,
)} else ${sql.lit(LIFECYCLE_ORDER.length)} end`;

/** The expression a list is ordered by; `forIndex` false keeps a planner from walking an index in order. */
function sortExpression(by: SortField, forIndex: boolean) {
  if (by === "Status") return STATUS_RANK;
  const column = SORT_COLUMNS[by] ?? SORT_COLUMNS.Modified;
  return forIndex ? sql.ref(column) : notForIndex(column);
}

interface Dates {
  today: string;
  twelveMonthsAgo: string;
  expiringUntil: string;
}

/** The same calendar date one year earlier; 29 February becomes 28 February. */
export function twelveMonthsBefore(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const lastDay = month === 2 && day === 29 && !leap(year - 1) ? 28 : day;
  return `${String(year - 1).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(lastDay).padStart(2, "0")}`;
}

function datesFor(now: Date): Dates {
  const today = todayInStockholm(now);
  return {
    today,
    twelveMonthsAgo: twelveMonthsBefore(today),
    expiringUntil: addDays(today, EXPIRING_WITHIN_DAYS),
  };
}

/**
 * The column as an expression that no index serves (`col || ''`, the same text): a hint to the planner,
 * portable to PostgreSQL unlike SQLite's unary `+`. Used where an index would win on paper and lose in fact:
 * - initiator_role: transfers_tenant_initiator_status looks selective but lacks deleted_at, so every match is
 *   read from the table (4,500 reads at 100,000 transfers, ~17 ms); transfers_list_tenant covers it (~3 ms).
 * - the sort column under a search or toggle: walking transfers_tenant_modified in order stops early only
 *   when matches are common; for a rare search term it reads the whole tenant from the table (~90 ms),
 *   while sorting the matches found in the covering index costs a few ms whatever the term.
 * - the outer query only sorts the 25 rows of the page, which it reads by primary key.
 */
function notForIndex(column: `transfers.${keyof Database["transfers"]}`) {
  return sql<string>`${sql.ref(column)} || ''`;
}

function kindCondition(eb: Eb, kind: ListKind, d: Dates): Expression<SqlBool> {
  const recentlyDecided = eb.or([
    eb("transfers.membership_decision_date", ">=", d.twelveMonthsAgo),
    eb("transfers.entry_date", ">=", d.today),
  ]);
  switch (kind) {
    case "active":
      return eb("transfers.status", "in", NOT_FINAL);
    case "propertyManager":
      return eb.and([
        eb("transfers.status", "in", NOT_FINAL),
        eb(notForIndex("transfers.initiator_role"), "=", "PropertyManager"),
      ]);
    case "board":
      return eb.and([
        eb("transfers.status", "in", [...NOT_FINAL, ...DECIDED]),
        eb.or([eb("transfers.status", "not in", DECIDED), recentlyDecided]),
      ]);
    case "completed":
      return eb.and([eb("transfers.status", "in", DECIDED), recentlyDecided]);
    case "private":
      return sql<SqlBool>`1 = 1`;
  }
}

function flagCondition(eb: Eb, flag: FlagName, d: Dates): Expression<SqlBool> {
  switch (flag) {
    case "actionIsNeeded":
      return eb("transfers.action_is_needed", "=", 1);
    case "notFinalized":
      return eb("transfers.finalized_at_property_manager", "=", 0);
    case "entryDateAhead":
      return eb("transfers.entry_date", ">=", d.today);
  }
}

function filterCondition(eb: Eb, id: KnownFilterId, d: Dates): Expression<SqlBool> {
  const filter = FILTERS[id];
  const parts: Expression<SqlBool>[] = [];
  if (filter.statuses) parts.push(eb("transfers.status", "in", filter.statuses));
  if (filter.flag) parts.push(flagCondition(eb, filter.flag, d));
  return eb.and(parts);
}

function toggleCondition(eb: Eb, toggle: Toggle, d: Dates): Expression<SqlBool> {
  switch (toggle) {
    case "UnderInvestigation":
      return eb("transfers.under_investigation_since", "is not", null);
    case "Expiring":
      return eb.or([
        eb("transfers.expired", "=", 1),
        eb.and([
          eb("transfers.entry_date", ">=", d.today),
          eb("transfers.entry_date", "<=", d.expiringUntil),
        ]),
      ]);
    case "SalesStopped":
      return eb("transfers.sale_status", "=", "Stopped");
    case "UnresolvedMessages":
      return eb("transfers.unresolved_messages", ">", 0);
  }
}

/** `%term%` for LIKE with the wildcards of the term itself taken literally (escape character `\`). */
export function likePattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Everything but the status filters: the kind, the toggles and the search. */
function baseConditions(eb: Eb, q: ListQuery, d: Dates): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [kindCondition(eb, q.kind, d)];
  for (const toggle of keepKnown(togglesFor(q.kind), q.toggles)) parts.push(toggleCondition(eb, toggle, d));
  const search = q.search.trim().slice(0, SEARCH_MAX_LENGTH);
  if (search !== "") parts.push(sql<SqlBool>`transfers.search_text like ${likePattern(search)} escape '\\'`);
  return eb.and(parts);
}

function selectedFilters(q: ListQuery): KnownFilterId[] {
  return keepKnown(KIND_FILTERS[q.kind], q.filters);
}

function statusFilterConditions(eb: Eb, q: ListQuery, d: Dates): Expression<SqlBool> {
  const selected = selectedFilters(q);
  if (selected.length === 0) return sql<SqlBool>`1 = 1`;
  return eb.or(selected.map((id) => filterCondition(eb, id, d)));
}

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

  const groups: GroupRow[] = groupRows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    return {
      status: row.status as TransferStatus,
      count: Number(row.n),
      flags: Object.fromEntries(flags.map((flag) => [flag, Number(record[FLAG_ALIAS[flag]]) === 1])),
    };
  });
  const filterCount: Record<FilterId, number> = {};
  for (const id of KIND_FILTERS[q.kind]) {
    filterCount[id] = groups.filter((g) => filterMatches(id, g)).reduce((sum, g) => sum + g.count, 0);
  }
  const selected = selectedFilters(q);
  const totalResults = groups
    .filter((g) => selected.length === 0 || selected.some((id) => filterMatches(id, g)))
    .reduce((sum, g) => sum + g.count, 0);

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

// ---- Cached counts ----

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

async function cachedGroups<T>(
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

// ---- Saved search criteria (spec 01 §3 search state, "kept per tab and per user") ----

export const SEARCH_STATE_KEYS = {
  active: "transfers:active",
  propertyManager: "transfers:propertyManager",
  board: "transfers:board",
  completed: "completedTransfers",
} as const satisfies Partial<Record<ListKind, string>>;

const StoredQuerySchema = z.object({
  kind: z.enum(LIST_KINDS),
  page: z.number(),
  filters: z.array(z.string()),
  toggles: z.array(z.string()),
  search: z.string(),
  order: z.object({ by: z.string(), direction: z.string() }),
});

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
