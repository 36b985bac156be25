import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readJsonBody } from "~/server/platform/body.server";
import { getApplication, saveApplication } from "~/server/domain/application/application.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApplicationApi } from "~/server/web/application-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/application: the application as read from the server (spec 03 §3). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApplicationApi(request, (actor) => getApplication(contextForActor(actor), params.id ?? ""));
}

/** PUT api/core/transfers/{id}/application: the step-2 save (the form's fields as JSON; docs/application-api.md). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  return runApplicationApi(request, async (actor) => {
    const body = await readJsonBody(request);
    return saveApplication(contextForActor(actor), { transferId: params.id, application: body });
  });
}
