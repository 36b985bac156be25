import { KIND_FILTERS, defaultListQuery, keepKnown, togglesFor, type ListQuery } from "./query.server";
import type { ListKind } from "~/lib/transfer-lists";
import {
  ListRequestSchema,
  PrivateListRequestSchema,
  listErrorKey,
  type ListRequest,
} from "~/schemas/transfer-lists";
import { svT } from "~/server/platform/i18n.server";

/**
 * The JSON bodies of spec 01 §7 as list queries: the schemas (app/schemas/transfer-lists.ts) check the shape,
 * this checks what depends on the list (a filter or toggle the kind lacks) and keys the errors by field.
 */

export type ListRequestResult =
  { ok: true; query: ListQuery } | { ok: false; errors: Record<string, string[]> };

/** A parsed body as the query of one kind; filters and toggles the kind does not have are refused. */
export function listQueryFromRequest(kind: ListKind, body: ListRequest): ListRequestResult {
  const errors: Record<string, string[]> = {};
  const allowed = KIND_FILTERS[kind] as readonly string[];
  if (body.filters.some((f) => !allowed.includes(f))) errors.filters = [listErrorKey("filterNotInList")];
  if (body.additionalFilters.length > 0 && togglesFor(kind).length === 0) {
    errors.additionalFilters = [listErrorKey("additionalFiltersNotInList")];
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
