import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/server/auth/guards.server";
import { loadListPage } from "~/server/web/list-page.server";
import { getT } from "~/server/platform/i18n.server";
import { ListControls } from "~/ui/ListControls";
import { TransferListResults } from "~/ui/TransferListResults";
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
      <TransferListResults
        pathname="/completedTransfers"
        viewerRole={"PropertyManager"}
        list={data}
        liveWatchers={liveWatchers}
      />
    </div>
  );
}
