import { stockholmDateParts } from "~/lib/format";
import {
  FINAL_STATUSES,
  TRANSFER_ACTIONS,
  type DocumentCategory,
  type MessageRole,
  type PersonActionType,
  type SupplementActionType,
  type TransferActionType,
  type TransferStatus,
  type TransferType,
} from "~/lib/transfer";
import { isBoardMemberOf } from "../board.server";
import type { CreditCheckFacts, PartyFacts, TransferFacts, Viewer } from "./facts.server";

/**
 * Which actions a viewer is offered on a transfer and why each is disabled (spec 02 §4, §6;
 * ARCHITECTURE.md §3 rule 2). Pure functions of (viewer, facts, now); routes render the result and
 * every action handler checks the same function again.
 *
 * Sides (same rule as scope.server.ts):  PM = role PropertyManager of the transfer's tenant;
 * Board = a board member of the transfer's association (board.server.ts);
 * Private = feature private_agreement, creator of a PrivateIntermediary transfer. On their own private
 * transfer a user acts only as the private party, never as its board (nobody decides their own case).
 * Nothing is offered on an Aborting/Aborted transfer (status Aborting/Aborted or the aborting flag).
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
 * | RequestAdditionalInfo         | PM / Board (requestAdditionalInformation)            | ApplicationSent .. MembershipRejected        | bg, decisionMade        |
 * | OrderCreditCheck              | PM / Board (requestCreditCheck), acquirer/guarantor  | not final                                    | bg, unsupportedIdentifierType, orderAlreadyPresent, maintenance |
 * | ViewCreditCheck               | PM / Board (showCreditCheck), an order exists        | any                                          | bg, creditCheckErased, creditCheckPending, creditCheckUnavailable |
 * | Answer (supplement)           | Private                                              | request Open, answer none or Draft           | bg, decisionMade        |
 * | Cancel, Forward (supplement)  | PM / Board (requestAdditionalInformation)            | request Open                                 | bg                      |
 * | Handle (answer)               | Board / PM (requestAdditionalInformation)            | answer Pending                               | bg                      |
 * | AddNote                       | PM / Board (not the private party: no notes panel)   | any, also aborting or aborted                | none                    |
 * | AcceptDeviation               | PM (reviewApplication)                               | not final, automatic checks exist            | bg, notInTransferReview, noOpenDeviations |
 *
 * bg = backgroundTask, which precedes every other reason. SEND_TO_REVIEW_ORDER and DECISION_ORDER are
 * the orders in which `sendToMembershipReviewBlockers` and `decisionBlockers` test their blockers.
 * Change requests: canMakeDecision = Board, undecided, not aborting; canAcceptChangeRequest adds no
 * background task and no maintenance. Documents: PM removes a non-erased document from 30 (approved) or
 * 90 (rejected) days after the decision date. Messages: anyone in scope posts until entry date + 7 days
 * (Swedish calendar dates) unless aborting; PM and Board resolve what is addressed to their side, or
 * addressed to no one in particular and sent by another side.
 */

/** Every reason an action can be disabled for; the text is `policy:blockers.<code>` in locales/sv. */
export const BLOCKER_CODES = [
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
  "membershipDecisionPending",
  "signSessionByOtherUser",
  "decisionMade",
  "unsupportedIdentifierType",
  "orderAlreadyPresent",
  "creditCheckErased",
  "creditCheckUnavailable",
  "notInTransferReview",
  "noOpenDeviations",
  "messagePostingClosed",
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

export interface PolicyAction<T> {
  type: T;
  disabled: boolean;
  reason: BlockerCode | null;
}

/** The i18next key of a blocker's Swedish text. */
export function blockerTextKey(code: BlockerCode): `policy:blockers.${BlockerCode}` {
  return `policy:blockers.${code}`;
}

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

/** Spec 03 §5.6: besides a MembershipApplication, one verified document of any of these categories. */
export const REQUIRED_DOCUMENT_BY_TYPE: Record<TransferType, readonly DocumentCategory[]> = {
  Purchase: ["TransferAgreement"],
  Inheritance: ["EstateDistribution", "EstateInventory"],
  Gift: ["DeedOfGift"],
  DivisionOfProperty: ["DivisionOfPropertyAgreement"],
};

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

const DAY_MS = 86_400_000;
const REMOVABLE_DAYS_AFTER_APPROVAL = 30;
const REMOVABLE_DAYS_AFTER_REJECTION = 90;
const MESSAGE_DAYS_AFTER_ENTRY = 7;

interface Sides {
  propertyManager: boolean;
  board: boolean;
  privateParty: boolean;
}

function rawSides(viewer: Viewer, facts: TransferFacts): Sides {
  return {
    propertyManager: viewer.role === "PropertyManager" && facts.tenantId === viewer.tenantId,
    board: isBoardMemberOf(viewer, facts.associationId),
    privateParty:
      viewer.features.includes("private_agreement") &&
      facts.createdByUserId !== null &&
      facts.createdByUserId === viewer.id &&
      facts.initiatorRole === "PrivateIntermediary",
  };
}

/** The sides the viewer acts on, or null when the transfer is out of scope. */
function sidesOf(viewer: Viewer, facts: TransferFacts): Sides | null {
  const raw = rawSides(viewer, facts);
  if (!raw.propertyManager && !raw.board && !raw.privateParty) return null;
  return raw.privateParty ? { propertyManager: false, board: false, privateParty: true } : raw;
}

export function isInScope(viewer: Viewer, facts: TransferFacts): boolean {
  return sidesOf(viewer, facts) !== null;
}

const holds = (viewer: Viewer, action: string) => viewer.actions.includes(action);

function isAbortingOrAborted(facts: TransferFacts): boolean {
  return facts.aborting || facts.status === "Aborting" || facts.status === "Aborted";
}

function isFinal(facts: TransferFacts): boolean {
  return (FINAL_STATUSES as readonly TransferStatus[]).includes(facts.status);
}

function hasDecision(facts: TransferFacts): boolean {
  return (
    facts.membershipDecision !== null ||
    facts.status === "MembershipApproved" ||
    facts.status === "MembershipRejected"
  );
}

const hasBackgroundTask = (facts: TransferFacts) => facts.runningTasks.length > 0;

function additionalInfoPending(facts: TransferFacts): boolean {
  return (
    facts.status === "AwaitingInfoRequestAnswer" ||
    facts.supplements.some((s) => s.status === "Open" || s.answer?.status === "Pending")
  );
}

function changeRequestPending(facts: TransferFacts): boolean {
  return facts.changeRequests.some((c) => c.decision === null);
}

function hasVerifiedDocument(facts: TransferFacts, category: DocumentCategory): boolean {
  return facts.documents.some(
    (d) => d.category === category && d.status === "UploadVerified" && d.dataErasedAt === null,
  );
}

function requiredDocumentMissing(facts: TransferFacts): boolean {
  return (
    !hasVerifiedDocument(facts, "MembershipApplication") ||
    !REQUIRED_DOCUMENT_BY_TYPE[facts.transferType].some((c) => hasVerifiedDocument(facts, c))
  );
}

/** The first code whose condition holds; conditions are given in precedence order. */
function firstBlocker(conditions: ReadonlyArray<readonly [BlockerCode, boolean]>): BlockerCode | null {
  return conditions.find(([, applies]) => applies)?.[0] ?? null;
}

function policyAction<T>(type: T, reason: BlockerCode | null): PolicyAction<T> {
  return { type, disabled: reason !== null, reason };
}

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

function ordersOf(facts: TransferFacts, party: PartyFacts): CreditCheckFacts[] {
  return facts.creditChecks.filter(
    (c) =>
      c.partyId === party.id || (c.identifierValue !== "" && c.identifierValue === party.identifierValue),
  );
}

const isLiveOrder = (c: CreditCheckFacts) => c.status !== "Error" && c.status !== "Cancelled";

/** The order a person's credit check buttons refer to: a live one if any, else the latest failed one. */
export function currentCreditCheckOrder(facts: TransferFacts, partyId: string): CreditCheckFacts | null {
  const party = facts.parties.find((p) => p.id === partyId);
  if (!party) return null;
  const orders = ordersOf(facts, party);
  return orders.find(isLiveOrder) ?? orders.at(-1) ?? null;
}

export function personActions(
  viewer: Viewer,
  facts: TransferFacts,
  partyId: string,
  _now: Date,
): PolicyAction<PersonActionType>[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || !(sides.propertyManager || sides.board) || isAbortingOrAborted(facts)) return [];
  const party = facts.parties.find((p) => p.id === partyId);
  if (!party || party.kind === "Transferor") return [];
  const background = hasBackgroundTask(facts);
  const result: PolicyAction<PersonActionType>[] = [];

  if (holds(viewer, "requestCreditCheck") && !isFinal(facts)) {
    result.push(
      policyAction(
        "OrderCreditCheck",
        firstBlocker([
          ["backgroundTask", background],
          ["unsupportedIdentifierType", party.identifierType !== "SocialSecurityNumber"],
          ["orderAlreadyPresent", ordersOf(facts, party).some(isLiveOrder)],
          ["propertyManagerUnderMaintenance", facts.propertyManagerUnderMaintenance],
        ]),
      ),
    );
  }

  const order = currentCreditCheckOrder(facts, party.id);
  if (order && holds(viewer, "showCreditCheck")) {
    result.push(
      policyAction(
        "ViewCreditCheck",
        firstBlocker([
          ["backgroundTask", background],
          ["creditCheckErased", order.dataErasedAt !== null],
          ["creditCheckPending", order.status === "Pending"],
          ["creditCheckUnavailable", !isLiveOrder(order)],
        ]),
      ),
    );
  }
  return result;
}

export function supplementActions(
  viewer: Viewer,
  facts: TransferFacts,
  supplementId: string,
  _now: Date,
): PolicyAction<SupplementActionType>[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || isAbortingOrAborted(facts)) return [];
  const supplement = facts.supplements.find((s) => s.id === supplementId);
  if (!supplement || supplement.status !== "Open") return [];
  const background = hasBackgroundTask(facts);
  const result: PolicyAction<SupplementActionType>[] = [];

  // A submitted (Pending) or rejected answer hides the upload, so there is nothing left to answer with.
  if (sides.privateParty && (supplement.answer === null || supplement.answer.status === "Draft")) {
    result.push(
      policyAction(
        "Answer",
        firstBlocker([
          ["backgroundTask", background],
          ["decisionMade", hasDecision(facts)],
        ]),
      ),
    );
  }
  if ((sides.propertyManager || sides.board) && holds(viewer, "requestAdditionalInformation")) {
    const reason = background ? "backgroundTask" : null;
    result.push(policyAction("Cancel", reason), policyAction("Forward", reason));
  }
  return result;
}

export function answerActions(
  viewer: Viewer,
  facts: TransferFacts,
  supplementId: string,
  _now: Date,
): PolicyAction<"Handle">[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || isAbortingOrAborted(facts)) return [];
  const answer = facts.supplements.find((s) => s.id === supplementId)?.answer;
  if (!answer || answer.status !== "Pending") return [];
  const mayHandle = sides.board || (sides.propertyManager && holds(viewer, "requestAdditionalInformation"));
  if (!mayHandle) return [];
  return [policyAction("Handle", hasBackgroundTask(facts) ? "backgroundTask" : null)];
}

/** The notes panel of the viewer's side: the manager's (Anteckningar) or the board's (Styrelseanteckningar). */
export function noteAudienceOf(viewer: Viewer): "PropertyManager" | "BoardMember" {
  return viewer.role === "PropertyManager" ? "PropertyManager" : "BoardMember";
}

/**
 * A note on the viewer's side's panel (Anteckningar for the manager, Styrelseanteckningar for the board).
 * Notes change nothing of the transfer, so no status, background task or abort disables them; the private
 * party has no notes panel on their own transfer.
 */
export function noteActions(viewer: Viewer, facts: TransferFacts, _now: Date): PolicyAction<"AddNote">[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || !(sides.propertyManager || sides.board)) return [];
  return [policyAction("AddNote", null)];
}

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

/** Days since 1970-01-01 of the Swedish calendar date of a date-only string or an instant; null if invalid. */
function swedishDayNumber(value: Date | string): number | null {
  try {
    const { year, month, day } = stockholmDateParts(value);
    return Date.UTC(year, month - 1, day) / DAY_MS;
  } catch {
    return null;
  }
}

export function documentCanBeRemoved(
  viewer: Viewer,
  facts: TransferFacts,
  documentId: string,
  now: Date,
): boolean {
  const sides = sidesOf(viewer, facts);
  if (sides === null || !sides.propertyManager || facts.membershipDecision === null) return false;
  const document = facts.documents.find((d) => d.id === documentId);
  if (!document || document.dataErasedAt !== null) return false;
  const decidedOn = swedishDayNumber(facts.membershipDecision.date);
  const today = swedishDayNumber(now);
  if (decidedOn === null || today === null) return false;
  const waitDays =
    facts.membershipDecision.decision === "Approved"
      ? REMOVABLE_DAYS_AFTER_APPROVAL
      : REMOVABLE_DAYS_AFTER_REJECTION;
  return today >= decidedOn + waitDays;
}

export function canPostMessage(viewer: Viewer, facts: TransferFacts, now: Date): boolean {
  if (!isInScope(viewer, facts) || isAbortingOrAborted(facts)) return false;
  if (facts.entryDate === null) return true;
  const entry = swedishDayNumber(facts.entryDate);
  const today = swedishDayNumber(now);
  if (entry === null || today === null) return true;
  return today < entry + MESSAGE_DAYS_AFTER_ENTRY;
}

export function canResolveMessage(viewer: Viewer, facts: TransferFacts, messageId: string): boolean {
  const sides = sidesOf(viewer, facts);
  if (sides === null) return false;
  const message = facts.messages.find((m) => m.id === messageId);
  if (!message) return false;
  const ownRoles: MessageRole[] = [];
  if (sides.propertyManager) ownRoles.push("PropertyManager");
  if (sides.board) ownRoles.push("BoardMember");
  return ownRoles.some(
    (role) => message.recipient === role || (message.recipient === null && message.sentByRole !== role),
  );
}

// ---- Messages (issue 19) ----

/** The side a viewer writes messages as: Förvaltare, Förening, or the private party as Förmedlare. */
export function messageSenderRole(viewer: Viewer, facts: TransferFacts): MessageRole | null {
  const sides = sidesOf(viewer, facts);
  if (sides === null) return null;
  if (sides.privateParty) return "Intermediary";
  return sides.propertyManager ? "PropertyManager" : "BoardMember";
}

/**
 * The recipient types the viewer may address (spec 02 §2.8: the other parties of the object), the default first.
 * A broker (Förmedlare) is a party only of a transfer a broker or a private party initiated.
 */
export function messageRecipients(viewer: Viewer, facts: TransferFacts): MessageRole[] {
  const sender = messageSenderRole(viewer, facts);
  if (sender === null) return [];
  const hasIntermediary =
    facts.initiatorRole === "Intermediary" || facts.initiatorRole === "PrivateIntermediary";
  const parties: MessageRole[] = [
    "PropertyManager",
    "BoardMember",
    ...(hasIntermediary ? ["Intermediary" as const] : []),
  ];
  return parties.filter((role) => role !== sender);
}

/** Posting and replying (spec 02 §6): offered in scope unless aborting; closed 7 days after the entry date. */
export function messageActions(
  viewer: Viewer,
  facts: TransferFacts,
  now: Date,
): PolicyAction<"PostMessage">[] {
  if (!isInScope(viewer, facts) || isAbortingOrAborted(facts)) return [];
  return [policyAction("PostMessage", canPostMessage(viewer, facts, now) ? null : "messagePostingClosed")];
}

// ---- Documents (issue 14) ----

/**
 * The categories a user may upload to a transfer of this type (spec 03 §5.6): membership applications, the
 * type's own agreement, and personal guarantees. Summaries and decisions are the server's own documents;
 * additional agreements come with change requests.
 */
export function uploadableCategories(type: TransferType): DocumentCategory[] {
  return ["MembershipApplication", ...REQUIRED_DOCUMENT_BY_TYPE[type], "PersonalGuarantee"];
}

/** Statuses in which the application is still being put together (the wizard's, before it is sent). */
const APPLICATION_STATUSES: readonly TransferStatus[] = [
  "Initiated",
  "Draft",
  "DraftTransfer",
  "OngoingApplications",
];

/**
 * Upload a document to the transfer: the property manager's side or the private party on their own transfer,
 * until the transfer is final or aborting; disabled once the board has decided (supplements take over then).
 */
export function documentUploadAction(
  viewer: Viewer,
  facts: TransferFacts,
): PolicyAction<"UploadDocument"> | undefined {
  const sides = sidesOf(viewer, facts);
  if (!sides || !(sides.propertyManager || sides.privateParty)) return undefined;
  if (isAbortingOrAborted(facts) || isFinal(facts)) return undefined;
  return policyAction("UploadDocument", hasDecision(facts) ? "decisionMade" : null);
}

/**
 * Withdraw one's own upload (the row and the file go; not the retention erasure of `documentCanBeRemoved`): the
 * uploader may, while uploads are allowed, when the document is not yet verified or the application is not yet
 * sent. A supplement answer's document is withdrawn through its answer.
 */
export function documentCanBeWithdrawn(viewer: Viewer, facts: TransferFacts, documentId: string): boolean {
  const upload = documentUploadAction(viewer, facts);
  if (!upload || upload.disabled) return false;
  const document = facts.documents.find((d) => d.id === documentId);
  if (!document || document.dataErasedAt !== null || document.supplementAnswerId !== null) return false;
  // A change request's additional agreement belongs to the request, not to the Dokument tab's uploads.
  if (document.category === "AdditionalAgreement") return false;
  if (document.uploadedByUserId !== viewer.id) return false;
  return document.status !== "UploadVerified" || APPLICATION_STATUSES.includes(facts.status);
}

/** Change a document's category: while uploads are allowed, for an uploaded (not erased) document of a user category. */
export function documentCategoryCanBeChanged(
  viewer: Viewer,
  facts: TransferFacts,
  documentId: string,
): boolean {
  const upload = documentUploadAction(viewer, facts);
  if (!upload || upload.disabled) return false;
  const document = facts.documents.find((d) => d.id === documentId);
  return (
    document !== undefined &&
    document.dataErasedAt === null &&
    document.supplementAnswerId === null &&
    uploadableCategories(facts.transferType).includes(document.category)
  );
}

// ---- Automatic review (issue 17 item 3) ----

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
