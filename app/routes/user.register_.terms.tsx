import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUnregisteredUser } from "~/server/auth/registration.server";
import { safeRedirect } from "~/server/platform/http.server";
import { legalDocument } from "~/server/web/legal.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { LegalDocument } from "~/ui/LegalDocument";
import { handleIntent, readPageForm } from "~/server/web/forms.server";
import { pageTitle } from "~/ui/page-title";

/** The terms as a page (the registration's modal without JavaScript): Godkänn is the only way to accept them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUnregisteredUser(request);
  return json({
    doc: await legalDocument(request, "terms"),
    r: safeRedirect(new URL(request.url).searchParams.get("r"), "/"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUnregisteredUser(request);
  const form = await readPageForm(request);
  const back = `/user/register?r=${encodeURIComponent(safeRedirect(form.get("r"), "/"))}`;
  return handleIntent(form, {
    approve: async () => {
      const session = await getSession(request);
      session.set("termsAcceptedAt", new Date().toISOString());
      return redirect(back, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
    },
    close: async () => redirect(back, 303),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.doc.title) }];

export default function RegisterTermsPage() {
  const { doc, r } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <LegalDocument doc={doc} tocLabel={t("legal.toc")}>
      <Form method="post" className="button-row">
        <input type="hidden" name="r" value={r} />
        <button type="submit" name="intent" value="approve" className="button">
          {t("register.approve")}
        </button>
        <button type="submit" name="intent" value="close" className="button button--secondary">
          {t("register.close")}
        </button>
      </Form>
    </LegalDocument>
  );
}
