import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { abortTransfer } from "~/server/domain/transfers/actions.server";
import { runApi, contextForActor } from "~/server/web/transfer-api.server";

/** POST api/core/transfers/{id}/abort: the transfer goes to Aborting while the abort task runs. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, (actor) => abortTransfer(contextForActor(actor), { transferId: params.id }));
}

export const loader = () => methodNotAllowed("POST");
