import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmRequiredDocuments } from "~/server/domain/application/required-documents.server";
import { readJsonBody } from "~/server/platform/body.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApplicationApi, versionOf } from "~/server/web/application-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/**
 * POST api/core/transfers/{id}/application/requiredDocuments {version?}: confirms the wizard's step 1 (spec 03 §7
 * "confirm step 1"): 400 `Det saknas obligatoriska dokument` per missing slot; otherwise the application is started
 * (Initiated -> Draft) and the answer carries the document analysis's state.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApplicationApi(request, async (actor) => {
    const hasBody = (request.headers.get("Content-Length") ?? "") !== "0" && request.body !== null;
    const body = hasBody ? await readJsonBody(request) : {};
    return confirmRequiredDocuments(contextForActor(actor), {
      transferId: params.id,
      version: versionOf(body),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
