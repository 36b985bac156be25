import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { homeOf, pointerGuard } from "~/server/auth/guards.server";
import { getOptionalUser } from "~/server/auth/user.server";
import { getDb } from "~/server/db/db.server";
import { resolveTenant } from "~/server/auth/request-tenant.server";
import { getTenantOrDefault, listTenants } from "~/server/domain/tenants.server";
import { getEnv } from "~/server/platform/env.server";
import { safeRedirect } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";
import { getSession } from "~/server/platform/session.server";
import { pageTitle } from "~/ui/page-title";

export const handle = { showFooter: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const r = safeRedirect(url.searchParams.get("r"), "/");
  const user = await getOptionalUser(request);
  if (user) {
    pointerGuard(user, r);
    throw redirect(r !== "/" ? r : homeOf(user));
  }
  const db = getDb();
  const requested = url.searchParams.get("tenant");
  const tenant = requested ? await getTenantOrDefault(db, requested) : await resolveTenant(db, request);
  // The greeting names the client's people only once a client is chosen (spec 01: by client type); the generic
  // page, before the choice, greets everyone alike.
  const chosen = requested ?? (await getSession(request)).get("tenantId") ?? null;
  const error = url.searchParams.get("error");
  const t = await getT(request);
  return json({
    title: t("login.title"),
    r,
    tenantId: tenant.id,
    greeting:
      chosen !== tenant.id ? "login.hello" : tenant.type === "pm" ? "login.helloManager" : "login.helloBoard",
    tenants: getEnv().TENANT_SELECTOR === "on" ? await listTenants(db) : null,
    error: error === "1" ? "login.error1" : error === "2" ? "login.error2" : null,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function LoginPage() {
  const { r, tenantId, greeting, tenants, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page login">
      {error ? (
        <div className="notice notice--error" role="alert">
          {t(error)}
        </div>
      ) : null}
      <h1>{t(greeting)}</h1>
      <p className="lead">{t("login.intro")}</p>
      <form method="get" action="/api/login">
        <input type="hidden" name="r" value={r} />
        {tenants ? (
          <div className="field">
            <label htmlFor="tenant" className="field__label">
              {t("login.client")}
            </label>
            <p className="field__hint" id="tenant-hint">
              {t("login.clientHint")}
            </p>
            <select id="tenant" name="tenant" defaultValue={tenantId} aria-describedby="tenant-hint">
              {tenants.map((tenant) => (
                <option key={tenant.id} value={tenant.id}>
                  {tenant.displayName}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="tenant" value={tenantId} />
        )}
        <button type="submit" className="button">
          {t("login.submit")}
        </button>
      </form>
    </div>
  );
}
