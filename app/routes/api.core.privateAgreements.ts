import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { canList } from "~/server/domain/transfers/lists/access.server";
import { parsePrivateListRequest } from "~/server/domain/transfers/lists/request.server";
import { toPrivateListItems } from "~/server/domain/transfers/views.server";
import { answerListCall } from "~/server/web/transfer-api.server";

/** POST api/core/privateAgreements, body {page} (spec 01 §7): Mina överlåtelser, feature private_agreement. */
export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return answerListCall(request, {
    allowed: (viewer) => canList(viewer, "private"),
    parse: parsePrivateListRequest,
    results: toPrivateListItems,
    withFilterCount: false,
  });
}
