import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { getT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return json({ title: t("noPermissions.title") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function NoPermissionsPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("noPermissions.title")}</h1>
      <p>{t("noPermissions.text")}</p>
      <p>{t("noPermissions.help")}</p>
      <p>
        <a href="/contact">{t("noPermissions.contact")}</a>
      </p>
    </div>
  );
}
