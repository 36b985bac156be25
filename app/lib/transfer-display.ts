import {
  PROCESS_STEP_TYPES,
  type InitiatorRole,
  type MembershipDecisionValue,
  type ProcessStepState,
  type ProcessStepType,
  type TransferStatus,
} from "./transfer";

/**
 * How a transfer's status, process and flags are shown (spec 01 §4). Everything here returns codes and keys
 * of the `transfer` locale namespace (app/locales/sv/transfer.json), never Swedish text.
 */

/** A key of the `transfer` namespace, with the values its text interpolates. */
export interface LabelKey {
  key: string;
  values?: Record<string, string>;
}

export type DisplayedStatus = "actionNeeded" | "awaitingInfoAnswer" | TransferStatus;

export function displayedStatus(transfer: {
  status: TransferStatus;
  actionIsNeeded: boolean;
  awaitingInfoRequestAnswer: boolean;
}): DisplayedStatus {
  if (transfer.actionIsNeeded) return "actionNeeded";
  if (transfer.awaitingInfoRequestAnswer) return "awaitingInfoAnswer";
  return transfer.status;
}

export function displayedStatusLabel(displayed: DisplayedStatus): LabelKey {
  return displayed === "actionNeeded" || displayed === "awaitingInfoAnswer"
    ? { key: `displayedStatus.${displayed}` }
    : { key: `status.${displayed}` };
}

export type StatusColour = "turquoise" | "red" | "green" | "orange" | "darkOrange" | "grey";
export type DisplayRole = "PropertyManager" | "BoardMember";

/**
 * The colour of the status tag. Which wins when several rules of spec 01 §4 apply, per displayed status:
 *
 * - actionNeeded: orange (the tag says action is needed; it outranks deviations)
 * - MembershipApproved: green; MembershipRejected, Aborting, Aborted: red (a decided or aborted transfer keeps
 *   its outcome colour whatever its deviations)
 * - any other status with deviations: dark orange
 * - awaitingInfoAnswer, AwaitingInfoRequestAnswer, MembershipReviewInProgress: turquoise for board members,
 *   grey for property managers (the transfer waits on someone else)
 * - Initiating, Initiated, Draft, DraftTransfer, OngoingApplications, ApplicationSent, TransferReviewInProgress,
 *   MembershipDecisionPending: turquoise (early or ongoing; the spec names only the two statuses above as grey)
 */
export function statusColour(
  displayed: DisplayedStatus,
  role: DisplayRole,
  options: { hasDeviations?: boolean } = {},
): StatusColour {
  switch (displayed) {
    case "actionNeeded":
      return "orange";
    case "MembershipApproved":
      return "green";
    case "MembershipRejected":
    case "Aborting":
    case "Aborted":
      return "red";
  }
  if (options.hasDeviations) return "darkOrange";
  switch (displayed) {
    case "awaitingInfoAnswer":
    case "AwaitingInfoRequestAnswer":
    case "MembershipReviewInProgress":
      return role === "BoardMember" ? "turquoise" : "grey";
    case "Initiating":
    case "Initiated":
    case "Draft":
    case "DraftTransfer":
    case "OngoingApplications":
    case "ApplicationSent":
    case "TransferReviewInProgress":
    case "MembershipDecisionPending":
      return "turquoise";
  }
}

/** The agreement label of a transfer's initiator; a broker's transfer has none (spec 01, Mina överlåtelser). */
export function initiatorLabel(role: InitiatorRole): LabelKey | null {
  return role === "PrivateIntermediary" || role === "PropertyManager" ? { key: `initiator.${role}` } : null;
}

/** The status texts shown beside the status on a private transfer's card, in this order. */
export function flagLabels(flags: { saleStopped: boolean; underInvestigation: boolean }): LabelKey[] {
  const labels: LabelKey[] = [];
  if (flags.saleStopped) labels.push({ key: "flag.saleStopped" });
  if (flags.underInvestigation) labels.push({ key: "flag.underInvestigation" });
  return labels;
}

export interface ProcessStep {
  type: ProcessStepType;
  state: ProcessStepState;
  order: number;
  /** The step is over: completed, rejected or aborted. */
  finished: boolean;
}

export interface MembershipDecisionSummary {
  decision: MembershipDecisionValue;
  /** YYYY-MM-DD */
  date: string;
}

const STEP_ORDER: Record<ProcessStepType, number> = {
  SendApplication: 0,
  TransferReview: 1,
  MembershipReview: 2,
  Decision: 3,
};

/** The step that is under way in each status; "decided" and "aborted" are past the last step. */
const CURRENT_STEP: Record<TransferStatus, ProcessStepType | "decided" | "aborted"> = {
  Initiating: "SendApplication",
  Initiated: "SendApplication",
  Draft: "SendApplication",
  DraftTransfer: "SendApplication",
  OngoingApplications: "SendApplication",
  ApplicationSent: "TransferReview",
  TransferReviewInProgress: "TransferReview",
  AwaitingInfoRequestAnswer: "TransferReview",
  MembershipReviewInProgress: "MembershipReview",
  MembershipDecisionPending: "MembershipReview",
  MembershipApproved: "decided",
  MembershipRejected: "decided",
  Aborting: "aborted",
  Aborted: "aborted",
};

function step(type: ProcessStepType, state: ProcessStepState): ProcessStep {
  return { type, state, order: STEP_ORDER[type], finished: state !== "Inactive" && state !== "Active" };
}

/**
 * The four steps of spec 01 §4, sorted by order. A stored process (from the transfer's own record) is used as it
 * is; without one the steps follow from the status. A supplement request shows the review it interrupted, given
 * as `previousReviewStatus` (the transfer review when unknown). Without a stored process an aborted transfer's
 * history is unknown, so only the decision step shows it (aborted) and the others stay future.
 */
export function processSteps(input: {
  status: TransferStatus;
  membershipDecision: MembershipDecisionSummary | null;
  transferProcess?: readonly ProcessStep[] | null;
  previousReviewStatus?: string | null;
}): ProcessStep[] {
  if (input.transferProcess && input.transferProcess.length > 0) {
    return [...input.transferProcess].sort((a, b) => a.order - b.order);
  }

  let current = CURRENT_STEP[input.status];
  if (
    input.status === "AwaitingInfoRequestAnswer" &&
    input.previousReviewStatus === "MembershipReviewInProgress"
  ) {
    current = "MembershipReview";
  }
  if (current === "aborted") {
    return PROCESS_STEP_TYPES.map((type) => step(type, type === "Decision" ? "Aborted" : "Inactive"));
  }
  if (input.membershipDecision) current = "decided";

  if (current === "decided") {
    const decision =
      input.membershipDecision?.decision ?? (input.status === "MembershipRejected" ? "Rejected" : "Approved");
    return PROCESS_STEP_TYPES.map((type) =>
      step(type, type !== "Decision" ? "Completed" : decision === "Approved" ? "Completed" : "Rejected"),
    );
  }

  const currentOrder = STEP_ORDER[current];
  return PROCESS_STEP_TYPES.map((type) => {
    const order = STEP_ORDER[type];
    return step(type, order < currentOrder ? "Completed" : order === currentOrder ? "Active" : "Inactive");
  });
}

export type StepViewState = "future" | "active" | "done" | "rejected" | "aborted";

export interface StepView {
  type: ProcessStepType;
  order: number;
  view: StepViewState;
  symbol: "check" | "cross" | null;
  label: LabelKey;
  /** The decision date on a decided decision step, else null. */
  date: string | null;
}

const VIEW_OF_STATE: Record<ProcessStepState, StepViewState> = {
  Inactive: "future",
  Active: "active",
  Completed: "done",
  Rejected: "rejected",
  Aborted: "aborted",
};

function symbolOf(view: StepViewState): StepView["symbol"] {
  if (view === "done") return "check";
  if (view === "rejected" || view === "aborted") return "cross";
  return null;
}

function typeLabel(type: ProcessStepType, managerName: string | null | undefined): LabelKey {
  if (type !== "TransferReview") return { key: `step.${type}` };
  const manager = managerName?.trim();
  return manager
    ? { key: "step.TransferReview", values: { manager } }
    : { key: "step.TransferReviewNoManager" };
}

/** How one step is drawn; an aborted step is labelled aborted instead of by its type. */
export function stepView(step: ProcessStep, managerName?: string | null): StepView {
  const view = VIEW_OF_STATE[step.state];
  let label = typeLabel(step.type, managerName);
  if (view === "aborted") label = { key: "stepState.aborted" };
  else if (step.type === "Decision" && view === "done") label = { key: "decision.Approved" };
  else if (step.type === "Decision" && view === "rejected") label = { key: "decision.Rejected" };
  return { type: step.type, order: step.order, view, symbol: symbolOf(view), label, date: null };
}

/**
 * Whether a step's label already says its state (an aborted step is labelled `Avbruten`, a decided decision
 * `Godkänd` or `Avslagen`), so that the state is not said twice (`Avbruten: Avbruten`).
 */
export function stateIsInLabel(step: StepView): boolean {
  return (
    step.view === "aborted" ||
    (step.type === "Decision" && (step.view === "done" || step.view === "rejected"))
  );
}

/** The decision step from the membership decision: Approved done, Rejected rejected, both dated; else future. */
export function decisionStep(membershipDecision: MembershipDecisionSummary | null): StepView {
  const base = { type: "Decision" as const, order: STEP_ORDER.Decision };
  if (membershipDecision?.decision === "Approved") {
    return {
      ...base,
      view: "done",
      symbol: "check",
      label: { key: "decision.Approved" },
      date: membershipDecision.date,
    };
  }
  if (membershipDecision?.decision === "Rejected") {
    return {
      ...base,
      view: "rejected",
      symbol: "cross",
      label: { key: "decision.Rejected" },
      date: membershipDecision.date,
    };
  }
  return { ...base, view: "future", symbol: null, label: { key: "step.Decision" }, date: null };
}

/**
 * The steps of a private transfer's card: the process steps drawn with `stepView`, the decision step taken from
 * the membership decision once there is one (so it carries the date).
 */
export function processStepViews(input: {
  status: TransferStatus;
  membershipDecision: MembershipDecisionSummary | null;
  transferProcess?: readonly ProcessStep[] | null;
  previousReviewStatus?: string | null;
  managerName?: string | null;
}): StepView[] {
  return processSteps(input).map((s) =>
    s.type === "Decision" && input.membershipDecision && s.state !== "Aborted"
      ? decisionStep(input.membershipDecision)
      : stepView(s, input.managerName),
  );
}
