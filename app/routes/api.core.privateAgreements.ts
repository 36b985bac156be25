import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiValidationError } from "~/server/api.server";
import { readJson } from "~/server/auth/api-user.server";
import { getDb } from "~/server/db/db.server";
import {
  canList,
  listText,
  parsePrivateListRequest,
  searchTransfers,
} from "~/server/domain/transfers/lists.server";
import { toPrivateListItems } from "~/server/domain/transfers/views.server";
import { apiActor } from "~/server/transfer-api.server";

/** POST api/core/privateAgreements, body {page} (spec 01 §7): Mina överlåtelser, feature private_agreement. */
export function loader() {
  return json({ status: 405, title: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  if (!canList(actor.viewer, "private")) return apiError(403, listText("lists:errors.notAllowed"));

  const parsed = parsePrivateListRequest(await readJson(request));
  if (!parsed.ok) {
    return apiValidationError(
      Object.fromEntries(Object.entries(parsed.errors).map(([field, keys]) => [field, keys.map(listText)])),
    );
  }
  const db = getDb();
  const result = await searchTransfers(db, actor.viewer, parsed.query, { now: new Date() });
  return json(
    {
      results: await toPrivateListItems(db, result.rows),
      totalResults: result.totalResults,
      hasMoreResults: result.hasMoreResults,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
