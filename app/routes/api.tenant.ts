import { methodNotAllowed } from "~/server/web/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { tenantForRequest } from "~/server/auth/request-tenant.server";
import { toTheme } from "~/server/domain/tenants.server";

/** GET api/tenant: the current tenant's identifier and theme (the neutral default when none is known). */
export async function loader({ request }: LoaderFunctionArgs) {
  const tenant = await tenantForRequest(request);
  return json(toTheme(tenant), { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed("GET");
