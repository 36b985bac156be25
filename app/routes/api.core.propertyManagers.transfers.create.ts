import type { ActionFunctionArgs } from "@remix-run/node";
import { createTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { notFound } from "~/server/domain/core/errors.server";
import { methodNotAllowed } from "~/server/web/api.server";
import {
  actorFor,
  answerCreate,
  badRequest,
  identifierFor,
  objectIdFor,
  organisationNumberFor,
  readBodyObject,
  requestIdFor,
  searchQueryFor,
  searchWouldFind,
  type FieldErrors,
} from "~/server/web/create-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/**
 * POST api/core/propertyManagers/transfers/create {objectId, identifier, tenantAssociationOrganizationNumber?,
 * requestId?} (spec 03 §7): 201 {transferId}. The object must be one the search with these terms returns, in
 * the manager's own tenant (404 otherwise); the same requestId twice makes one transfer; a manager system that
 * fails is the spec's 503.
 */
export const loader = () => methodNotAllowed("POST");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await actorFor(request, (a) => a.viewer.role === "PropertyManager");
  if (actor instanceof Response) return actor;
  const body = await readBodyObject(request);
  const errors: FieldErrors = {};
  const objectId = objectIdFor(body.objectId, errors);
  const identifier = identifierFor(body.identifier, errors);
  const organisationNumber = organisationNumberFor(body.tenantAssociationOrganizationNumber, errors);
  const requestId = requestIdFor(body.requestId, errors);
  const query = identifier && searchQueryFor(identifier, organisationNumber, errors);
  if (!query || Object.keys(errors).length > 0) return badRequest(errors);
  const ctx = contextForActor(actor);
  return answerCreate(async () => {
    const { object, openCase } = await objectForCreate(ctx, objectId);
    if (!searchWouldFind(object, query)) throw notFound();
    return createTransfer(ctx, { requestId, object }, openCase);
  });
}
