import type { ActionFunctionArgs } from "@remix-run/node";
import { setSupplementForwarded } from "~/server/domain/supplements/forward.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** PUT and DELETE …/additionalinformationrequests/{requestId}/forward (spec 02 §7): mark or unmark forwarded. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const forwarded = request.method === "PUT";
  return runApi(request, async (actor) => {
    await setSupplementForwarded(contextForActor(actor), {
      transferId: params.id ?? "",
      requestId: params.requestId ?? "",
      forwarded,
    });
    return { id: params.requestId, forwarded };
  });
}

export function loader() {
  return methodNotAllowed("PUT, DELETE");
}
