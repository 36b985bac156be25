import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonBody } from "~/server/platform/body.server";
import { submitApplication } from "~/server/domain/application/submit.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApplicationApi, versionOf } from "~/server/web/application-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/**
 * POST api/core/transfers/{id}/application/submit {version?}: sends the application in (ApplicationSent, the automatic
 * review starts); 400 with the remaining items while the server's validation result is not valid.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApplicationApi(request, async (actor) => {
    const hasBody = (request.headers.get("Content-Length") ?? "") !== "0" && request.body !== null;
    const body = hasBody ? await readJsonBody(request) : {};
    return submitApplication(contextForActor(actor), { transferId: params.id, version: versionOf(body) });
  });
}

export const loader = () => methodNotAllowed("POST");
