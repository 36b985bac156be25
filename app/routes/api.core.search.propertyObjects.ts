import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { objectSearchSchema } from "~/schemas/create-calls";
import {
  actorFor,
  readCall,
  searchIdAccepted,
  searchQueryFor,
  startSearch,
} from "~/server/web/create-api.server";

/**
 * POST api/core/search/propertyObjects {searchId, identifier, tenantAssociationOrganizationNumber?} (spec 03 §7):
 * a property manager's object search over every manager system, kept to their own tenant's objects. Answers
 * 202 {searchId} at once; the hits arrive in the search's live group (see create-api.server on the search id).
 */
export const loader = () => methodNotAllowed("POST");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await actorFor(request, (a) => a.viewer.role === "PropertyManager");
  if (actor instanceof Response) return actor;
  const call = await readCall(request, objectSearchSchema(searchIdAccepted(actor.viewer.id)));
  if (call instanceof Response) return call;
  const query = searchQueryFor(call.identifier, call.tenantAssociationOrganizationNumber);
  if (query instanceof Response) return query;
  return startSearch(call.searchId, query, { userId: actor.viewer.id, tenantId: actor.viewer.tenantId });
}
