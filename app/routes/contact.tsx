import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { tenantForRequest } from "~/server/auth/request-tenant.server";
import { supportContactOf } from "~/server/domain/tenants.server";
import { getEnv } from "~/server/platform/env.server";
import { getT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  const tenant = await tenantForRequest(request);
  const t = await getT(request);
  return json({
    title: t("contact.title"),
    manager: supportContactOf(tenant),
    technicalSupportEmail: getEnv().SUPPORT_EMAIL,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function ContactPage() {
  const { manager, technicalSupportEmail } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hasManagerContact = Boolean(manager.emailAddress || manager.phoneNumber);
  return (
    <div className="page page--prose">
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.lead")}</p>
      {hasManagerContact ? (
        <section aria-labelledby="manager-heading">
          <h2 id="manager-heading">{t("contact.managerHeading")}</h2>
          <dl className="summary-list">
            {manager.emailAddress ? (
              <div>
                <dt>{t("contact.email")}</dt>
                <dd>
                  <a href={`mailto:${manager.emailAddress}`}>{manager.emailAddress}</a>
                </dd>
              </div>
            ) : null}
            {manager.phoneNumber ? (
              <div>
                <dt>{t("contact.phone")}</dt>
                <dd>
                  <a href={`tel:${manager.phoneNumber.replace(/[^\d+]/g, "")}`}>{manager.phoneNumber}</a>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : (
        <section aria-labelledby="technical-heading">
          <p className="notice">{t("contact.missingManager")}</p>
          <h2 id="technical-heading">{t("contact.technicalHeading")}</h2>
          <p>{t("contact.technicalText")}</p>
          <p>
            <a href={`mailto:${technicalSupportEmail}`}>{technicalSupportEmail}</a>
          </p>
        </section>
      )}
      <p>
        {t("contact.faqText")} <a href="/faq">{t("contact.faqLink")}</a>
      </p>
    </div>
  );
}
