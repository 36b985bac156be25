import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/server/auth/guards.server";
import { loadListPage } from "~/server/web/list-page.server";
import { getT } from "~/server/platform/i18n.server";
import { ListControls } from "~/ui/ListControls";
import { TransferListResults } from "~/ui/TransferListResults";
import { useTenantPresence } from "~/islands/live/presence";
import { pageTitle } from "~/ui/page-title";

/**
 * Överlåtelser (spec 01 "Transfer list"): property managers get two tabs (Aktiva överlåtelser, Endast
 * förvaltaravtal) chosen by ?tab=, board members one list. The whole page is a GET form and links.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, {
    role: ["PropertyManager", "BoardMember"],
    redirectTo: "/noPermissions",
  });
  const t = await getT(request, "transferList");
  const isManager = user.role === "PropertyManager";
  const tab =
    new URL(request.url).searchParams.get("tab") === "propertyManager" ? "propertyManager" : "active";
  const kind = isManager ? tab : "board";
  const { data, status } = await loadListPage(request, user, {
    kind,
    basePath: "/transfers",
    baseParams: isManager && tab === "propertyManager" ? { tab } : {},
    storageKey: `transfers:${kind}`,
    columns: isManager
      ? ["Object", "Association", "Type", "Initiator", "Status", "Modified"]
      : ["Object", "Association", "Address", "Type", "Status", "Modified"],
    withToggles: isManager,
  });
  return json(
    {
      ...data,
      title: t("title"),
      role: user.role,
      me: { id: user.id, tenantId: user.tenantId, firstName: user.firstName, lastName: user.lastName },
      tab: isManager ? tab : null,
      showPrivateLink: !isManager && user.features.includes("private_agreement"),
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function TransfersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("transferList");
  const liveWatchers = useTenantPresence(data.me);
  return (
    <div className="page page--wide">
      <div className="page-heading">
        <h1>{data.title}</h1>
        {data.role === "PropertyManager" ? (
          <Link to="/newTransfer" className="button">
            {t("newTransfer")}
          </Link>
        ) : data.showPrivateLink ? (
          <Link to="/transfers/private" className="button button--secondary">
            {t("privateTitle")}
          </Link>
        ) : null}
      </div>
      {data.tab ? (
        <nav aria-label={t("tabs.label")} className="tabs">
          <ul>
            {(["active", "propertyManager"] as const).map((tab) => (
              <li key={tab}>
                <Link
                  to={tab === "active" ? "/transfers?tab=active" : "/transfers?tab=propertyManager"}
                  aria-current={data.tab === tab ? "page" : undefined}
                >
                  {t(`tabs.${tab}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ListControls
        key={data.tab ?? "board"}
        hidden={data.hidden}
        filters={data.filters}
        toggles={data.toggles}
        search={data.query.search}
        searchMaxLength={data.searchMaxLength}
      />
      <TransferListResults
        pathname="/transfers"
        viewerRole={data.role}
        list={data}
        liveWatchers={liveWatchers}
      />
    </div>
  );
}
