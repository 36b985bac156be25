import type {
  AnswerStatus,
  CheckType,
  CreditCheckStatus,
  DocumentCategory,
  InitiatorRole,
  MembershipDecisionValue,
  MembershipStatus,
  MessageRole,
  NoteAudience,
  SignDevice,
  SupplementPersonType,
  SupplementStatus,
  TransferStatus,
  TransferType,
} from "~/lib/transfer";
import type { UseCase } from "../../domain/transfers/lifecycle.server";
import type { Broker, Person } from "../people.server";
import type { When } from "./clock.server";

/**
 * The compact description of one demo transfer (a literal in demo/transfers/), which the builder turns into
 * rows: the object, the parties, the path through the lifecycle, and whatever happened on the way.
 */

export type Fraction = `${number}/${number}`;

export interface PartyInput {
  who: Person;
  /** A transferor's (or an owning acquirer's) current share. */
  owner?: Fraction;
  share: Fraction;
  member?: MembershipStatus;
  /** Receives the payment notices (avgiftsavier); the first acquirer when none is marked. */
  notice?: boolean;
}

/** A demo user id, the transfer's broker, or the private party who created it. */
export type Sender = string;

interface MessageInput {
  from: Sender;
  to: MessageRole;
  at: When;
  body: string;
  replies?: Array<{ from: Sender; at: When; body: string }>;
  resolved?: { by: string; at: When };
}

export interface SupplementInput {
  category: DocumentCategory;
  /** "a1": the first acquirer. */
  person?: string;
  personType: SupplementPersonType;
  message: string;
  by: string;
  at: When;
  status: SupplementStatus;
  cancelledAt?: When;
  forwarded?: boolean;
  answer?: {
    status: AnswerStatus;
    answeredAt?: When;
    guarantors?: Person[];
    document?: boolean;
    handled?: { by: string; at: When; rejectReason?: string };
  };
}

interface ChangeInput {
  by: string;
  at: When;
  price?: [number, number];
  /** Day offsets from today, previous and new. */
  entry?: [number, number];
  contract?: [number, number];
  agreement?: boolean;
  decision?: { value: "Accepted" | "Rejected"; by: string; at: When; reason?: string };
}

interface CreditInput {
  /** "a1", "g1", ... */
  party: string;
  by: string;
  at: When;
  status: CreditCheckStatus;
  completedAt?: When;
  profile?: CreditProfile;
  erasedAt?: When;
}

export interface CreditProfile {
  score: string;
  married: boolean;
  income: number;
  publicDebt?: [number, number];
  privateDebt?: [number, number];
  remarks?: Array<{ daysAgo: number; amount: number; description: string }>;
  property?: { designation: string; ownership: string; land: number; building: number; acreage: number };
  residential: { county: string; municipality: string; parish: string };
}

interface DecisionInput {
  value: MembershipDecisionValue;
  at: When;
  by: string;
  device: SignDevice;
  reason?: string;
}

interface NoteInput {
  audience: NoteAudience;
  by: string;
  at: When;
  body: string;
}

export type Step = UseCase | [UseCase, When];

export interface TransferInput {
  id: string;
  /** "kvarnen:1102" */
  object: string;
  type: TransferType;
  initiator: InitiatorRole;
  /** The status the history must end in (checked against the lifecycle). */
  status: TransferStatus;
  path: Step[];
  created: When;
  /** When the last step of `path` happened, unless that step has its own time. */
  updated: When;
  createdBy?: string;
  broker?: Broker;
  price?: number;
  /** Day offsets from today. */
  contract?: number;
  entry?: number;
  transferors: PartyInput[];
  acquirers?: PartyInput[];
  guarantors?: Person[];
  /** Which documents the application has: none yet, the agreement only, or all of them (default by status). */
  documents?: "none" | "agreement" | "full";
  uploadPending?: DocumentCategory;
  erased?: { category: DocumentCategory; at: When };
  archived?: { category: DocumentCategory; at: When };
  deviations?: CheckType[];
  accepted?: Array<{ type: CheckType; by: string; at: When }>;
  saleStopped?: When;
  investigation?: When;
  partsNotified?: When;
  expired?: boolean;
  finalized?: { by: string; at: When };
  decision?: DecisionInput;
  pendingSign?: { by: string; at: When; device: SignDevice };
  supplements?: SupplementInput[];
  changes?: ChangeInput[];
  credit?: CreditInput[];
  messages?: MessageInput[];
  notes?: NoteInput[];
}

export const PM_DRAFT: Step[] = ["createTransfer", "initiate", "startApplication"];
const PM_SENT: Step[] = [...PM_DRAFT, "submitApplication"];
export const PM_REVIEW: Step[] = [...PM_SENT, "completeAutomaticReview"];
export const BROKER_REVIEW: Step[] = [
  "registerFromIntermediary",
  "submitApplication",
  "completeAutomaticReview",
];
export const PRIVATE_REVIEW: Step[] = [
  "createPrivateTransfer",
  "submitApplication",
  "completeAutomaticReview",
];

export const STOCKHOLM = { county: "Stockholms län", municipality: "Stockholm", parish: "Katarina" };
export const GOTEBORG = { county: "Västra Götalands län", municipality: "Göteborg", parish: "Masthugget" };
export const NORRKOPING = { county: "Östergötlands län", municipality: "Norrköping", parish: "Sankt Olai" };
