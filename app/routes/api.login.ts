import { methodNotAllowed } from "~/server/web/api.server";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { getTenantOrDefault } from "~/server/domain/tenants.server";
import { safeRedirect } from "~/server/platform/http.server";
import { bankIdConfig } from "~/server/integrations/bankid/index.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { getLog } from "~/server/platform/log.server";

/**
 * GET api/login?tenant=&r= (spec 01 §7): remembers the chosen tenant and starts its sign-in method. Every tenant
 * signs in with BankID today; a tenant-level choice (an OpenID Connect broker, say) would branch here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const r = safeRedirect(url.searchParams.get("r"), "/");
  const tenant = await getTenantOrDefault(getDb(), url.searchParams.get("tenant"));
  try {
    bankIdConfig();
  } catch (error) {
    getLog().error({ err: error }, "starting a BankID sign-in failed");
    return redirect(`/login?error=1&r=${encodeURIComponent(r)}`);
  }
  const session = await getSession(request);
  session.set("tenantId", tenant.id);
  return redirect(`/login/bankid?r=${encodeURIComponent(r)}`, {
    headers: { "Set-Cookie": await commitSession(session) },
  });
}

export const action = () => methodNotAllowed("GET");
