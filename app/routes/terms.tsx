import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { legalDocument } from "~/server/web/legal.server";
import { LegalDocument } from "~/ui/LegalDocument";
import { pageTitle } from "~/ui/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ doc: await legalDocument(request, "terms") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.doc.title) }];

export default function TermsPage() {
  const { doc } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <LegalDocument doc={doc} tocLabel={t("legal.toc")} />;
}
