import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { collectCall } from "~/server/web/decision.server";

/** GET api/core/reviews/memberships/{signId}/collect: the signing's status (polled every 2 s); another user's is 404. */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return collectCall(request, context, params.signId ?? "");
}

export const action = () => methodNotAllowed("GET");
