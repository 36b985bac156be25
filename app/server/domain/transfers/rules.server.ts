import { stockholmDateParts } from "~/lib/format";
import {
  FINAL_STATUSES,
  type DocumentCategory,
  type TransferStatus,
  type TransferType,
} from "~/lib/transfer";
import { isBoardMemberOf } from "../board.server";
import type { TransferFacts, Viewer } from "./facts.server";

/**
 * The rules every feature's policies share: on which side of a transfer the viewer stands, and the transfer's
 * states that offer or block actions. Pure functions of (viewer, facts).
 *
 * Sides (the same rule as scope.server.ts): PM = role PropertyManager of the transfer's tenant; Board = a board
 * member of the transfer's association (board.server.ts); Private = feature private_agreement, creator of a
 * PrivateIntermediary transfer. On their own private transfer a user acts only as the private party, never as its
 * board (nobody decides their own case). Nothing is offered on an Aborting/Aborted transfer (status
 * Aborting/Aborted or the aborting flag).
 */

export interface Sides {
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
export function sidesOf(viewer: Viewer, facts: TransferFacts): Sides | null {
  const raw = rawSides(viewer, facts);
  if (!raw.propertyManager && !raw.board && !raw.privateParty) return null;
  return raw.privateParty ? { propertyManager: false, board: false, privateParty: true } : raw;
}

export function isInScope(viewer: Viewer, facts: TransferFacts): boolean {
  return sidesOf(viewer, facts) !== null;
}

/** The viewer holds this user action (spec 01 §3 default actions). */
export const holds = (viewer: Viewer, action: string) => viewer.actions.includes(action);

export function isAbortingOrAborted(facts: TransferFacts): boolean {
  return facts.aborting || facts.status === "Aborting" || facts.status === "Aborted";
}

export function isFinal(facts: TransferFacts): boolean {
  return (FINAL_STATUSES as readonly TransferStatus[]).includes(facts.status);
}

export function hasDecision(facts: TransferFacts): boolean {
  return (
    facts.membershipDecision !== null ||
    facts.status === "MembershipApproved" ||
    facts.status === "MembershipRejected"
  );
}

export const hasBackgroundTask = (facts: TransferFacts) => facts.runningTasks.length > 0;

/**
 * Who receives a supplement request (decision 025): the intermediary by e-mail, or the private party of their own
 * private transfer, who answers in the portal. null: nobody would see it.
 */
export function supplementRecipient(facts: TransferFacts): "intermediary" | "privateParty" | null {
  if (facts.hasIntermediaryEmail) return "intermediary";
  if (facts.initiatorRole === "PrivateIntermediary" && facts.createdByUserId !== null) return "privateParty";
  return null;
}

/**
 * A supplement holds the case up while it waits for an answer or for its handling; one that nobody can see (made
 * when a transfer without a recipient could still take one) holds nothing up.
 */
export function additionalInfoPending(facts: TransferFacts): boolean {
  if (supplementRecipient(facts) === null) return false;
  return (
    facts.status === "AwaitingInfoRequestAnswer" ||
    facts.supplements.some((s) => s.status === "Open" || s.answer?.status === "Pending")
  );
}

export function changeRequestPending(facts: TransferFacts): boolean {
  return facts.changeRequests.some((c) => c.decision === null);
}

/** Spec 03 §5.6: besides a MembershipApplication, one verified document of any of these categories. */
export const REQUIRED_DOCUMENT_BY_TYPE: Record<TransferType, readonly DocumentCategory[]> = {
  Purchase: ["TransferAgreement"],
  Inheritance: ["EstateDistribution", "EstateInventory"],
  Gift: ["DeedOfGift"],
  DivisionOfProperty: ["DivisionOfPropertyAgreement"],
};

function hasVerifiedDocument(facts: TransferFacts, category: DocumentCategory): boolean {
  return facts.documents.some(
    (d) => d.category === category && d.status === "UploadVerified" && d.dataErasedAt === null,
  );
}

export function requiredDocumentMissing(facts: TransferFacts): boolean {
  return (
    !hasVerifiedDocument(facts, "MembershipApplication") ||
    !REQUIRED_DOCUMENT_BY_TYPE[facts.transferType].some((c) => hasVerifiedDocument(facts, c))
  );
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of the Swedish calendar date of a date-only string or an instant; null if invalid. */
export function swedishDayNumber(value: Date | string): number | null {
  try {
    const { year, month, day } = stockholmDateParts(value);
    return Date.UTC(year, month - 1, day) / DAY_MS;
  } catch {
    return null;
  }
}
