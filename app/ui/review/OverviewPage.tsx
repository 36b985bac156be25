import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreditCheckEvents } from "~/islands/live/credit-checks";
import { useLiveRevalidate, useTransferEvents } from "~/islands/live/transfer-events";
import type { TransferReview } from "~/schemas/transfer-views";
import { DecisionBox, OverviewFacts } from "~/ui/review/OverviewFacts";
import { ReviewHeader, type ReviewTab } from "~/ui/review/ReviewHeader";

/**
 * The Översikt page of a transfer (spec 02 §2.4), for the review side and the private party alike: the header with
 * its tabs, the membership decision box with the transfer summary, and the facts (object, association, parties,
 * intermediary). The review side adds its actions below the decision and an aside (watchers, notes).
 *
 * With JavaScript the page follows the transfer's live events (spec 02 §4 "Live events"): a decision, an abort, a
 * task that starts or ends, a verified document or a new summary reloads its data in place; without JavaScript a
 * reload shows the same state.
 */
const LIVE_EVENTS = [
  "transferApproved",
  "membershipApproved",
  "membershipRejected",
  "transferReadyForReview",
  "transferTaskStarted",
  "transferTaskCompleted",
  "documentVerified",
  "transferSummaryDocumentUpdated",
] as const;

export function OverviewPage({
  review,
  role,
  basePath,
  tabs,
  before,
  actions,
  aside,
  decisionRecordHref,
  liveSince,
}: {
  review: TransferReview;
  /** When the data was read: the live join replays what happened since (islands/live/transfer-events). */
  liveSince: number;
  role: "PropertyManager" | "BoardMember";
  basePath: string;
  /** The tabs, when not the review side's own. */
  tabs: ReviewTab[] | null;
  /** Above the header: a form's error summary. */
  before?: React.ReactNode;
  /** Below the decision box: the actions offered. */
  actions?: React.ReactNode;
  /** Beside the page: who watches, the notes. */
  aside?: React.ReactNode;
  /** The decision record's page, on the review side. */
  decisionRecordHref?: string;
}) {
  const { t } = useTranslation("review");
  const reload = useLiveRevalidate();
  useTransferEvents(review.id, LIVE_EVENTS, reload, { since: liveSince });
  useCreditCheckEvents(review, reload, liveSince);
  // Spec 02 §4: an abort that completes while the page is open is said, not only shown in the status.
  const [aborted, setAborted] = useState(false);
  useTransferEvents(
    review.id,
    ["transferAborted"],
    () => {
      setAborted(true);
      reload();
    },
    { since: liveSince },
  );
  // Said once the reloaded transfer shows it (an event replayed after a reconnect says nothing new).
  const abortedHere = aborted && review.status === "Aborted";
  return (
    <div className="page page--wide review">
      {before}
      <div role="alert" className={abortedHere ? "notice notice--error" : undefined}>
        {abortedHere ? t("live.aborted") : null}
      </div>
      <ReviewHeader review={review} role={role} basePath={basePath} tabs={tabs ?? undefined} />
      <div className="review__layout">
        <div className="review__main">
          <DecisionBox review={review} recordHref={decisionRecordHref} />
          {actions}
          <OverviewFacts review={review} />
        </div>
        {aside}
      </div>
    </div>
  );
}
