import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { possibleDuplicates } from "~/server/domain/transfers/duplicates.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { svT } from "~/server/platform/i18n.server";
import { apiError, methodNotAllowed } from "~/server/web/api.server";
import { ExistingTransfersQuerySchema } from "~/schemas/create-calls";
import { actorFor, parseCall } from "~/server/web/create-api.server";

/**
 * GET api/core/propertyManagers/transfers/existing?objectId= (spec 03 §2.1, §7): the manager's running transfers
 * of the object, `{ possibleDuplicates }`; another tenant's object is missing (404).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await actorFor(request, (a) => a.viewer.role === "PropertyManager");
  if (actor instanceof Response) return actor;
  const call = parseCall(ExistingTransfersQuerySchema, {
    objectId: new URL(request.url).searchParams.get("objectId") ?? undefined,
  });
  if (call instanceof Response) return call;
  const { objectId } = call;
  try {
    const found = await possibleDuplicates(getDb(), actor.viewer, objectId);
    return json({ possibleDuplicates: found }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isDomainError(error) && error.code === "NotFound")
      return apiError(404, svT()("domain:errors.objectNotFound"));
    throw error;
  }
}

export const action = () => methodNotAllowed("GET");
