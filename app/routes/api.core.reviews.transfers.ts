import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import type { ListKind } from "~/lib/transfer-lists";
import { canList } from "~/server/domain/transfers/lists/access.server";
import { parseListRequest } from "~/server/domain/transfers/lists/request.server";
import { toListItem } from "~/server/domain/transfers/views.server";
import { answerListCall } from "~/server/web/transfer-api.server";

/**
 * POST api/core/reviews/transfers (spec 01 §7): a property manager's list (tab Aktiva överlåtelser, or
 * Endast förvaltaravtal when `initiator` is "PropertyManager"), or a board member's list. A board member's
 * `initiator` is ignored: that list has no tabs.
 */
export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return answerListCall(request, {
    allowed: (viewer) => canList(viewer, "active") || canList(viewer, "board"),
    parse: (body, viewer) =>
      parseListRequest(body, (request): ListKind => {
        if (viewer.role !== "PropertyManager") return "board";
        return request.initiator === "PropertyManager" ? "propertyManager" : "active";
      }),
    results: (_db, rows) => rows.map(toListItem),
    withFilterCount: true,
  });
}
