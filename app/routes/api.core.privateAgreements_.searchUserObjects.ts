import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { recordAnalyticsEvent } from "~/server/domain/analytics.server";
import { isPrivateParty } from "~/server/domain/transfers/scope.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { ownObjectSearchSchema } from "~/schemas/create-calls";
import {
  actorFor,
  ownSearchQuery,
  readCall,
  searchIdAccepted,
  startSearch,
} from "~/server/web/create-api.server";

/**
 * POST api/core/privateAgreements/searchUserObjects {searchId, tenantAssociationOrganizationNumber?} (spec 03 §7):
 * a private party's search for the objects they own, by their own personal number, across every manager.
 * 202 {searchId}; the hits arrive in the search's live group as each manager answers.
 */
export const loader = () => methodNotAllowed("POST");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await actorFor(request, (a) => isPrivateParty(a.viewer));
  if (actor instanceof Response) return actor;
  const call = await readCall(request, ownObjectSearchSchema(searchIdAccepted(actor.viewer.id)));
  if (call instanceof Response) return call;
  const { searchId, tenantAssociationOrganizationNumber } = call;
  const query = await ownSearchQuery(actor, tenantAssociationOrganizationNumber);
  if (query instanceof Response) return query;
  await recordAnalyticsEvent(getDb(), {
    name: "SearchPrivateAgreement",
    userId: actor.viewer.id,
    tenantId: actor.viewer.tenantId,
    properties: { via: "api" },
  });
  return startSearch(searchId, query, { userId: actor.viewer.id });
}
