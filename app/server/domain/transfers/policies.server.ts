import { TRANSFER_ACTIONS, type TransferActionType, type TransferStatus } from "~/lib/transfer";
import { firstBlocker, policyAction, type BlockerCode, type PolicyAction } from "../core/policy.server";
import type { PolicyCheck } from "../core/pipeline.server";
import type { TransferFacts, Viewer } from "./facts.server";
import {
  additionalInfoPending,
  supplementRecipient,
  changeRequestPending,
  hasBackgroundTask,
  hasDecision,
  holds,
  isAbortingOrAborted,
  isFinal,
  requiredDocumentMissing,
  sidesOf,
  type Sides,
} from "./rules.server";

/**
 * Which of the transfer's actions (spec 02 §4) a viewer is offered and why each is disabled (spec 02 §6;
 * ARCHITECTURE.md §3 rule 2). Pure functions of (viewer, facts, now); routes render the result and every use case
 * checks the same function again (`transferAction`). The sides and shared rules are in rules.server.ts; each
 * feature's own actions are in its policies.server.ts.
 *
 * | action                        | who (user action)                                    | offered in                                   | disabled by, first wins |
 * |-------------------------------|------------------------------------------------------|----------------------------------------------|-------------------------|
 * | SendToMembershipReview        | PM                                                   | TransferReviewInProgress, AwaitingInfoReq... | SEND_TO_REVIEW_ORDER    |
 * | CreateApplication             | PM / Private                                         | Initiated, Draft / DraftTransfer             | bg                      |
 * | MarkPartsNotified             | PM                                                   | a decision exists, parts not notified        | bg                      |
 * | AbortTransfer                 | PM (cancelTransfer)                                  | not final                                    | bg                      |
 * | Mark/RemoveSaleStopped        | PM (flagSalesStopped), by the flag                   | not final                                    | bg                      |
 * | Mark/RemoveUnderInvestigation | PM (flagUnderInvestigation), by the flag             | not final                                    | bg                      |
 * | Approve/RejectMembership      | PM (approveMembershipApplication) / Board            | MembershipReviewInProgress, ...DecisionPend. | DECISION_ORDER          |
 * |                               |   (reviewMembership or approveMembershipApplication) |                                              |                         |
 * | RequestAdditionalInfo         | PM / Board (requestAdditionalInformation)            | ApplicationSent .. MembershipRejected        | bg, decisionMade, noRec |
 *
 * bg = backgroundTask, which precedes every other reason; noRec = noSupplementRecipient. SEND_TO_REVIEW_ORDER and
 * DECISION_ORDER are the orders in which `sendToMembershipReviewBlockers` and `decisionBlockers` test their
 * blockers.
 */

/** The order in which `sendToMembershipReviewBlockers` lists what holds; the action shows the first. */
export const SEND_TO_REVIEW_ORDER = [
  "backgroundTask",
  "additionalInfoPending",
  "changeRequestPending",
  "creditCheckPending",
  "unresolvedMessages",
  "requiredDocumentMissing",
  "documentUploading",
  "documentUploadingByOtherUser",
  "unapprovedDeviations",
  "propertyManagerUnderMaintenance",
  "saleStopped",
  "underInvestigation",
] as const satisfies readonly BlockerCode[];

/** The order in which Approve/RejectMembership test their blockers. */
export const DECISION_ORDER = [
  "backgroundTask",
  "membershipDecisionPending",
  "propertyManagerUnderMaintenance",
  "signSessionByOtherUser",
  "additionalInfoPending",
  "changeRequestPending",
] as const satisfies readonly BlockerCode[];

const REVIEW_STATUSES: readonly TransferStatus[] = ["TransferReviewInProgress", "AwaitingInfoRequestAnswer"];
const DECISION_STATUSES: readonly TransferStatus[] = [
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
];
const SUPPLEMENT_STATUSES_RANGE: readonly TransferStatus[] = [
  "ApplicationSent",
  "OngoingApplications",
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
  "MembershipApproved",
  "MembershipRejected",
];

/**
 * Every blocker of SendToMembershipReview that holds, in SEND_TO_REVIEW_ORDER. A document still being
 * uploaded by someone other than `viewerId` gets its own code; without a viewer every upload by a user
 * counts as another user's.
 */
export function sendToMembershipReviewBlockers(
  facts: TransferFacts,
  _now: Date,
  viewerId: string | null = null,
): BlockerCode[] {
  const uploading = facts.documents.filter((d) => d.status !== "UploadVerified" && d.dataErasedAt === null);
  const byOther = (uploadedBy: string | null) => uploadedBy !== null && uploadedBy !== viewerId;
  const holdsNow: Record<(typeof SEND_TO_REVIEW_ORDER)[number], boolean> = {
    backgroundTask: hasBackgroundTask(facts),
    additionalInfoPending: additionalInfoPending(facts),
    changeRequestPending: changeRequestPending(facts),
    creditCheckPending: facts.creditChecks.some((c) => c.status === "Pending"),
    unresolvedMessages: facts.unresolvedMessages > 0,
    requiredDocumentMissing: requiredDocumentMissing(facts),
    documentUploading: uploading.some((d) => !byOther(d.uploadedByUserId)),
    documentUploadingByOtherUser: uploading.some((d) => byOther(d.uploadedByUserId)),
    unapprovedDeviations: facts.checks.some((c) => c.result === "Deviation"),
    propertyManagerUnderMaintenance: facts.propertyManagerUnderMaintenance,
    saleStopped: facts.saleStopped,
    underInvestigation: facts.underInvestigationSince !== null,
  };
  return SEND_TO_REVIEW_ORDER.filter((code) => holdsNow[code]);
}

/** Every blocker of Approve/RejectMembership for this viewer, in DECISION_ORDER. */
export function decisionBlockers(viewer: Viewer, facts: TransferFacts): BlockerCode[] {
  const holdsNow: Record<(typeof DECISION_ORDER)[number], boolean> = {
    backgroundTask: hasBackgroundTask(facts),
    // Someone else is signing right now; the signer's own signing (to finish, or to start over) and a signing
    // whose 4 minutes ran out (facts leave it out) block nobody.
    membershipDecisionPending:
      facts.status === "MembershipDecisionPending" &&
      facts.pendingSignSession !== null &&
      facts.pendingSignSession.userId !== viewer.id,
    propertyManagerUnderMaintenance: facts.propertyManagerUnderMaintenance,
    signSessionByOtherUser:
      facts.pendingSignSession !== null && facts.pendingSignSession.userId !== viewer.id,
    additionalInfoPending: additionalInfoPending(facts),
    changeRequestPending: changeRequestPending(facts),
  };
  return DECISION_ORDER.filter((code) => holdsNow[code]);
}

function mayDecideMembership(viewer: Viewer, sides: Sides): boolean {
  return (
    (sides.propertyManager && holds(viewer, "approveMembershipApplication")) ||
    (sides.board && (holds(viewer, "reviewMembership") || holds(viewer, "approveMembershipApplication")))
  );
}

function isOffered(type: TransferActionType, viewer: Viewer, facts: TransferFacts, sides: Sides): boolean {
  const pm = sides.propertyManager;
  const open = !isFinal(facts);
  const investigated = facts.underInvestigationSince !== null;
  switch (type) {
    case "SendToMembershipReview":
      return pm && REVIEW_STATUSES.includes(facts.status);
    case "CreateApplication":
      return (
        (pm && (facts.status === "Initiated" || facts.status === "Draft")) ||
        (sides.privateParty && facts.status === "DraftTransfer")
      );
    case "MarkPartsNotified":
      return pm && hasDecision(facts) && !facts.partsNotified;
    case "AbortTransfer":
      return pm && open && holds(viewer, "cancelTransfer");
    case "MarkAsSaleStopped":
      return pm && open && holds(viewer, "flagSalesStopped") && !facts.saleStopped;
    case "RemoveSaleStopped":
      return pm && open && holds(viewer, "flagSalesStopped") && facts.saleStopped;
    case "MarkAsUnderInvestigation":
      return pm && open && holds(viewer, "flagUnderInvestigation") && !investigated;
    case "RemoveUnderInvestigation":
      return pm && open && holds(viewer, "flagUnderInvestigation") && investigated;
    case "ApproveMembership":
    case "RejectMembership":
      return mayDecideMembership(viewer, sides) && DECISION_STATUSES.includes(facts.status);
    case "RequestAdditionalInfo":
      return (
        (pm || sides.board) &&
        holds(viewer, "requestAdditionalInformation") &&
        SUPPLEMENT_STATUSES_RANGE.includes(facts.status)
      );
  }
}

function reasonFor(
  type: TransferActionType,
  viewer: Viewer,
  facts: TransferFacts,
  now: Date,
): BlockerCode | null {
  switch (type) {
    case "SendToMembershipReview":
      return sendToMembershipReviewBlockers(facts, now, viewer.id)[0] ?? null;
    case "ApproveMembership":
    case "RejectMembership":
      return decisionBlockers(viewer, facts)[0] ?? null;
    case "RequestAdditionalInfo":
      return firstBlocker([
        ["backgroundTask", hasBackgroundTask(facts)],
        ["decisionMade", hasDecision(facts)],
        ["noSupplementRecipient", supplementRecipient(facts) === null],
      ]);
    default:
      return hasBackgroundTask(facts) ? "backgroundTask" : null;
  }
}

/** The transfer actions the viewer is offered, in the order of TRANSFER_ACTIONS. */
export function transferActions(
  viewer: Viewer,
  facts: TransferFacts,
  now: Date,
): PolicyAction<TransferActionType>[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || isAbortingOrAborted(facts)) return [];
  return TRANSFER_ACTIONS.filter((type) => isOffered(type, viewer, facts, sides)).map((type) =>
    policyAction(type, reasonFor(type, viewer, facts, now)),
  );
}

/** The additionals tab: the viewer holds requestAdditionalInformation and the transfer offers the action. */
export function canRequestAdditionalInformation(viewer: Viewer, facts: TransferFacts): boolean {
  const sides = sidesOf(viewer, facts);
  return (
    sides !== null &&
    !isAbortingOrAborted(facts) &&
    holds(viewer, "requestAdditionalInformation") &&
    isOffered("RequestAdditionalInfo", viewer, facts, sides)
  );
}

/** The policy check of one transfer action, for a use case's step (`offered`). */
export function transferAction(type: TransferActionType): PolicyCheck {
  return (viewer, facts, now) => transferActions(viewer, facts, now).find((a) => a.type === type);
}
