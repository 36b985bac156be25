import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getEnv } from "~/server/platform/env.server";
import { getT } from "~/server/platform/i18n.server";
import { FaqList, type FaqEntry } from "~/islands/FaqList";
import { pageTitle } from "~/ui/page-title";

interface FaqContent {
  title: string;
  lead: string;
  entries: FaqEntry[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "faq");
  const values = { supportEmail: getEnv().SUPPORT_EMAIL };
  const content: FaqContent = {
    title: t("title", values),
    lead: t("lead", values),
    entries: t("entries", { returnObjects: true, ...values }) as unknown as FaqEntry[],
  };
  return json(content);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function FaqPage() {
  const { title, lead, entries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--prose">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <FaqList entries={entries} copiedText={t("faqPage.copied")} />
    </div>
  );
}
