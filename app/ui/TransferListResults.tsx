import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useDelayedLoading, useFocusFirstNewRow } from "./ListControls";
import { TransferTable, type ListRow, type SortLink, type TransferTableProps } from "./TransferTable";

/** The part of a list page's loader data (loadListPage) that the results show. */
export interface ListResultsData {
  rows: ListRow[];
  total: number;
  failed: boolean;
  searchActive: boolean;
  filtersActive: boolean;
  columns: TransferTableProps["columns"];
  sortLinks: Record<string, SortLink>;
  query: { order: { by: string; direction: "Asc" | "Desc" } };
  firstNewIndex: number | null;
  nextHref: string | null;
}

export interface TransferListResultsProps {
  /** The page's path: its own navigations show the loading state after 500 ms. */
  pathname: string;
  viewerRole: TransferTableProps["viewerRole"];
  list: ListResultsData;
  liveWatchers: TransferTableProps["liveWatchers"];
}

/**
 * What the transfer lists (Överlåtelser, Avklarade överlåtelser) show under their search form: the failure
 * notice, "Visar X av Y", the empty state or the table, and "Hämta fler överlåtelser".
 */
export function TransferListResults({ pathname, viewerRole, list, liveWatchers }: TransferListResultsProps) {
  const { t } = useTranslation("transferList");
  const location = useLocation();
  const late = useDelayedLoading(pathname);
  useFocusFirstNewRow(list.firstNewIndex, location.key);
  const props = { ...list, order: list.query.order, viewerRole, liveWatchers };
  return (
    <>
      {props.failed ? (
        <p className="notice notice--error" role="alert">
          {t("fetchFailed")}
        </p>
      ) : null}
      <p className="list-status" role="status">
        {late ? t("loading") : t("showing", { shown: props.rows.length, total: props.total })}
      </p>
      {props.rows.length === 0 && !props.failed ? (
        <div className="empty-state">
          <h2>{t("empty.title")}</h2>
          {props.searchActive ? <p>{t("empty.searchHint")}</p> : null}
          {props.filtersActive ? <p>{t("empty.filterHint")}</p> : null}
          {!props.searchActive && !props.filtersActive ? <p>{t("empty.noneYet")}</p> : null}
        </div>
      ) : (
        <div className={late ? "list-region list-region--loading" : "list-region"} aria-busy={late}>
          <TransferTable
            rows={props.rows}
            viewerRole={props.viewerRole}
            columns={props.columns}
            sortLinks={props.sortLinks}
            caption={t("caption", {
              column: t(`columns.${props.order.by}`),
              direction: t(`direction.${props.order.direction}`),
            })}
            firstNewIndex={props.firstNewIndex}
            hrefFor={(id) => `/transfers/${id}`}
            liveWatchers={props.liveWatchers}
          />
        </div>
      )}
      {props.nextHref ? (
        <p>
          <Link to={props.nextHref} preventScrollReset replace className="button button--secondary">
            {t("loadMore")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
