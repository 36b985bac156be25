// A migration is frozen once released: it takes its value lists from this copy, not from app/lib, so
// that a later change to the vocabulary needs a new migration. The test in migrations.test.ts keeps
// the two equal until then.
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
export const TRANSFER_TYPES = ["Purchase", "Gift", "Inheritance", "DivisionOfProperty"] as const;
export const INITIATOR_ROLES = [
  "Intermediary",
  "PropertyManager",
  "BoardMember",
  "PrivateIntermediary",
] as const;
export const PARTY_KINDS = ["Transferor", "Acquirer", "Guarantor"] as const;
export const IDENTIFIER_TYPES_FOR_DB = ["SocialSecurityNumber", "OrganizationNumber", "Other"] as const;
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
export const DOCUMENT_STATUSES = [
  "UploadNotStarted",
  "UploadProgressing",
  "UploadPending",
  "UploadVerified",
] as const;
export const DOCUMENT_TYPES = ["pdf", "doc", "png", "other"] as const;
export const CHECK_RESULTS = ["Valid", "Deviation", "AcceptedDeviation"] as const;
export const SUPPLEMENT_STATUSES = ["Open", "Answered", "Cancelled"] as const;
export const ANSWER_STATUSES = ["Draft", "Pending", "Accepted", "Rejected"] as const;
export const SUPPLEMENT_PERSON_TYPES = ["Acquirer", "Guarantor", "None"] as const;
export const CHANGE_DECISIONS = ["Accepted", "Rejected"] as const;
export const CREDIT_CHECK_STATUSES = [
  "Pending",
  "Success",
  "SuccessWithoutResult",
  "Error",
  "Cancelled",
] as const;
export const MESSAGE_ROLES = [
  "Intermediary",
  "BoardMember",
  "PropertyManager",
  "PrivateIntermediary",
] as const;
export const MEMBERSHIP_DECISIONS = ["Approved", "Rejected"] as const;
export const SIGN_DEVICES = ["ThisDevice", "OtherDevice", "SignByProxy"] as const;
export const NOTE_AUDIENCES = ["PropertyManager", "BoardMember"] as const;
