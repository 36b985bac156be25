import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { decisionCall } from "~/server/web/decision.server";

/** POST api/core/reviews/memberships/approve/v2 (JSON): start the signing of the decision. */
export function action({ request, context }: ActionFunctionArgs) {
  return decisionCall(request, context, "Approve", "json");
}

export const loader = () => methodNotAllowed("POST");
