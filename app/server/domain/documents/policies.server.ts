import type { DocumentCategory, TransferStatus, TransferType } from "~/lib/transfer";
import { policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import {
  hasDecision,
  isAbortingOrAborted,
  isFinal,
  REQUIRED_DOCUMENT_BY_TYPE,
  sidesOf,
  swedishDayNumber,
} from "../transfers/rules.server";

/**
 * What a viewer may do with a transfer's documents: upload (PM or the private party), withdraw their own upload,
 * change its category, and (PM) remove a non-erased document from 30 (approved) or 90 (rejected) days after the
 * decision date.
 */

const REMOVABLE_DAYS_AFTER_APPROVAL = 30;
const REMOVABLE_DAYS_AFTER_REJECTION = 90;

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

/**
 * Say that the browser's presigned PUT of an upload answered (decision 018): the side that uploads to the transfer
 * (the property manager's, or the private party on their own, also with a supplement answer's document), for a
 * document that is not erased. Only that side makes uploads to a transfer, so an upload waiting for its bytes is
 * always its own; a board member sees the document but has no upload of theirs to finish.
 */
export function documentUploadCanBeMarked(viewer: Viewer, facts: TransferFacts, documentId: string): boolean {
  const sides = sidesOf(viewer, facts);
  if (!sides || !(sides.propertyManager || sides.privateParty)) return false;
  const document = facts.documents.find((d) => d.id === documentId);
  return document !== undefined && document.dataErasedAt === null;
}
