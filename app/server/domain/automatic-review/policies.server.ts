import { firstBlocker, policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import { hasBackgroundTask, holds, isAbortingOrAborted, isFinal, sidesOf } from "../transfers/rules.server";

/**
 * Accept deviations of the automatic review (spec 02 §4: only while the status is TransferReviewInProgress): the
 * property manager's side with the user action reviewApplication, on a transfer that has been reviewed and is
 * not final; disabled while a background task runs (the review itself), outside TransferReviewInProgress, and
 * when no deviation is open.
 */
export function acceptDeviationAction(
  viewer: Viewer,
  facts: TransferFacts,
  _now: Date,
): PolicyAction<"AcceptDeviation"> | undefined {
  const sides = sidesOf(viewer, facts);
  if (!sides?.propertyManager || !holds(viewer, "reviewApplication")) return undefined;
  if (isAbortingOrAborted(facts) || isFinal(facts) || facts.checks.length === 0) return undefined;
  return policyAction(
    "AcceptDeviation",
    firstBlocker([
      ["backgroundTask", hasBackgroundTask(facts)],
      ["notInTransferReview", facts.status !== "TransferReviewInProgress"],
      ["noOpenDeviations", !facts.checks.some((c) => c.result === "Deviation")],
    ]),
  );
}
