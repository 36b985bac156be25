import type { LoaderFunctionArgs } from "@remix-run/node";
import { supplementDescriptions } from "~/server/domain/supplements/descriptions.server";
import { runApi } from "~/server/web/transfer-api.server";
import { getDb } from "~/server/db/db.server";

/**
 * GET api/core/transfers/{id}/additionalinformationrequests/descriptions (spec 02 §3 "Request description", §7):
 * the request types with their templates (`{fullName}` where the person's name goes) and person types, and the
 * e-mail's header and footer; for a viewer who may request supplements on the transfer (404 otherwise).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, (actor) =>
    supplementDescriptions(getDb(), actor.viewer, params.id ?? "", new Date()),
  );
}
