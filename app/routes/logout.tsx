import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { endSession } from "~/server/auth/logout.server";
import { safeRedirect } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";
import { handleIntent, readPageForm } from "~/server/web/forms.server";
import { pageTitle } from "~/ui/page-title";

export const handle = { hideHeader: true };

/** The log-out confirmation as a page, so that it works without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  const back = safeRedirect(new URL(request.url).searchParams.get("r"), "/");
  return json({ title: t("logout.title"), back });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleIntent(await readPageForm(request), {
    logout: async () => redirect("/login", { status: 303, headers: await endSession(request) }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function LogoutPage() {
  const { back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("logout.title")}</h1>
      <p>{t("logout.confirm")}</p>
      <Form method="post" className="button-row">
        <button type="submit" name="intent" value="logout" className="button">
          {t("logout.yes")}
        </button>
        <a href={back}>{t("logout.no")}</a>
      </Form>
    </div>
  );
}
