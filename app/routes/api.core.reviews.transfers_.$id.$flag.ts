import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/server/web/api.server";
import { readJsonBody } from "~/server/platform/body.server";
import { type UseCaseResult } from "~/server/domain/core/pipeline.server";
import {
  markPartsNotified,
  markSaleStopped,
  markUnderInvestigation,
  removeSaleStop,
  removeUnderInvestigation,
} from "~/server/domain/transfers/actions.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { runApi, contextForActor } from "~/server/web/transfer-api.server";

const FLAGS: Record<string, (ctx: UseCaseContext, input: unknown) => Promise<UseCaseResult>> = {
  markSaleStopped,
  removeSaleStop,
  markPartsNotified,
  markUnderInvestigation,
  removeUnderInvestigation,
};

/**
 * PUT api/core/reviews/transfers/{id}/{markSaleStopped|removeSaleStop|markPartsNotified|markUnderInvestigation|
 * removeUnderInvestigation} (spec 02 §7). An optional body {version} makes a stale client lose with 409.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const useCase = FLAGS[params.flag ?? ""];
  if (!useCase || !Object.hasOwn(FLAGS, params.flag ?? "")) return apiError(404);
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const body = await readJsonBody(request);
  const version = body && typeof body === "object" && "version" in body ? body.version : undefined;
  return runApi(request, (actor) => useCase(contextForActor(actor), { transferId: params.id, version }));
}

export const loader = () => methodNotAllowed("PUT");
