import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { addDays, todayInStockholm } from "~/lib/dates";
import { FINAL_STATUSES, TRANSFER_STATUSES, type TransferStatus } from "~/lib/transfer";
import {
  SEARCH_MAX_LENGTH,
  type KnownFilterId,
  type ListKind,
  type SortField,
  type Toggle,
} from "~/lib/transfer-lists";
import type { Database } from "../../../db/schema.server";
import { LIFECYCLE_ORDER } from "../lifecycle.server";
import {
  FILTERS,
  keepKnown,
  selectedFilters,
  togglesFor,
  type FlagName,
  type ListQuery,
} from "./query.server";

/**
 * The Kysely conditions of a list query (the rows are always within scopedTransfers), the sort expressions
 * and the dates they compare with.
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
 * Each kind narrows the viewer to the one scope rule it lists (access.server.ts).
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
 * "today" is the calendar date in Stockholm; 12 months back is the same date a year earlier (29 Feb -> 28 Feb).
 * Search: trimmed, lower-cased, `search_text LIKE %term%` with % and _ escaped, at most 100 characters.
 */

/** Days ahead within which an entry date makes a transfer "Expiring". */
export const EXPIRING_WITHIN_DAYS = 14;

const NOT_FINAL: readonly TransferStatus[] = TRANSFER_STATUSES.filter(
  (s) => !(FINAL_STATUSES as readonly string[]).includes(s),
);
const DECIDED: readonly TransferStatus[] = ["MembershipApproved", "MembershipRejected"];

export type Eb = ExpressionBuilder<Database, "transfers">;

export const SORT_COLUMNS = {
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
export function sortExpression(by: SortField, forIndex: boolean) {
  if (by === "Status") return STATUS_RANK;
  const column = SORT_COLUMNS[by] ?? SORT_COLUMNS.Modified;
  return forIndex ? sql.ref(column) : notForIndex(column);
}

export interface Dates {
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

export function datesFor(now: Date): Dates {
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

export function flagCondition(eb: Eb, flag: FlagName, d: Dates): Expression<SqlBool> {
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
export function baseConditions(eb: Eb, q: ListQuery, d: Dates): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [kindCondition(eb, q.kind, d)];
  for (const toggle of keepKnown(togglesFor(q.kind), q.toggles)) parts.push(toggleCondition(eb, toggle, d));
  const search = q.search.trim().slice(0, SEARCH_MAX_LENGTH);
  if (search !== "") parts.push(sql<SqlBool>`transfers.search_text like ${likePattern(search)} escape '\\'`);
  return eb.and(parts);
}

export function statusFilterConditions(eb: Eb, q: ListQuery, d: Dates): Expression<SqlBool> {
  const selected = selectedFilters(q);
  if (selected.length === 0) return sql<SqlBool>`1 = 1`;
  return eb.or(selected.map((id) => filterCondition(eb, id, d)));
}
