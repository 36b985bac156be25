import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLiveRevalidate, useTransferEvents } from "~/islands/live/transfer-events";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { getCreditCheckResult } from "~/server/domain/credit-checks/result.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { svT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";
import { CreditReportView } from "~/ui/review/credit-checks/CreditReport";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import { formatDateTime } from "~/lib/format";

/**
 * A credit check's result (spec 02 §2.10), for the board members of the transfer's association: on Success the
 * bureau's report as a document (rating, personal details, residence, debts in KSEK, incomes per year, remarks,
 * properties, events of the last 36 months, order date); otherwise why there is nothing to show (erased per GDPR,
 * no result with its advice, an error, a cancelled or still pending order). Another transfer's order, an order
 * out of the viewer's scope and a missing one are the same not-found page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: "BoardMember", redirectTo: "/noPermissions" });
  const db = getDb();
  const viewer = await viewerFor(db, user);
  const t = svT();
  const now = new Date();
  const result = await getCreditCheckResult({ db, viewer, now, t }, params.id ?? "", params.orderId ?? "");
  if (!result) throw json({ title: t("review:notFoundTitle") }, { status: 404 });
  return json(
    {
      title: t("review:creditCheck.result.title"),
      liveSince: now.getTime(),
      result: {
        ...result,
        person: {
          name: result.person.name,
          identifier: formatIdentifierForDisplay(result.person.identifier),
        },
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: pageTitle(data ? `${data.title} – ${data.result.person.name}` : thrownTitle(error)) },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function CreditCheckResultPage() {
  const { result, liveSince } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  // A pending order's page follows its events with JavaScript; without, a reload shows the answer.
  const reload = useLiveRevalidate();
  useTransferEvents(
    result.transferId,
    ["creditCheckOrderStatusUpdated"],
    (payload) => {
      const orderId = (payload as { orderId?: string } | undefined)?.orderId;
      if (orderId === undefined || orderId === result.orderId) reload();
    },
    { since: liveSince, enabled: result.status === "Pending" },
  );
  const unavailable = (titleKey: string, textKey: string) => (
    <div className="notice" role="status">
      <h2>{t(titleKey)}</h2>
      <p>{t(textKey)}</p>
    </div>
  );
  return (
    <div className="page credit-check">
      <p>
        <Link to={`/transfers/${encodeURIComponent(result.transferId)}/overview`}>
          {t("creditCheck.result.back")}
        </Link>
      </p>
      <h1>
        {t("creditCheck.result.title")}: {result.person.name}
      </h1>
      <dl className="summary-list">
        <div>
          <dt>{t("creditCheck.result.identifier")}</dt>
          <dd className="nowrap">{result.person.identifier}</dd>
        </div>
        <div>
          <dt>{t("object")}</dt>
          <dd className="nowrap">{result.objectDescription}</dd>
        </div>
        <div>
          <dt>{t("creditCheck.result.orderDate")}</dt>
          <dd>
            <time dateTime={result.orderedAt}>{formatDateTime(result.orderedAt)}</time>
          </dd>
        </div>
      </dl>
      {result.dataErasedAt ? (
        unavailable("creditCheck.result.erasedTitle", "creditCheck.result.erasedText")
      ) : result.status === "SuccessWithoutResult" ? (
        unavailable("creditCheck.result.withoutResultTitle", "creditCheck.result.withoutResultText")
      ) : result.status === "Error" ? (
        unavailable("creditCheck.result.errorTitle", "creditCheck.result.errorText")
      ) : result.status === "Cancelled" ? (
        unavailable("creditCheck.result.cancelledTitle", "creditCheck.result.cancelledText")
      ) : result.status === "Pending" ? (
        unavailable("creditCheck.result.pendingTitle", "creditCheck.result.pendingText")
      ) : result.report ? (
        <CreditReportView report={result.report} orderedAt={result.orderedAt} />
      ) : (
        unavailable("creditCheck.result.errorTitle", "creditCheck.result.unreadableText")
      )}
    </div>
  );
}
