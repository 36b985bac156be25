import type { ActionFunctionArgs } from "@remix-run/node";
import { cancelDecision } from "~/server/domain/decision/collect.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { collectAnswer, contextFor, decisionApiRefusal, signingEnvFor } from "~/server/web/decision.server";
import { apiActor } from "~/server/web/transfer-api.server";

/** DELETE api/core/reviews/memberships/{signId}/cancel: the user aborts; another user's signing is 404. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  try {
    return collectAnswer(
      await cancelDecision(contextFor(actor), signingEnvFor(request, context), params.signId ?? ""),
    );
  } catch (error) {
    return decisionApiRefusal(error);
  }
}

export const loader = () => methodNotAllowed("DELETE");
