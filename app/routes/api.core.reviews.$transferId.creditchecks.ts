import { json, type ActionFunctionArgs } from "@remix-run/node";
import { orderCreditCheck, rejectedReasonKey } from "~/server/domain/credit-checks/orders.server";
import { readJsonBody } from "~/server/platform/body.server";
import { svT } from "~/server/platform/i18n.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * POST api/core/reviews/{transferId}/creditchecks, body {identifier {type, value}} (spec 02 §7 "Credit checks"):
 * 200 {orderId} for a placed order; 409 {rejectedReasons, messages} when the person's OrderCreditCheck is disabled
 * (already ordered, not a personal number, ...) or the person is not an acquirer or guarantor of the transfer, the
 * codes with their Swedish texts for the toasts. 400 for a malformed body, 403 without the action, 404 out of scope.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request);
  return runApi(request, async (actor) => {
    const outcome = await orderCreditCheck(contextForActor(actor), params.transferId ?? "", body);
    if ("orderId" in outcome) return { orderId: outcome.orderId };
    const t = svT();
    return json(
      {
        rejectedReasons: outcome.rejectedReasons,
        messages: outcome.rejectedReasons.map((reason) => t(rejectedReasonKey(reason))),
      },
      { status: 409, headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
