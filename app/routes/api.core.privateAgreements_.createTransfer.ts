import type { ActionFunctionArgs } from "@remix-run/node";
import { createPrivateTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { notFound } from "~/server/domain/core/errors.server";
import { isPrivateParty } from "~/server/domain/transfers/scope.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { PrivateCreateSchema } from "~/schemas/create-calls";
import {
  actorFor,
  answerCreate,
  ownSearchQuery,
  readCall,
  requestIdOrNew,
  searchWouldFind,
} from "~/server/web/create-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/**
 * POST api/core/privateAgreements/createTransfer {objectId, tenantAssociationOrganizationNumber?, requestId?}
 * (spec 03 §7): a private party's transfer of an object they own, 201 {transferId}; an object they do not own
 * is missing (404). The same requestId twice makes one transfer.
 */
export const loader = () => methodNotAllowed("POST");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await actorFor(request, (a) => isPrivateParty(a.viewer));
  if (actor instanceof Response) return actor;
  const call = await readCall(request, PrivateCreateSchema);
  if (call instanceof Response) return call;
  const { objectId, tenantAssociationOrganizationNumber } = call;
  const requestId = requestIdOrNew(call.requestId);
  const query = await ownSearchQuery(actor, tenantAssociationOrganizationNumber);
  if (query instanceof Response) return query;
  const ctx = contextForActor(actor);
  return answerCreate(async () => {
    const { object } = await objectForCreate(ctx, objectId);
    if (!searchWouldFind(object, query)) throw notFound();
    return createPrivateTransfer(ctx, { requestId, object }, { personalNumber: query.identifier.value });
  });
}
