import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { getOptionalUser } from "~/server/auth/user.server";
import { getDb } from "~/server/db/db.server";
import { provisionUser } from "~/server/domain/provisioning.server";
import { getUserById } from "~/server/domain/users.server";
import { redirectToLogin } from "~/server/web/api.server";
import { safeRedirect } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";
import { requestContext } from "~/server/context/request.server";

export const PENDING_POLL_MS = 5000;

export async function loader({ request }: LoaderFunctionArgs) {
  let user = await getOptionalUser(request);
  if (!user) throw redirectToLogin(request);
  const r = safeRedirect(new URL(request.url).searchParams.get("r"), "/");
  if (user.status === "Pending" && !user.registered)
    throw redirect(`/user/register?r=${encodeURIComponent(r)}`);
  if (user.status === "Pending") {
    // Provisioning that could not finish (registry unreachable) is tried again on each poll.
    await provisionUser(requestContext("system"), user.id);
    user = (await getUserById(getDb(), user.id)) ?? user;
  }
  const t = await getT(request);
  const state = user.status === "Active" ? "active" : user.status === "Inactive" ? "inactive" : "creating";
  const title =
    state === "inactive"
      ? t("pending.titleInactive")
      : state === "creating"
        ? t("pending.titleCreating")
        : t("pending.welcome", { name: user.firstName });
  return json({ title, state, r, name: user.firstName }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function PendingUserPage() {
  const { state, r, name } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (state === "active") {
      const timer = window.setTimeout(() => window.location.assign(r), 3000);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setInterval(() => revalidator.revalidate(), PENDING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [state, r, revalidator]);

  if (state === "active") {
    return (
      <div className="page page--narrow">
        <noscript>
          <meta httpEquiv="refresh" content={`3;url=${r}`} />
        </noscript>
        <h1>{t("pending.welcome", { name })}</h1>
        <p>
          <a className="button" href={r}>
            {t("pending.continue")}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <noscript>
        <meta httpEquiv="refresh" content={String(PENDING_POLL_MS / 1000)} />
      </noscript>
      <h1>{state === "inactive" ? t("pending.titleInactive") : t("pending.titleCreating")}</h1>
      <p role="status">{state === "inactive" ? t("pending.textInactive") : t("pending.textCreating")}</p>
      <p className="muted">{t("pending.refreshing")}</p>
      <Form method="post" action="/logout">
        <button type="submit" name="intent" value="logout" className="button button--secondary">
          {t("pending.cancel")}
        </button>
      </Form>
    </div>
  );
}
