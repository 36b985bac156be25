import type { ActionFunctionArgs } from "@remix-run/node";
import { rejectAnswer } from "~/server/domain/supplements/reject.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { jsonObject, supplementOf } from "~/server/web/supplements-api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** POST …/additionalinformationrequests/{requestId}/answers/reject {reason} (spec 02 §7): reject the pending answer. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, async (actor) => {
    const transferId = params.id ?? "";
    const requestId = params.requestId ?? "";
    const body = await jsonObject(request);
    await rejectAnswer(contextForActor(actor), { transferId, requestId, reason: body.reason });
    return supplementOf(actor, transferId, requestId);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
