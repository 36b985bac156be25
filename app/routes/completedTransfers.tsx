import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/server/auth/guards.server";
import { loadListPage } from "~/server/list-page.server";
import { getT } from "~/server/i18n.server";
import { ListControls, useDelayedLoading, useFocusFirstNewRow } from "~/ui/ListControls";
import { TransferTable } from "~/ui/TransferTable";
import { useTenantPresence } from "~/islands/live/presence";
import { pageTitle } from "~/ui/page-title";

/**
 * Avklarade överlåtelser (spec 01 "Completed transfers"): cases up to 12 months after the membership decision,
 * and those whose entry date is still ahead. Search criteria are stored under their own key.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: "PropertyManager" });
  const t = await getT(request, "transferList");
  const { data, status } = await loadListPage(request, user, {
    kind: "completed",
    basePath: "/completedTransfers",
    baseParams: {},
    storageKey: "completedTransfers",
    columns: ["Object", "Association", "Type", "Initiator", "Status", "Modified"],
    withToggles: false,
  });
  return json(
    {
      ...data,
      title: t("completedTitle"),
      me: { id: user.id, tenantId: user.tenantId, firstName: user.firstName, lastName: user.lastName },
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function CompletedTransfersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("transferList");
  const location = useLocation();
  const late = useDelayedLoading("/completedTransfers");
  useFocusFirstNewRow(data.firstNewIndex, location.key);
  const liveWatchers = useTenantPresence(data.me);
  return (
    <div className="page page--wide">
      <h1>{data.title}</h1>
      <ListControls
        hidden={data.hidden}
        filters={data.filters}
        toggles={null}
        search={data.query.search}
        searchMaxLength={data.searchMaxLength}
      />
      {data.failed ? (
        <p className="notice notice--error" role="alert">
          {t("fetchFailed")}
        </p>
      ) : null}
      <p className="list-status" role="status">
        {late ? t("loading") : t("showing", { shown: data.rows.length, total: data.total })}
      </p>
      {data.rows.length === 0 && !data.failed ? (
        <div className="empty-state">
          <h2>{t("empty.title")}</h2>
          {data.searchActive ? <p>{t("empty.searchHint")}</p> : null}
          {data.filtersActive ? <p>{t("empty.filterHint")}</p> : null}
        </div>
      ) : (
        <div className={late ? "list-region list-region--loading" : "list-region"} aria-busy={late}>
          <TransferTable
            rows={data.rows}
            viewerRole="PropertyManager"
            columns={data.columns}
            sortLinks={data.sortLinks}
            caption={t("caption", {
              column: t(`columns.${data.query.order.by}`),
              direction: t(`direction.${data.query.order.direction}`),
            })}
            firstNewIndex={data.firstNewIndex}
            hrefFor={(id) => `/transfers/${id}`}
            liveWatchers={liveWatchers}
          />
        </div>
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
