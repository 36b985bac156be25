import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { unresolvedCount } from "~/server/domain/messages/worklist.server";
import { runApi } from "~/server/web/transfer-api.server";

/** GET api/core/messages/count (spec 02 §7): {unresolved}, the user's unhandled messages (the header envelope). */
export async function loader({ request }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => ({ unresolved: await unresolvedCount(getDb(), actor.viewer) }));
}
