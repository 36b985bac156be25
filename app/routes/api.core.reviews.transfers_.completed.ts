import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { canList } from "~/server/domain/transfers/lists/access.server";
import { parseListRequest } from "~/server/domain/transfers/lists/request.server";
import { toListItem } from "~/server/domain/transfers/views.server";
import { answerListCall } from "~/server/web/transfer-api.server";

/** POST api/core/reviews/transfers/completed (spec 01 §7): Avklarade överlåtelser, property managers only. */
export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return answerListCall(request, {
    allowed: (viewer) => canList(viewer, "completed"),
    parse: (body) => parseListRequest(body, () => "completed"),
    results: (_db, rows) => rows.map(toListItem),
    withFilterCount: true,
  });
}
