import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createSupplementRequest } from "~/server/domain/supplements/create-request.server";
import { notFound } from "~/server/domain/core/errors.server";
import { listSupplements } from "~/server/domain/supplements/views.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { jsonObject } from "~/server/web/supplements-api.server";
import { contextForActor, runApi, viewContext } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/additionalinformationrequests (spec 02 §7): the requests, newest first, scoped. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const supplements = await listSupplements(viewContext(actor), params.id ?? "");
    if (!supplements) throw notFound();
    return supplements;
  });
}

/**
 * POST api/core/transfers/{id}/additionalinformationrequests {category, message, personId, personType}: a new
 * request, e-mailed to the answering party (201 `{ id }`).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return runApi(request, async (actor) => {
    const body = await jsonObject(request);
    const { requestId } = await createSupplementRequest(contextForActor(actor), params.id ?? "", body);
    return json({ id: requestId }, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}
