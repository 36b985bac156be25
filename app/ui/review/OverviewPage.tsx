import type { TransferReview } from "~/schemas/transfer-views";
import { DecisionBox, OverviewFacts } from "~/ui/review/OverviewFacts";
import { ReviewHeader, type ReviewTab } from "~/ui/review/ReviewHeader";

/**
 * The Översikt page of a transfer (spec 02 §2.4), for the review side and the private party alike: the header with
 * its tabs, the membership decision box with the transfer summary, and the facts (object, association, parties,
 * intermediary). The review side adds its actions below the decision and an aside (watchers, notes).
 */
export function OverviewPage({
  review,
  role,
  basePath,
  tabs,
  before,
  actions,
  aside,
}: {
  review: TransferReview;
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
}) {
  return (
    <div className="page page--wide review">
      {before}
      <ReviewHeader review={review} role={role} basePath={basePath} tabs={tabs ?? undefined} />
      <div className="review__layout">
        <div className="review__main">
          <DecisionBox review={review} />
          {actions}
          <OverviewFacts review={review} />
        </div>
        {aside}
      </div>
    </div>
  );
}
