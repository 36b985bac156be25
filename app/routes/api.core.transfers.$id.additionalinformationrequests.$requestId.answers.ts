import type { LoaderFunctionArgs } from "@remix-run/node";
import { supplementOf } from "~/server/web/supplements-api.server";
import { runApi } from "~/server/web/transfer-api.server";

/**
 * GET …/additionalinformationrequests/{requestId}/answers (spec 02 §7): the request's answer (null before one is
 * begun) and whether it may be sent (validToSubmit).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const supplement = await supplementOf(actor, params.id ?? "", params.requestId ?? "");
    return { answer: supplement.answer, validToSubmit: supplement.validToSubmit };
  });
}
