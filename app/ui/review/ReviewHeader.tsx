import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TransferReview } from "~/schemas/transfer-views";
import { StatusTag } from "~/ui/TransferTable";

// Spec 02 §2.1's order.
const TABS = ["overview", "documents", "additionals", "analysis", "messages"] as const;
export type ReviewTab = (typeof TABS)[number];
/**
 * Spec 02 §2.1, §2.3: Granskning is the property manager's tab; Kompletteringar needs the action
 * requestAdditionalInformation (the server's canRequestAdditionalInformation).
 */
const tabsFor = (role: string, review: TransferReview) =>
  TABS.filter(
    (tab) =>
      (tab !== "analysis" || role === "PropertyManager") &&
      (tab !== "additionals" || review.canRequestAdditionalInformation),
  );

/** Association, type and object, the status, the maintenance notice and the tabs (navigation links). */
export function ReviewHeader({
  review,
  role,
  current = "overview",
  basePath = `/transfers/${review.id}`,
  tabs = tabsFor(role, review),
}: {
  review: TransferReview;
  role: React.ComponentProps<typeof StatusTag>["role"];
  /** The tab this page is (aria-current="page"). */
  current?: ReviewTab;
  /** Where the tabs are: /transfers/{id}, or /transfers/private/{id} for the private party. */
  basePath?: string;
  /** The tabs this viewer has, when not the review side's own (the private party's pages). */
  tabs?: readonly ReviewTab[];
}) {
  const { t } = useTranslation("review");
  const { t: tt } = useTranslation("transfer");
  return (
    <>
      <header className="review__header">
        <p className="muted">
          {review.tenantAssociation.name} · {tt(`transferType.${review.transferType}`)}
        </p>
        <h1>
          <span className="nowrap">{review.objectDescription}</span>
        </h1>
        <p>
          <StatusTag row={{ ...review, hasDeviation: review.hasDeviations }} role={role} />
        </p>
      </header>
      {review.propertyManager.underMaintenance ? (
        <p className="notice" role="note">
          {t("maintenance")}
        </p>
      ) : null}
      <nav className="tabs" aria-label={t("tabs.label")}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab}>
              <Link to={`${basePath}/${tab}`} aria-current={tab === current ? "page" : undefined}>
                {tab === "messages" ? <MessagesTabLabel count={review.numberOfMessages} /> : t(`tabs.${tab}`)}
                {tab === "additionals" && (review.actionIsNeeded || review.awaitingInfoRequestAnswer) ? (
                  <>
                    <span className="tab-marker" aria-hidden="true" />
                    <span className="visually-hidden"> ({t("additionals.tabMarker")})</span>
                  </>
                ) : null}
                {tab === "analysis" && review.hasDeviations ? (
                  <>
                    <span className="tab-marker" aria-hidden="true" />
                    <span className="visually-hidden"> ({t("tabs.hasDeviations")})</span>
                  </>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Meddelande or Meddelanden, with the number of messages as a badge (spec 02 §2.1). */
function MessagesTabLabel({ count }: { count: number }) {
  const { t } = useTranslation("review");
  return (
    <>
      {t("messages.tab", { count })}
      {count > 0 ? (
        <span className="tab-badge">
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">, {t("messages.tabCount", { count })}</span>
        </span>
      ) : null}
    </>
  );
}
