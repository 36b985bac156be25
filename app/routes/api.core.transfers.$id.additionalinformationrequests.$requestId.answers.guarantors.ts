import type { ActionFunctionArgs } from "@remix-run/node";
import { setAnswerGuarantors } from "~/server/domain/supplements/guarantors.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { jsonObject, supplementOf } from "~/server/web/supplements-api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * PUT …/additionalinformationrequests/{requestId}/answers/guarantors {guarantors} (spec 02 §7): the draft answer's
 * guarantors as typed; the answer comes back with each guarantor's validation result.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return runApi(request, async (actor) => {
    const transferId = params.id ?? "";
    const requestId = params.requestId ?? "";
    const body = await jsonObject(request);
    await setAnswerGuarantors(contextForActor(actor), { transferId, requestId, guarantors: body.guarantors });
    const supplement = await supplementOf(actor, transferId, requestId);
    return { answer: supplement.answer, validToSubmit: supplement.validToSubmit };
  });
}

export function loader() {
  return methodNotAllowed("PUT");
}
