import type { ActionFunctionArgs } from "@remix-run/node";
import { setMessageResolved } from "~/server/domain/messages/messages.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** PUT api/core/transfers/{id}/messages/{messageId}/unresolve (spec 02 §7): the `Hanterad` checkbox, where canResolve. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return runApi(request, (actor) =>
    setMessageResolved(contextForActor(actor), {
      transferId: params.id,
      messageId: params.messageId,
      resolved: false,
    }),
  );
}

export function loader() {
  return methodNotAllowed("PUT");
}
