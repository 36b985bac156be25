import { FINAL_STATUSES, TRANSFER_STATUSES, type TransferStatus } from "~/lib/transfer";

/**
 * The transfer lifecycle as one transition table (decision 007). Every use case that creates a transfer,
 * moves its status or sets a flag that is only allowed in some statuses has exactly one row here; the use
 * cases ask `nextStatus` before they write, and the policies ask `canTransition` before they offer an action.
 */

/** The live events of spec 02 §4 that a transition announces to the transfer's group. */
export type LiveEventName =
  | "transferInitiated"
  | "transferReadyForReview"
  | "transferApproved"
  | "membershipApproved"
  | "membershipRejected"
  | "transferAborted"
  | "transferTaskStarted"
  | "transferTaskCompleted";

export const USE_CASES = [
  "createTransfer",
  "initiate",
  "createPrivateTransfer",
  "registerFromIntermediary",
  "startApplication",
  "submitApplication",
  "completeAutomaticReview",
  "requestAdditionalInfo",
  "closeInfoRequests",
  "sendToMembershipReview",
  "startDecisionSigning",
  "cancelDecisionSigning",
  "approveMembership",
  "rejectMembership",
  "abort",
  "completeAbort",
  "markSaleStopped",
  "removeSaleStop",
  "markUnderInvestigation",
  "removeUnderInvestigation",
  "markPartsNotified",
] as const;
export type UseCase = (typeof USE_CASES)[number];

/** The statuses a supplement request can interrupt, and that `closeInfoRequests` returns to. */
export const REVIEW_STATUSES = [
  "TransferReviewInProgress",
  "MembershipReviewInProgress",
] as const satisfies readonly TransferStatus[];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * `to`: the new status; "same" for flag use cases that leave the status alone; "previousReviewStatus" for the
 * return from AwaitingInfoRequestAnswer to the review the request interrupted.
 * `creates`: the use case makes a new transfer, so there is no `from`.
 */
export interface Transition {
  useCase: UseCase;
  creates: boolean;
  from: readonly TransferStatus[];
  to: TransferStatus | "previousReviewStatus" | "same";
  event: LiveEventName | null;
}

/** Every status that is neither final nor already being aborted. */
const ONGOING: readonly TransferStatus[] = TRANSFER_STATUSES.filter(
  (status) => status !== "Aborting" && !(FINAL_STATUSES as readonly TransferStatus[]).includes(status),
);

const DECIDED = ["MembershipApproved", "MembershipRejected"] as const satisfies readonly TransferStatus[];

export const TRANSITIONS: readonly Transition[] = [
  { useCase: "createTransfer", creates: true, from: [], to: "Initiating", event: null },
  { useCase: "initiate", creates: false, from: ["Initiating"], to: "Initiated", event: "transferInitiated" },
  { useCase: "createPrivateTransfer", creates: true, from: [], to: "DraftTransfer", event: null },
  {
    useCase: "registerFromIntermediary",
    creates: true,
    from: [],
    to: "OngoingApplications",
    event: "transferInitiated",
  },
  { useCase: "startApplication", creates: false, from: ["Initiated"], to: "Draft", event: null },
  {
    useCase: "submitApplication",
    creates: false,
    from: ["Draft", "DraftTransfer", "OngoingApplications"],
    to: "ApplicationSent",
    event: null,
  },
  {
    useCase: "completeAutomaticReview",
    creates: false,
    from: ["ApplicationSent"],
    to: "TransferReviewInProgress",
    event: "transferReadyForReview",
  },
  {
    useCase: "requestAdditionalInfo",
    creates: false,
    from: ["TransferReviewInProgress", "AwaitingInfoRequestAnswer", "MembershipReviewInProgress"],
    to: "AwaitingInfoRequestAnswer",
    event: null,
  },
  {
    useCase: "closeInfoRequests",
    creates: false,
    from: ["AwaitingInfoRequestAnswer"],
    to: "previousReviewStatus",
    event: null,
  },
  {
    useCase: "sendToMembershipReview",
    creates: false,
    from: ["TransferReviewInProgress"],
    to: "MembershipReviewInProgress",
    event: "transferApproved",
  },
  {
    useCase: "startDecisionSigning",
    creates: false,
    from: ["MembershipReviewInProgress"],
    to: "MembershipDecisionPending",
    event: null,
  },
  {
    useCase: "cancelDecisionSigning",
    creates: false,
    from: ["MembershipDecisionPending"],
    to: "MembershipReviewInProgress",
    event: null,
  },
  {
    useCase: "approveMembership",
    creates: false,
    from: ["MembershipReviewInProgress", "MembershipDecisionPending"],
    to: "MembershipApproved",
    event: "membershipApproved",
  },
  {
    useCase: "rejectMembership",
    creates: false,
    from: ["MembershipReviewInProgress", "MembershipDecisionPending"],
    to: "MembershipRejected",
    event: "membershipRejected",
  },
  { useCase: "abort", creates: false, from: ONGOING, to: "Aborting", event: "transferTaskStarted" },
  { useCase: "completeAbort", creates: false, from: ["Aborting"], to: "Aborted", event: "transferAborted" },
  { useCase: "markSaleStopped", creates: false, from: ONGOING, to: "same", event: null },
  { useCase: "removeSaleStop", creates: false, from: ONGOING, to: "same", event: null },
  { useCase: "markUnderInvestigation", creates: false, from: ONGOING, to: "same", event: null },
  { useCase: "removeUnderInvestigation", creates: false, from: ONGOING, to: "same", event: null },
  { useCase: "markPartsNotified", creates: false, from: DECIDED, to: "same", event: null },
];

const BY_USE_CASE = new Map<UseCase, Transition>(TRANSITIONS.map((row) => [row.useCase, row]));

function rowFor(useCase: UseCase): Transition {
  const row = BY_USE_CASE.get(useCase);
  if (!row) throw new Error(`No transition row for use case ${useCase}`);
  return row;
}

export class TransitionError extends Error {
  readonly code = "InvalidTransition" as const;
  readonly useCase: UseCase;
  /** null: the use case was asked to act on no transfer (or a creating use case on an existing one). */
  readonly from: TransferStatus | null;

  constructor(useCase: UseCase, from: TransferStatus | null, detail?: string) {
    super(
      `${useCase} is not allowed ${from === null ? "without a transfer" : `in status ${from}`}` +
        (detail ? `: ${detail}` : ""),
    );
    this.name = "TransitionError";
    this.useCase = useCase;
    this.from = from;
  }
}

/**
 * The statuses in the order a transfer passes through them (creation, application, review, decision, then
 * abort), for sorting by status. TRANSFER_STATUSES is declared in this order.
 */
export const LIFECYCLE_ORDER: readonly TransferStatus[] = TRANSFER_STATUSES;

/** A status's place in LIFECYCLE_ORDER. */
export function lifecycleRank(status: TransferStatus): number {
  return LIFECYCLE_ORDER.indexOf(status);
}

export function isFinal(status: TransferStatus): boolean {
  return (FINAL_STATUSES as readonly TransferStatus[]).includes(status);
}

export function isReviewStatus(status: string | null | undefined): status is ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(status ?? "");
}

/** `from` is null for a use case that creates a transfer: only those are allowed without one. */
export function canTransition(useCase: UseCase, from: TransferStatus | null): boolean {
  const row = rowFor(useCase);
  if (from === null) return row.creates;
  return !row.creates && row.from.includes(from);
}

/**
 * The status after `useCase` in status `from`. `previousReviewStatus` is the stored status the open supplement
 * requests interrupted; only `closeInfoRequests` reads it. Throws TransitionError when the table refuses.
 */
export function nextStatus(
  useCase: UseCase,
  from: TransferStatus | null,
  previousReviewStatus?: string | null,
): TransferStatus {
  if (!canTransition(useCase, from)) throw new TransitionError(useCase, from);
  const { to } = rowFor(useCase);
  if (to === "same") {
    // canTransition refuses null for every non-creating row, and no creating row has "same".
    if (from === null) throw new TransitionError(useCase, from);
    return from;
  }
  if (to === "previousReviewStatus") {
    if (!isReviewStatus(previousReviewStatus)) {
      throw new TransitionError(
        useCase,
        from,
        `the review status to return to is ${previousReviewStatus ?? "missing"}`,
      );
    }
    return previousReviewStatus;
  }
  return to;
}

/**
 * The value of the stored previous review status after `useCase` ran in `from`: the first supplement request
 * remembers the review it interrupts, further requests keep it, closing the last one clears it.
 */
export function previousReviewStatusAfter(
  useCase: UseCase,
  from: TransferStatus | null,
  stored: ReviewStatus | null,
): ReviewStatus | null {
  if (useCase === "requestAdditionalInfo" && isReviewStatus(from)) return from;
  if (useCase === "closeInfoRequests") return null;
  return stored;
}

/** The use cases allowed on an existing transfer in `from`, in table order. */
export function allowedUseCases(from: TransferStatus): UseCase[] {
  return TRANSITIONS.filter((row) => !row.creates && row.from.includes(from)).map((row) => row.useCase);
}

export function eventFor(useCase: UseCase): LiveEventName | null {
  return rowFor(useCase).event;
}
