import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/format";
import { personDisplayName } from "~/lib/person";
import { processStepViews, stateIsInLabel } from "~/lib/transfer-display";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { defaultListQuery } from "~/server/domain/transfers/lists/query.server";
import { firstRowOfPage, searchTransfers } from "~/server/domain/transfers/lists/search.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { toPrivateListItems } from "~/server/domain/transfers/views.server";
import { getT } from "~/server/platform/i18n.server";
import type { PrivateListItem } from "~/schemas/transfer-views";
import { useFocusFirstNewRow } from "~/ui/ListControls";
import { pageTitle } from "~/ui/page-title";
import { getLog } from "~/server/platform/log.server";

/**
 * Mina överlåtelser (spec 01 "My private transfers"): the private party's own transfers as cards, newest first.
 * "Ny överlåtelse" asks for confirmation when transfers exist: ?confirm=new shows the question as part of the
 * page, so it works the same with and without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: "BoardMember", feature: "private_agreement" });
  const t = await getT(request, "transferList");
  const url = new URL(request.url);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  const db = getDb();
  const viewer = await viewerFor(db, user);
  let failed = false;
  let items: PrivateListItem[] = [];
  let total = 0;
  let hasMore = false;
  try {
    const result = await searchTransfers(
      db,
      viewer,
      { ...defaultListQuery("private"), page },
      { now: new Date(), cumulative: true },
    );
    items = await toPrivateListItems(db, result.rows);
    total = result.totalResults;
    hasMore = result.hasMoreResults;
  } catch (error) {
    getLog().error({ err: error }, "the private transfers could not be read");
    failed = true;
  }
  const confirming = url.searchParams.get("confirm") === "new" && total > 0;
  return json(
    {
      title: t("privateTitle"),
      items,
      total,
      page,
      failed,
      confirming,
      firstNewIndex: firstRowOfPage(page, items.length),
      nextHref: hasMore ? `/transfers/private?page=${page + 1}#forsta-nya` : null,
      // Without transfers there is nothing to confirm: straight to the new-transfer screen.
      newHref:
        total > 0
          ? `/transfers/private?confirm=new${page > 1 ? `&page=${page}` : ""}#confirm`
          : "/transfers/private/new",
    },
    { status: failed ? 503 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function PrivateTransfersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("transferList");
  const location = useLocation();
  useFocusFirstNewRow(data.firstNewIndex, location.key);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data.confirming) confirmRef.current?.focus();
  }, [data.confirming, location.key]);
  return (
    <div className="page page--wide">
      <div className="page-heading">
        <h1>{data.title}</h1>
        <Link to={data.newHref} className="button" preventScrollReset>
          {t("newTransfer")}
        </Link>
      </div>
      {data.confirming ? (
        <section className="confirm-panel" aria-labelledby="confirm">
          <h2 id="confirm" tabIndex={-1} ref={confirmRef}>
            {t("private.confirmTitle")}
          </h2>
          <p>{t("private.confirmText")}</p>
          <div className="button-row">
            <Link to="/transfers/private/new" className="button">
              {t("private.confirmYes")}
            </Link>
            <Link to="/transfers/private" className="button button--secondary">
              {t("private.confirmNo")}
            </Link>
          </div>
        </section>
      ) : null}
      {data.failed ? (
        <p className="notice notice--error" role="alert">
          {t("fetchFailed")}
        </p>
      ) : null}
      <p className="list-status" role="status">
        {t("showing", { shown: data.items.length, total: data.total })}
      </p>
      {data.items.length === 0 && !data.failed ? (
        <div className="empty-state">
          <h2>{t("empty.title")}</h2>
        </div>
      ) : (
        <ul className="cards">
          {data.items.map((item, index) => (
            <li
              key={item.id}
              id={index === data.firstNewIndex ? "forsta-nya" : undefined}
              tabIndex={index === data.firstNewIndex ? -1 : undefined}
            >
              <PrivateCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {data.nextHref ? (
        <p>
          <Link to={data.nextHref} preventScrollReset replace className="button button--secondary">
            {t("loadMore")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function PrivateCard({ item }: { item: PrivateListItem }) {
  const { t } = useTranslation("transferList");
  const { t: tt } = useTranslation("transfer");
  const steps = processStepViews({
    status: item.status,
    membershipDecision: item.membershipDecision,
    managerName: item.propertyManager.displayName,
  });
  const names = (people: PrivateListItem["acquirers"]) =>
    people.map((p) => personDisplayName(p)).join(", ") || "-";
  const initiator =
    item.initiatorRole === "Intermediary" || item.initiatorRole === "BoardMember"
      ? null
      : tt(`initiator.${item.initiatorRole}`);
  return (
    <article className="card" aria-labelledby={`card-${item.id}`}>
      <h2 className="card__title" id={`card-${item.id}`}>
        <Link
          to={`/transfers/private/${encodeURIComponent(item.id)}/overview`}
          aria-label={t("private.open", { object: item.objectDescription })}
        >
          {item.objectDescription}
        </Link>
        {initiator ? <span className="tag">{initiator}</span> : null}
      </h2>
      <p className="card__flags">
        {item.saleStatus === "Stopped" ? (
          <strong className="status-tag status-tag--red">{tt("flag.saleStopped")}</strong>
        ) : null}
        {item.isUnderInvestigation ? (
          <strong className="status-tag status-tag--darkOrange">{tt("flag.underInvestigation")}</strong>
        ) : null}
        {item.actionIsNeeded ? (
          <strong className="status-tag status-tag--orange">{t("private.supplementRequested")}</strong>
        ) : null}
      </p>
      <dl className="summary-list summary-list--compact">
        <div>
          <dt>{t("private.transferors")}</dt>
          <dd>{names(item.transferors)}</dd>
        </div>
        <div>
          <dt>{t("private.acquirers")}</dt>
          <dd>{names(item.acquirers)}</dd>
        </div>
        <div>
          <dt>{t("private.accessDate")}</dt>
          <dd>{item.agreement.entryDate ? formatDate(item.agreement.entryDate) : "-"}</dd>
        </div>
        <div>
          <dt>{t("private.manager")}</dt>
          <dd>{item.propertyManager.displayName || "-"}</dd>
        </div>
        <div>
          <dt>{t("private.association")}</dt>
          <dd>{item.tenantAssociation.name}</dd>
        </div>
        <div>
          <dt>{t("private.decision")}</dt>
          <dd>
            {item.membershipDecision
              ? t("private.decisionWithDate", {
                  decision: tt(`decision.${item.membershipDecision.decision}`),
                  date: formatDate(item.membershipDecision.date),
                })
              : "-"}
          </dd>
        </div>
        <div>
          <dt>{t("private.modified")}</dt>
          <dd>
            <time dateTime={item.modified}>{formatDateTime(item.modified)}</time>
          </dd>
        </div>
      </dl>
      <ol className="process" aria-label={t("private.process")}>
        {steps.map((step) => (
          <li key={step.type} className={`process__step process__step--${step.view}`}>
            <span className="process__symbol" aria-hidden="true">
              {step.symbol === "check" ? "✓" : step.symbol === "cross" ? "✕" : ""}
            </span>
            <span>
              {stateIsInLabel(step)
                ? tt(step.label.key, step.label.values)
                : t("private.stepWithState", {
                    step: tt(step.label.key, step.label.values),
                    state: tt(`stepState.${step.view}`),
                  })}
              {step.date ? ` ${formatDate(step.date)}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}
