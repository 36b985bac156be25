import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiValidationError } from "~/server/api.server";
import { readJson } from "~/server/auth/api-user.server";
import { getDb } from "~/server/db/db.server";
import {
  listText,
  parseListRequest,
  searchTransfers,
  type ListKind,
} from "~/server/domain/transfers/lists.server";
import { isBoardViewer } from "~/server/domain/transfers/scope.server";
import { toListItem } from "~/server/domain/transfers/views.server";
import { apiActor } from "~/server/transfer-api.server";

/**
 * POST api/core/reviews/transfers (spec 01 §7): a property manager's list (tab Aktiva överlåtelser, or
 * Endast förvaltaravtal when `initiator` is "PropertyManager"), or a board member's list. A board member's
 * `initiator` is ignored: that list has no tabs.
 */
export function loader() {
  return json({ status: 405, title: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  const { viewer } = actor;
  const isManager = viewer.role === "PropertyManager";
  if (!isManager && !isBoardViewer(viewer)) return apiError(403, listText("lists:errors.notAllowed"));

  const parsed = parseListRequest(await readJson(request), (body): ListKind => {
    if (!isManager) return "board";
    return body.initiator === "PropertyManager" ? "propertyManager" : "active";
  });
  if (!parsed.ok) {
    return apiValidationError(
      Object.fromEntries(Object.entries(parsed.errors).map(([field, keys]) => [field, keys.map(listText)])),
    );
  }
  const result = await searchTransfers(getDb(), viewer, parsed.query, { now: new Date() });
  return json(
    {
      results: result.rows.map(toListItem),
      totalResults: result.totalResults,
      hasMoreResults: result.hasMoreResults,
      filterCount: result.filterCount,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
