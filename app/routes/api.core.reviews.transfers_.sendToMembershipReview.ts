import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { readJsonBody } from "~/server/platform/body.server";
import { sendToMembershipReview } from "~/server/domain/transfers/actions.server";
import { runApi, contextForActor } from "~/server/web/transfer-api.server";

/** POST api/core/reviews/transfers/sendToMembershipReview, body {transferId}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request);
  return runApi(request, (actor) => sendToMembershipReview(contextForActor(actor), body));
}

export const loader = () => methodNotAllowed("POST");
