import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "~/server/platform/http.server";
import { legalDocument } from "~/server/web/legal.server";
import { hasCookieConsent, serializeCookieConsent } from "~/server/platform/session.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { LegalDocument } from "~/ui/LegalDocument";
import { storeConsent } from "~/ui/CookieConsent";
import { handleIntent, readPageForm } from "~/server/web/forms.server";
import { pageTitle } from "~/ui/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ doc: await legalDocument(request, "cookies"), accepted: await hasCookieConsent(request) });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/cookies");
  return handleIntent(form, {
    // Godkänn: back to the page the notice covered, with a notice that it was recorded.
    "accept-cookies": async () =>
      redirectWithToast(
        back,
        { key: "toast.cookiesAccepted", type: "success" },
        { headers: { "Set-Cookie": await serializeCookieConsent() }, request },
      ),
    // Accepted earlier in this browser (local storage) but the cookie is gone: renewed without a word.
    "renew-cookies": async () =>
      redirect(back, { status: 303, headers: { "Set-Cookie": await serializeCookieConsent() } }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.doc.title) }];

export default function CookiesPage() {
  const { doc, accepted } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <LegalDocument doc={doc} tocLabel={t("legal.toc")}>
      {accepted ? (
        <p className="notice notice--success">{doc.accepted}</p>
      ) : (
        <Form method="post" onSubmit={storeConsent}>
          <input type="hidden" name="intent" value="accept-cookies" />
          <input type="hidden" name="redirectTo" value="/cookies" />
          <button type="submit" className="button">
            {doc.acceptButton}
          </button>
        </Form>
      )}
    </LegalDocument>
  );
}
