import { getOptionalUser } from "./user.server";
import { getDb } from "../db/db.server";
import type { Db } from "../db/kysely.server";
import type { Tenant } from "../db/schema.server";
import { getSession } from "../platform/session.server";
import { getTenantOrDefault } from "../domain/tenants.server";

/**
 * Which tenant's theme a request sees: the signed-in user's tenant, else the one chosen on the login page
 * (kept in the session), else the neutral default. An unknown id falls back to the default.
 */
/** The tenant of a request as the shell sees it: the signed-in user's, the chosen one, or the default. */
export async function tenantForRequest(request: Request): Promise<Tenant> {
  const user = await getOptionalUser(request);
  return resolveTenant(getDb(), request, user?.tenantId);
}

export async function resolveTenant(db: Db, request: Request, userTenantId?: string | null): Promise<Tenant> {
  if (userTenantId) return getTenantOrDefault(db, userTenantId);
  const session = await getSession(request);
  return getTenantOrDefault(db, session.get("tenantId"));
}
