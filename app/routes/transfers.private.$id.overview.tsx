import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { overviewOf, reviewPage } from "~/server/web/review-page.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import { OverviewPage } from "~/ui/review/OverviewPage";

/**
 * /transfers/private/{id}/overview (spec 02 §2.2, §2.4; spec 03 §2.3): the private party's own private transfer:
 * the decision box with the transfer summary, the object, the association and the parties, the maintenance notice.
 * No notes panel and no manager actions; anyone else's transfer is `Överlåtelsen hittades inte`.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await reviewPage(request, "private");
  return json(await overviewOf(request, page, params.id ?? ""), {
    headers: { "Cache-Control": "no-store" },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" backTo="/transfers/private" />;
}

export default function PrivateTransferOverview() {
  const { review, role, basePath, tabs, liveSince } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wizard");
  // `Ny ansökan` (spec 03 §2.3) only when the server offers the application to this user now.
  const apply = review.actions.some((a) => a.type === "CreateApplication" && !a.disabled);
  return (
    <OverviewPage
      review={review}
      liveSince={liveSince}
      role={role}
      basePath={basePath}
      tabs={tabs}
      actions={
        apply ? (
          <p>
            <Link to={`${basePath}/application`} className="button">
              {t("newApplication")}
            </Link>
          </p>
        ) : undefined
      }
    />
  );
}
