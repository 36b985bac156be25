import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import {
  actorFor,
  badRequest,
  identifierFor,
  organisationNumberFor,
  readBodyObject,
  searchIdFor,
  searchQueryFor,
  startSearch,
  type FieldErrors,
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
  const body = await readBodyObject(request);
  const errors: FieldErrors = {};
  const searchId = searchIdFor(actor.viewer.id, body.searchId, errors);
  const identifier = identifierFor(body.identifier, errors);
  const organisationNumber = organisationNumberFor(body.tenantAssociationOrganizationNumber, errors);
  const query = identifier && searchQueryFor(identifier, organisationNumber, errors);
  if (!searchId || !query || Object.keys(errors).length > 0) return badRequest(errors);
  return startSearch(searchId, query, { userId: actor.viewer.id, tenantId: actor.viewer.tenantId });
}
