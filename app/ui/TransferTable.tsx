import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { abbreviateAssociationName } from "~/lib/association";
import { formatDate } from "~/lib/format";
import { initials, personDisplayName } from "~/lib/person";
import { displayedStatus, displayedStatusLabel, statusColour } from "~/lib/transfer-display";
import { CELL_MAX, truncate } from "~/lib/truncate";
import type { TransferListItem } from "~/schemas/transfer-views";
import { useCachedT, type CachedT } from "./use-cached-t";

export type SortLink = { href: string; ariaSort: "ascending" | "descending" | "none" };

export interface ListRow extends TransferListItem {
  watchers: Array<{ firstName: string; lastName: string }>;
}

export interface TransferTableProps {
  rows: ListRow[];
  viewerRole: "PropertyManager" | "BoardMember";
  columns: Array<"Object" | "Association" | "Address" | "Type" | "Initiator" | "Status" | "Modified">;
  sortLinks: Record<string, SortLink>;
  caption: string;
  /** Index of the first row of the page just loaded: it carries the anchor "Hämta fler" jumps to. */
  firstNewIndex: number | null;
  hrefFor: (transferId: string) => string;
  /** Co-workers from the live channel; when present they replace the server-rendered ones. */
  liveWatchers?: ReadonlyMap<string, ReadonlyArray<{ firstName: string; lastName: string }>> | null;
}

/** The transfer list (spec 01 "Transfer list"): a sortable table that becomes a compact list on narrow screens. */
export function TransferTable({
  rows,
  viewerRole: role,
  columns,
  sortLinks,
  caption,
  firstNewIndex,
  hrefFor,
  liveWatchers = null,
}: TransferTableProps) {
  const t = useCachedT("transferList");
  const tt = useCachedT("transfer");
  return (
    <table className="transfer-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("columns.activity")}</th>
          {columns.map((column) => {
            const link = sortLinks[column];
            return (
              <th key={column} scope="col" aria-sort={link?.ariaSort ?? "none"}>
                {link ? (
                  <Link to={link.href} preventScrollReset className="sort-link">
                    {t(`columns.${column}`)}
                    <span className="sort-link__arrow" aria-hidden="true">
                      {link.ariaSort === "ascending" ? "▲" : link.ariaSort === "descending" ? "▼" : "↕"}
                    </span>
                  </Link>
                ) : (
                  t(`columns.${column}`)
                )}
              </th>
            );
          })}
          <th scope="col">{t("columns.icons")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={row.transferId}
            id={index === firstNewIndex ? "forsta-nya" : undefined}
            tabIndex={index === firstNewIndex ? -1 : undefined}
          >
            <td data-label={t("columns.activity")}>
              <Watchers
                t={t}
                watchers={liveWatchers ? (liveWatchers.get(row.transferId) ?? []) : row.watchers}
              />
            </td>
            {columns.map((column) => (
              <td key={column} data-label={t(`columns.${column}`)}>
                <Cell row={row} column={column} role={role} href={hrefFor(row.transferId)} t={t} tt={tt} />
              </td>
            ))}
            <td data-label={t("columns.icons")}>
              <StatusIcons row={row} role={role} t={t} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({
  row,
  column,
  role,
  href,
  t,
  tt,
}: {
  row: ListRow;
  column: TransferTableProps["columns"][number];
  role: TransferTableProps["viewerRole"];
  href: string;
  t: CachedT;
  tt: CachedT;
}) {
  switch (column) {
    case "Object":
      return (
        <Link to={href} className="nowrap">
          {row.objectDescription}
        </Link>
      );
    case "Association":
      return (
        <Truncated text={abbreviateAssociationName(row.tenantAssociation)} full={row.tenantAssociation} />
      );
    case "Address": {
      const address = [
        row.address.street,
        [row.address.postalCode, row.address.city].filter(Boolean).join(" "),
      ]
        .filter(Boolean)
        .join(", ");
      return <Truncated text={address} full={address} />;
    }
    case "Type":
      return <>{tt(`transferType.${row.transferType}`)}</>;
    case "Initiator":
      return <>{t(`initiator.${row.initiatorRole}`)}</>;
    case "Status":
      return <StatusTag row={row} role={role} t={tt} />;
    case "Modified":
      return <time dateTime={row.modified}>{formatDate(row.modified)}</time>;
  }
}

/** Text cut at 30 characters for the eye; the whole text stays available to screen readers. */
function Truncated({ text, full }: { text: string; full: string }) {
  const short = truncate(text, CELL_MAX);
  if (short === full) return <>{full}</>;
  return (
    <>
      <span aria-hidden="true" title={full}>
        {short}
      </span>
      <span className="visually-hidden">{full}</span>
    </>
  );
}

export function StatusTag({
  row,
  role,
  t: cached,
}: {
  row: Pick<TransferListItem, "status" | "actionIsNeeded" | "awaitingInfoRequestAnswer" | "hasDeviation">;
  role: TransferTableProps["viewerRole"];
  /** A list passes its cached translations; alone, the tag translates itself. */
  t?: CachedT;
}) {
  const { t: own } = useTranslation("transfer");
  const t: CachedT = cached ?? ((key, values) => (values ? own(key, values) : own(key)));
  const displayed = displayedStatus(row);
  const label = displayedStatusLabel(displayed);
  const colour = statusColour(displayed, role, { hasDeviations: row.hasDeviation });
  return <strong className={`status-tag status-tag--${colour}`}>{t(label.key, label.values)}</strong>;
}

function Watchers({
  watchers,
  t,
}: {
  watchers: ReadonlyArray<{ firstName: string; lastName: string }>;
  t: CachedT;
}) {
  if (watchers.length === 0) return <span className="visually-hidden">{t("nobodyWatching")}</span>;
  const names = watchers.map((w) => personDisplayName(w)).join(", ");
  return (
    <span className="watchers" role="img" aria-label={t("watching", { names })} title={names}>
      {watchers.slice(0, 3).map((w) => (
        <span key={`${w.firstName}-${w.lastName}`} className="watchers__avatar" aria-hidden="true">
          {initials(w)}
        </span>
      ))}
      {watchers.length > 3 ? (
        <span className="watchers__more" aria-hidden="true">
          +{watchers.length - 3}
        </span>
      ) : null}
    </span>
  );
}

const ICON_PATHS: Record<string, string> = {
  finalized: "M4 12l5 5L20 6",
  deviation: "M12 3l10 18H2zM12 10v5M12 18v.5",
  salesStopped: "M5 5h14v14H5zM9 9h6v6H9z",
  underInvestigation: "M10 4a6 6 0 1 1 0 12a6 6 0 1 1 0-12M15 15l6 6",
  partsNotified: "M3 6h18v12H3zM3 6l9 7l9-7",
  expired: "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18M12 7v5l3 3",
  unresolvedMessages: "M4 5h16v11H8l-4 4z",
};

function Icon({ name, label, count }: { name: string; label: string; count?: number }) {
  return (
    <span className={`status-icon status-icon--${name}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={ICON_PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      {count !== undefined ? <span aria-hidden="true">{count}</span> : null}
    </span>
  );
}

/** Status icons of spec 01 (managers: all seven; board members: the message count). Each has a text alternative. */
function StatusIcons({ row, role, t }: { row: ListRow; role: TransferTableProps["viewerRole"]; t: CachedT }) {
  const icons = [];
  if (role === "PropertyManager") {
    if (row.finalizedAtPropertyManager)
      icons.push(<Icon key="f" name="finalized" label={t("icons.finalized")} />);
    if (row.hasDeviation) icons.push(<Icon key="d" name="deviation" label={t("icons.deviation")} />);
    if (row.saleStatus === "Stopped")
      icons.push(<Icon key="s" name="salesStopped" label={t("icons.salesStopped")} />);
    if (row.underInvestigationSince)
      icons.push(<Icon key="u" name="underInvestigation" label={t("icons.underInvestigation")} />);
    if (row.partsNotified) icons.push(<Icon key="p" name="partsNotified" label={t("icons.partsNotified")} />);
    if (row.expired) icons.push(<Icon key="e" name="expired" label={t("icons.expired")} />);
  }
  if (row.unresolvedMessages > 0) {
    icons.push(
      <Icon
        key="m"
        name="unresolvedMessages"
        label={t("icons.unresolvedMessages", { count: row.unresolvedMessages })}
        count={row.unresolvedMessages}
      />,
    );
  }
  return <span className="status-icons">{icons}</span>;
}
