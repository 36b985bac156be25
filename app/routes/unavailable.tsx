import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";
import { getSession } from "~/server/platform/session.server";
import { pageTitle } from "~/ui/page-title";

export const handle = { hideHeader: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const t = await getT(request);
  return json({
    title: t("unavailable.title"),
    returnTo: safeRedirect(session.get("unavailableReturnTo"), "/"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function UnavailablePage() {
  const { returnTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("unavailable.title")}</h1>
      <p>{t("unavailable.text")}</p>
      <p className="button-row">
        <a className="button" href={returnTo}>
          {t("unavailable.refresh")}
        </a>
        <a href="/logout">{t("unavailable.logout")}</a>
      </p>
    </div>
  );
}
