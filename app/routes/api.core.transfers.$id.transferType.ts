import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readJsonBody } from "~/server/platform/body.server";
import { getApplication, setTransferType } from "~/server/domain/application/application.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApplicationApi, versionOf } from "~/server/web/application-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/transferType: {selectedTransferType, possibleTransferTypes} (spec 03 §4.4). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApplicationApi(request, async (actor) => {
    const application = await getApplication(contextForActor(actor), params.id ?? "");
    return { ...application.transferType, version: application.version };
  });
}

/** PUT api/core/transfers/{id}/transferType {type, version?}: Välj fångestyp. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  return runApplicationApi(request, async (actor) => {
    const body = await readJsonBody(request);
    const type = body && typeof body === "object" && "type" in body ? body.type : undefined;
    return setTransferType(contextForActor(actor), { transferId: params.id, type, version: versionOf(body) });
  });
}
