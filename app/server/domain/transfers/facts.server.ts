import type {
  AnswerStatus,
  CheckResult,
  CreditCheckStatus,
  DocumentCategory,
  DocumentStatus,
  InitiatorRole,
  MembershipDecisionValue,
  MessageRole,
  PartyKind,
  RunningTask,
  SupplementStatus,
  TransferStatus,
  TransferType,
} from "~/lib/transfer";
import type { IdentifierType as IdentifierTypeName } from "~/lib/identifier";

/**
 * Everything the policies need to know about one transfer, read in one go by `loadTransferFacts`.
 * Policies are pure functions of (viewer, facts, now): no database, no clock of their own.
 */
export interface TransferFacts {
  id: string;
  status: TransferStatus;
  transferType: TransferType;
  initiatorRole: InitiatorRole;
  tenantId: string;
  associationId: string;
  createdByUserId: string | null;
  /** The broker (or other intermediary) has an e-mail address: a supplement request can reach them. */
  hasIntermediaryEmail: boolean;
  saleStopped: boolean;
  underInvestigationSince: string | null;
  partsNotified: boolean;
  expired: boolean;
  aborting: boolean;
  runningTasks: RunningTask[];
  propertyManagerUnderMaintenance: boolean;
  /** YYYY-MM-DD, or null when no agreement is known yet. */
  entryDate: string | null;
  membershipDecision: { decision: MembershipDecisionValue; date: string } | null;
  unresolvedMessages: number;
  parties: PartyFacts[];
  documents: DocumentFacts[];
  checks: Array<{ id: string; type: string; result: CheckResult }>;
  supplements: SupplementFacts[];
  changeRequests: ChangeRequestFacts[];
  creditChecks: CreditCheckFacts[];
  messages: MessageFacts[];
  /** A signing of the membership decision that is in progress, if any. */
  pendingSignSession: { userId: string; decision: "Approve" | "Reject" } | null;
}

export interface PartyFacts {
  id: string;
  kind: PartyKind;
  identifierType: IdentifierTypeName;
  /** Normalised: 12 digits for a personal number. */
  identifierValue: string;
  membershipStatus: string | null;
}

export interface DocumentFacts {
  id: string;
  category: DocumentCategory;
  status: DocumentStatus;
  uploadedByUserId: string | null;
  dataErasedAt: string | null;
  supplementAnswerId: string | null;
}

export interface SupplementFacts {
  id: string;
  status: SupplementStatus;
  category: DocumentCategory;
  forwarded: boolean;
  createdByUserId: string;
  answer: {
    id: string;
    status: AnswerStatus;
    hasVerifiedDocument: boolean;
    guarantorCount: number;
    guarantorsValid: boolean;
  } | null;
}

export interface ChangeRequestFacts {
  id: string;
  createdByUserId: string;
  decision: "Accepted" | "Rejected" | null;
}

export interface CreditCheckFacts {
  id: string;
  partyId: string | null;
  identifierValue: string;
  status: CreditCheckStatus;
  dataErasedAt: string | null;
}

export interface MessageFacts {
  id: string;
  recipient: MessageRole | null;
  sentByRole: MessageRole;
  sentByUserId: string | null;
  resolved: boolean;
}

/** The signed-in user as the policies see them. */
export interface Viewer {
  id: string;
  tenantId: string;
  role: "PropertyManager" | "BoardMember";
  features: string[];
  /** The user's action names (spec 01 §3 default actions). */
  actions: string[];
  /** Associations where the company registry (or the manager's rights) lists the user on the board. */
  boardAssociationIds: string[];
}
