import type { ActionFunctionArgs } from "@remix-run/node";
import { createTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { notFound } from "~/server/domain/core/errors.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { ManagerCreateSchema } from "~/schemas/create-calls";
import {
  actorFor,
  answerCreate,
  readCall,
  requestIdOrNew,
  searchQueryFor,
  searchWouldFind,
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
  const call = await readCall(request, ManagerCreateSchema);
  if (call instanceof Response) return call;
  const query = searchQueryFor(call.identifier, call.tenantAssociationOrganizationNumber);
  if (query instanceof Response) return query;
  const { objectId } = call;
  const requestId = requestIdOrNew(call.requestId);
  const ctx = contextForActor(actor);
  return answerCreate(async () => {
    const { object, openCase } = await objectForCreate(ctx, objectId);
    if (!searchWouldFind(object, query)) throw notFound();
    return createTransfer(ctx, { requestId, object }, openCase);
  });
}
