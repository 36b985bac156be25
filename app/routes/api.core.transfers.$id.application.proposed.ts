import type { LoaderFunctionArgs } from "@remix-run/node";
import { proposedApplicationStatus } from "~/server/domain/application/required-documents.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * GET api/core/transfers/{id}/application/proposed: `{status}` of the document analysis (InProgress, Ready, Failed,
 * or null when none ran), which the wizard's waiting page polls (spec 03 §4.2).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, (actor) => proposedApplicationStatus(contextForActor(actor), params.id ?? ""));
}

export const action = () => methodNotAllowed("GET");
