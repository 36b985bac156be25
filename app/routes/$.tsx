import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { getT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";
import { ErrorCode } from "~/ui/ErrorPage";

/** Any path no other route matches: a not-found page in the shell, with status 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return json({ title: t("errors.notFoundTitle") }, { status: 404 });
}

export async function action() {
  return json({ title: "Not found" }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("errors.notFoundTitle")}</h1>
      <p>{t("errors.notFoundText")}</p>
      <ErrorCode status={404} />
      <p>
        <a href="/" className="button button--secondary">
          {t("errors.backToStart")}
        </a>
      </p>
    </div>
  );
}
