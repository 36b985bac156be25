import type { LoaderFunctionArgs } from "@remix-run/node";
import { supplementOf } from "~/server/web/supplements-api.server";
import { runApi } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/additionalinformationrequests/{requestId} (spec 02 §7): one request, scoped. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, (actor) => supplementOf(actor, params.id ?? "", params.requestId ?? ""));
}
