import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { decisionCall } from "~/server/web/decision.server";

/** POST api/core/reviews/memberships/reject/v3 (multipart, with the decision file decisionDocument): start the signing of the decision. */
export function action({ request, context }: ActionFunctionArgs) {
  return decisionCall(request, context, "Reject", "multipart");
}

export const loader = () => methodNotAllowed("POST");
