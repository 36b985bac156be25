import { methodNotAllowed } from "~/server/web/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { tenantForRequest } from "~/server/auth/request-tenant.server";
import { supportContactOf } from "~/server/domain/tenants.server";

/** GET api/tenant/supportContactInformation: the manager's e-mail and phone, null where unknown. */
export async function loader({ request }: LoaderFunctionArgs) {
  const tenant = await tenantForRequest(request);
  return json(supportContactOf(tenant), { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed("GET");
