import type { TransferStatus } from "~/lib/transfer";
import { firstBlocker, policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import {
  changeRequestPending,
  hasBackgroundTask,
  hasDecision,
  isAbortingOrAborted,
  sidesOf,
} from "../transfers/rules.server";

/**
 * Agreement change requests (spec 02 §6): the property manager creates them, the board decides them.
 * canMakeDecision = Board, undecided, not aborting; canAcceptChangeRequest adds no background task and no
 * maintenance.
 */

export function changeRequestPermissions(
  viewer: Viewer,
  facts: TransferFacts,
  changeRequestId: string,
  _now: Date,
): { canAcceptChangeRequest: boolean; canMakeDecision: boolean } {
  const sides = sidesOf(viewer, facts);
  const request = facts.changeRequests.find((c) => c.id === changeRequestId);
  const canMakeDecision =
    sides !== null &&
    sides.board &&
    request !== undefined &&
    request.decision === null &&
    !isAbortingOrAborted(facts);
  return {
    canMakeDecision,
    canAcceptChangeRequest:
      canMakeDecision && !hasBackgroundTask(facts) && !facts.propertyManagerUnderMaintenance,
  };
}

/** From the sent application until the board's approval; a rejected membership has no agreement left to change. */
const CHANGE_REQUEST_STATUSES: readonly TransferStatus[] = [
  "ApplicationSent",
  "OngoingApplications",
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
  "MembershipApproved",
];

/**
 * `Ny ändringsbegäran` (spec 02 §6: the property manager creates change requests, the board decides them): offered
 * to the manager's side in CHANGE_REQUEST_STATUSES, not while aborting; disabled by a background task and by an
 * undecided change request (one at a time, so that its previous values stay the agreement it changes).
 */
export function changeRequestCreation(
  viewer: Viewer,
  facts: TransferFacts,
  _now: Date,
): PolicyAction<"CreateChangeRequest"> | undefined {
  const sides = sidesOf(viewer, facts);
  if (sides === null || !sides.propertyManager || isAbortingOrAborted(facts)) return undefined;
  if (!CHANGE_REQUEST_STATUSES.includes(facts.status)) return undefined;
  return policyAction(
    "CreateChangeRequest",
    firstBlocker([
      ["backgroundTask", hasBackgroundTask(facts)],
      ["changeRequestPending", changeRequestPending(facts)],
    ]),
  );
}

/**
 * Which agreement values a change request may change (`changeable`): the price only of a purchase (a gift or an
 * inheritance has none), the entry date always, the contract date until the board has decided.
 */
export function changeableAgreementFields(
  facts: TransferFacts,
): Record<"purchasePrice" | "entryDate" | "contractDate", boolean> {
  return {
    purchasePrice: facts.transferType === "Purchase",
    entryDate: true,
    contractDate: !hasDecision(facts),
  };
}
