import { readForm } from "~/server/body.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "~/server/http.server";
import { getT } from "~/server/i18n.server";
import { legalDocument } from "~/server/legal.server";
import { hasCookieConsent, serializeCookieConsent } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { LegalDocument } from "~/ui/LegalDocument";
import { storeConsent } from "~/ui/CookieConsent";
import { pageTitle } from "~/ui/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ doc: await legalDocument(request, "cookies"), accepted: await hasCookieConsent(request) });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "accept-cookies") {
    return json({ error: (await getT(request))("errors.badRequest") }, { status: 400 });
  }
  const headers = { "Set-Cookie": await serializeCookieConsent() };
  // A fetcher (JavaScript) gets a plain answer; a document post is redirected back with a notice.
  if (form.get("mode") === "fetch") return json({ ok: true }, { headers });
  return redirectWithToast(
    safeRedirect(form.get("redirectTo"), "/cookies"),
    { key: "toast.cookiesAccepted", type: "success" },
    { headers, request },
  );
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
