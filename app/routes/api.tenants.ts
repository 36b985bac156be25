import { methodNotAllowed } from "~/server/web/api.server";
import { json } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { listTenants } from "~/server/domain/tenants.server";

/** GET api/tenants: id, displayName and type of every tenant, for the login page's Klient selector. */
export async function loader() {
  return json(await listTenants(getDb()), { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed("GET");
