import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError } from "~/server/api.server";
import { abortTransfer } from "~/server/domain/transfers/use-cases.server";
import { runApi, contextForActor } from "~/server/transfer-api.server";

/** POST api/core/transfers/{id}/abort: the transfer goes to Aborting while the abort task runs. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(400, "Method not allowed");
  return runApi(request, (actor) => abortTransfer(contextForActor(actor), { transferId: params.id }));
}
