import type { LoaderFunctionArgs } from "@remix-run/node";
import { possibleChangeRequest } from "~/server/domain/change-requests/change-requests.server";
import { svT } from "~/server/platform/i18n.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * GET api/core/transfers/{id}/agreementChangeRequests/possible (spec 02 §7): whether the user may create a change
 * request now (`action`, null when not offered, with its disabled reason), and per value its current value and
 * whether it may change.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const possible = await possibleChangeRequest(contextForActor(actor), params.id ?? "");
    const field = (name: keyof typeof possible.current) => ({
      currentValue: possible.current[name],
      changeable: possible.changeable[name],
    });
    return {
      action: possible.action
        ? {
            type: possible.action.type,
            disabled: possible.action.disabled,
            disabledReason: possible.action.reason
              ? svT()(`policy:blockers.${possible.action.reason}`)
              : null,
          }
        : null,
      purchasePrice: field("purchasePrice"),
      entryDate: field("entryDate"),
      contractDate: field("contractDate"),
    };
  });
}
