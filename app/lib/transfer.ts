/**
 * The vocabulary of a transfer (spec 01 §3, 02 §3–4, 03 §3), shared by the server, the schemas and
 * the components. Values are the spec's own identifiers; Swedish labels live in the locale files.
 */

export const TRANSFER_STATUSES = [
  "Initiating",
  "Initiated",
  "Draft",
  "DraftTransfer",
  "OngoingApplications",
  "ApplicationSent",
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
  "MembershipApproved",
  "MembershipRejected",
  "Aborting",
  "Aborted",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Statuses a transfer never leaves. */
export const FINAL_STATUSES = [
  "MembershipApproved",
  "MembershipRejected",
  "Aborted",
] as const satisfies readonly TransferStatus[];

export const TRANSFER_TYPES = ["Purchase", "Gift", "Inheritance", "DivisionOfProperty"] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export const INITIATOR_ROLES = [
  "Intermediary",
  "PropertyManager",
  "BoardMember",
  "PrivateIntermediary",
] as const;
export type InitiatorRole = (typeof INITIATOR_ROLES)[number];

export const PARTY_KINDS = ["Transferor", "Acquirer", "Guarantor"] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

export const MEMBERSHIP_STATUSES = ["MEMBER", "NOTMEMBER", "UNKNOWN"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const DOCUMENT_CATEGORIES = [
  "MembershipApplication",
  "TransferAgreement",
  "EstateDistribution",
  "EstateInventory",
  "DeedOfGift",
  "DivisionOfPropertyAgreement",
  "PersonalGuarantee",
  "AdditionalAgreement",
  "MembershipDecision",
  "TransferSummary",
  "Other",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_STATUSES = [
  "UploadNotStarted",
  "UploadProgressing",
  "UploadPending",
  "UploadVerified",
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_TYPES = ["pdf", "doc", "png", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const CHECK_RESULTS = ["Valid", "Deviation", "AcceptedDeviation"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** The checks of spec 02 §2.6, each with a pass and a fail text in the locale file. */
export const CHECK_TYPES = [
  "AcquirerOfLegalAge",
  "AcquirerNotAlreadyMember",
  "AcquirerOnAgreementAndApplication",
  "AcquirerShareCorrect",
  "ContractDatePresent",
  "EntryDatePresent",
  "DatesMatchAgreement",
  "PricePresent",
  "PriceAboveZero",
  "PricePlausible",
  "PriceMatches",
  "SellerOfLegalAge",
  "SellerOnAgreement",
  "SellerIsOwner",
  "SellerShareCorrect",
  "ObjectOnAgreement",
  "OrganisationNumberOnAgreementAndApplication",
  "NoCancellationAgreement",
  "NoGuarantor",
  "NoTrustee",
  "NoEstateOfDeceased",
  "NoPowerOfAttorney",
  "NoPrivateAgreement",
  "NoSaleStop",
  "PageContentRight",
  "AnalysisSuccessful",
  "TransferTypeValid",
  "UnknownType",
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

export const SUPPLEMENT_STATUSES = ["Open", "Answered", "Cancelled"] as const;
export type SupplementStatus = (typeof SUPPLEMENT_STATUSES)[number];

export const ANSWER_STATUSES = ["Draft", "Pending", "Accepted", "Rejected"] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export const SUPPLEMENT_PERSON_TYPES = ["Acquirer", "Guarantor", "None"] as const;
export type SupplementPersonType = (typeof SUPPLEMENT_PERSON_TYPES)[number];

export const CHANGE_DECISIONS = ["Accepted", "Rejected"] as const;
export type ChangeDecision = (typeof CHANGE_DECISIONS)[number];

export const CREDIT_CHECK_STATUSES = [
  "Pending",
  "Success",
  "SuccessWithoutResult",
  "Error",
  "Cancelled",
] as const;
export type CreditCheckStatus = (typeof CREDIT_CHECK_STATUSES)[number];

export const MESSAGE_ROLES = [
  "Intermediary",
  "BoardMember",
  "PropertyManager",
  "PrivateIntermediary",
] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export const MEMBERSHIP_DECISIONS = ["Approved", "Rejected"] as const;
export type MembershipDecisionValue = (typeof MEMBERSHIP_DECISIONS)[number];

export const SIGN_DEVICES = ["ThisDevice", "OtherDevice", "SignByProxy"] as const;
export type SignDevice = (typeof SIGN_DEVICES)[number];

export const RUNNING_TASKS = ["AutomaticReview", "Abort", "SummaryDocument"] as const;
export type RunningTask = (typeof RUNNING_TASKS)[number];

export const NOTE_AUDIENCES = ["PropertyManager", "BoardMember"] as const;
export type NoteAudience = (typeof NOTE_AUDIENCES)[number];

/** The transfer actions of spec 02 §4. */
export const TRANSFER_ACTIONS = [
  "SendToMembershipReview",
  "CreateApplication",
  "MarkPartsNotified",
  "AbortTransfer",
  "MarkAsSaleStopped",
  "RemoveSaleStopped",
  "MarkAsUnderInvestigation",
  "RemoveUnderInvestigation",
  "ApproveMembership",
  "RejectMembership",
  "RequestAdditionalInfo",
] as const;
export type TransferActionType = (typeof TRANSFER_ACTIONS)[number];

export const PERSON_ACTIONS = ["OrderCreditCheck", "ViewCreditCheck"] as const;
export type PersonActionType = (typeof PERSON_ACTIONS)[number];

export const SUPPLEMENT_ACTIONS = ["Answer", "Cancel", "Forward"] as const;
export type SupplementActionType = (typeof SUPPLEMENT_ACTIONS)[number];

export const ANSWER_ACTIONS = ["Handle"] as const;
export type AnswerActionType = (typeof ANSWER_ACTIONS)[number];

/** An offered action: shown only when present, disabled with a Swedish reason when it cannot be done now. */
export interface OfferedAction<T extends string = string> {
  type: T;
  disabled: boolean;
  disabledReason: string | null;
}

/** Process steps of spec 01 §4 (private transfers and the board view). */
export const PROCESS_STEP_TYPES = [
  "SendApplication",
  "TransferReview",
  "MembershipReview",
  "Decision",
] as const;
export type ProcessStepType = (typeof PROCESS_STEP_TYPES)[number];
export const PROCESS_STEP_STATES = ["Inactive", "Active", "Completed", "Rejected", "Aborted"] as const;
export type ProcessStepState = (typeof PROCESS_STEP_STATES)[number];

/** An exact share of an apartment, e.g. 1/2 or 1/3; never a float. */
export interface Fraction {
  numerator: number;
  denominator: number;
}
