import type { ActionFunctionArgs } from "@remix-run/node";
import { decideChangeRequest } from "~/server/domain/change-requests/change-requests.server";
import { readJsonBody } from "~/server/platform/body.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * POST api/core/transfers/{id}/agreementChangeRequests/{requestId}/decisions, body {decision (Accept or Reject),
 * rejectReason} (spec 02 §7): the board's decision. 200 `{ decision }`; 409 when the request already has one.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request);
  const input = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  return runApi(request, (actor) =>
    decideChangeRequest(contextForActor(actor), {
      transferId: params.id ?? "",
      requestId: params.requestId ?? "",
      decision: input.decision,
      rejectReason: input.rejectReason,
    }),
  );
}
