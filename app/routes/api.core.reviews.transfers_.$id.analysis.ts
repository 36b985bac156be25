import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/server/web/api.server";
import { readJsonBody } from "~/server/platform/body.server";
import { analysisTab } from "~/server/domain/automatic-review/views.server";
import { forbidden, notFound } from "~/server/domain/core/errors.server";
import { acceptDeviations } from "~/server/domain/automatic-review/accept-deviations.server";
import { contextForActor, runApi, viewContext } from "~/server/web/transfer-api.server";

/**
 * GET and PUT api/core/reviews/transfers/{id}/analysis (spec 02 §7; the spec shows no bodies, ours are in
 * docs/api-analysis.md). GET: the automatic review's checks with result, text keys and who accepted a deviation
 * when. PUT {checkIds: string[], version?}: accept those deviations. Scoped like the other review calls: a transfer
 * outside the user's scope is 404; the tab is the property manager's, so a board member in scope gets 403.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.id) return apiError(404);
  return runApi(request, async (actor) => {
    const tab = await analysisTab(viewContext(actor), params.id ?? "");
    if (tab.kind === "notFound") throw notFound();
    if (tab.kind === "notPropertyManager") throw forbidden("analysis.notForRole");
    return tab.view;
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (!params.id) return apiError(404);
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const body = await readJsonBody(request);
  return runApi(request, async (actor) => {
    const fields = body && typeof body === "object" && !Array.isArray(body) ? body : {};
    await acceptDeviations(contextForActor(actor), { ...fields, transferId: params.id });
    const tab = await analysisTab(viewContext(actor), params.id ?? "");
    if (tab.kind !== "found") throw notFound();
    return tab.view;
  });
}
