import type { ActionFunctionArgs } from "@remix-run/node";
import { acceptAnswer } from "~/server/domain/supplements/accept.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { supplementOf } from "~/server/web/supplements-api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** POST …/additionalinformationrequests/{requestId}/answers/accept (spec 02 §7): accept the pending answer, applied to the transfer. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, async (actor) => {
    const transferId = params.id ?? "";
    const requestId = params.requestId ?? "";
    await acceptAnswer(contextForActor(actor), { transferId, requestId });
    return supplementOf(actor, transferId, requestId);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
