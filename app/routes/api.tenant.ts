import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/server/auth/user.server";
import { getDb } from "~/server/db/db.server";
import { resolveTenant } from "~/server/domain/request-tenant.server";
import { toTheme } from "~/server/domain/tenants.server";

/** GET api/tenant: the current tenant's identifier and theme (the neutral default when none is known). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const tenant = await resolveTenant(getDb(), request, user?.tenantId);
  return json(toTheme(tenant), { headers: { "Cache-Control": "no-store" } });
}
