import type { ActionFunctionArgs } from "@remix-run/node";
import { submitAnswer } from "~/server/domain/supplements/submit.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { supplementOf } from "~/server/web/supplements-api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** POST …/additionalinformationrequests/{requestId}/answers/submit (spec 02 §7): send the valid draft answer (`Skicka svar`). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, async (actor) => {
    const transferId = params.id ?? "";
    const requestId = params.requestId ?? "";
    await submitAnswer(contextForActor(actor), { transferId, requestId });
    return supplementOf(actor, transferId, requestId);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
