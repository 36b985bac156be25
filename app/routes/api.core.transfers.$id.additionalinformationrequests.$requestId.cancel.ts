import type { ActionFunctionArgs } from "@remix-run/node";
import { cancelSupplementRequest } from "~/server/domain/supplements/requests.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { supplementOf } from "~/server/web/supplements-api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";
import { DomainError } from "~/server/domain/core/errors.server";

/** DELETE …/additionalinformationrequests/{requestId}/cancel (spec 02 §7): cancel an open request. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  return runApi(request, async (actor) => {
    const transferId = params.id ?? "";
    const requestId = params.requestId ?? "";
    const supplement = await supplementOf(actor, transferId, requestId);
    if (supplement.status !== "Open") throw new DomainError("Conflict", "supplements.notPending");
    await cancelSupplementRequest(contextForActor(actor), { transferId, requestId });
    return { id: requestId, status: "Cancelled" };
  });
}

export function loader() {
  return methodNotAllowed("DELETE");
}
