import * as z from "zod";
import "./zod-errors";
import {
  FILTER_IDS,
  LIST_KINDS,
  MAX_PAGE,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  TOGGLES,
} from "~/lib/transfer-lists";
import type listTexts from "~/locales/sv/lists.json";

/**
 * The JSON bodies of the transfer lists (spec 01 §7) and the stored shape of saved search criteria. The server
 * turns them into list queries in app/server/domain/transfers/lists/.
 */

/** A key of app/locales/sv/lists.json "errors", namespaced; the server translates it (`listText`). */
export const listErrorKey = (key: keyof typeof listTexts.errors) => `lists:errors.${key}`;
const E = listErrorKey;

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

/**
 * Saved search criteria as stored in saved_searches.state (a list query as JSON). Loose on purpose: the server
 * cleans the values like URL parameters, so that a filter that no longer exists is dropped, not an error.
 */
export const StoredQuerySchema = z.object({
  kind: z.enum(LIST_KINDS),
  page: z.number(),
  filters: z.array(z.string()),
  toggles: z.array(z.string()),
  search: z.string(),
  order: z.object({ by: z.string(), direction: z.string() }),
});
