import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { unresolvedMessages } from "~/server/domain/messages/worklist.server";
import { runApi } from "~/server/web/transfer-api.server";

/** GET api/core/messages/unresolved (spec 02 §7): the worklist items, latest activity first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return runApi(request, (actor) => unresolvedMessages(getDb(), actor.viewer));
}
