import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/server/auth/user.server";
import { getDb } from "~/server/db/db.server";
import { resolveTenant } from "~/server/domain/request-tenant.server";
import { supportContactOf } from "~/server/domain/tenants.server";

/** GET api/tenant/supportContactInformation: the manager's e-mail and phone, null where unknown. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const tenant = await resolveTenant(getDb(), request, user?.tenantId);
  return json(supportContactOf(tenant), { headers: { "Cache-Control": "no-store" } });
}
