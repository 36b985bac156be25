import { describe, expect, test } from "vitest";
import transferTexts from "~/locales/sv/transfer.json";
import {
  DOCUMENT_CATEGORIES,
  INITIATOR_ROLES,
  PROCESS_STEP_STATES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type ProcessStepState,
  type TransferStatus,
} from "./transfer";
import {
  decisionStep,
  displayedStatus,
  displayedStatusLabel,
  flagLabels,
  initiatorLabel,
  processSteps,
  processStepViews,
  stateIsInLabel,
  statusColour,
  stepView,
  type DisplayedStatus,
  type LabelKey,
  type ProcessStep,
  type StatusColour,
} from "./transfer-display";

function textOf(label: LabelKey): string {
  let node: unknown = transferTexts;
  for (const part of label.key.split(".")) {
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== "string") throw new Error(`Missing text for ${label.key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = label.values?.[name];
    if (value === undefined) throw new Error(`${label.key} needs a value for ${name}`);
    return value;
  });
}

describe("displayedStatus", () => {
  test("action needed wins over awaiting an answer, which wins over the status", () => {
    const status = "TransferReviewInProgress";
    expect(displayedStatus({ status, actionIsNeeded: true, awaitingInfoRequestAnswer: true })).toBe(
      "actionNeeded",
    );
    expect(displayedStatus({ status, actionIsNeeded: true, awaitingInfoRequestAnswer: false })).toBe(
      "actionNeeded",
    );
    expect(displayedStatus({ status, actionIsNeeded: false, awaitingInfoRequestAnswer: true })).toBe(
      "awaitingInfoAnswer",
    );
    expect(displayedStatus({ status, actionIsNeeded: false, awaitingInfoRequestAnswer: false })).toBe(status);
  });

  test.each([...TRANSFER_STATUSES])("shows %s as itself when no flag is set", (status) => {
    expect(displayedStatus({ status, actionIsNeeded: false, awaitingInfoRequestAnswer: false })).toBe(status);
  });

  test("every displayed status has a Swedish label", () => {
    expect(textOf(displayedStatusLabel("actionNeeded"))).toBe("Åtgärd krävs");
    expect(textOf(displayedStatusLabel("awaitingInfoAnswer"))).toBe("Inväntar svar på komplettering");
    expect(textOf(displayedStatusLabel("Aborted"))).toBe("Avbruten");
    for (const status of TRANSFER_STATUSES) {
      expect(textOf(displayedStatusLabel(status)).length).toBeGreaterThan(0);
    }
  });
});

describe("statusColour", () => {
  // [displayed, property manager, board member], without deviations.
  const EXPECTED: Array<[DisplayedStatus, StatusColour, StatusColour]> = [
    ["actionNeeded", "orange", "orange"],
    ["awaitingInfoAnswer", "grey", "turquoise"],
    ["Initiating", "turquoise", "turquoise"],
    ["Initiated", "turquoise", "turquoise"],
    ["Draft", "turquoise", "turquoise"],
    ["DraftTransfer", "turquoise", "turquoise"],
    ["OngoingApplications", "turquoise", "turquoise"],
    ["ApplicationSent", "turquoise", "turquoise"],
    ["TransferReviewInProgress", "turquoise", "turquoise"],
    ["AwaitingInfoRequestAnswer", "grey", "turquoise"],
    ["MembershipReviewInProgress", "grey", "turquoise"],
    ["MembershipDecisionPending", "turquoise", "turquoise"],
    ["MembershipApproved", "green", "green"],
    ["MembershipRejected", "red", "red"],
    ["Aborting", "red", "red"],
    ["Aborted", "red", "red"],
  ];

  test("the table covers every displayed status", () => {
    expect(EXPECTED.map(([displayed]) => displayed).sort()).toEqual(
      ["actionNeeded", "awaitingInfoAnswer", ...TRANSFER_STATUSES].sort(),
    );
  });

  test.each(EXPECTED)("%s: %s for a property manager, %s for a board member", (displayed, manager, board) => {
    expect(statusColour(displayed, "PropertyManager")).toBe(manager);
    expect(statusColour(displayed, "BoardMember")).toBe(board);
    expect(statusColour(displayed, "BoardMember", { hasDeviations: false })).toBe(board);
  });

  // Deviations colour an ongoing transfer dark orange; action needed and the outcome colours stay.
  test.each(EXPECTED)("%s with deviations", (displayed, manager) => {
    const keeps = ["orange", "green", "red"].includes(manager);
    for (const role of ["PropertyManager", "BoardMember"] as const) {
      expect(statusColour(displayed, role, { hasDeviations: true })).toBe(keeps ? manager : "darkOrange");
    }
  });
});

describe("labels", () => {
  test("every status, type, category and decision has Swedish text", () => {
    for (const status of TRANSFER_STATUSES) expect(textOf({ key: `status.${status}` })).not.toBe("");
    expect(TRANSFER_TYPES.map((type) => textOf({ key: `transferType.${type}` }))).toEqual([
      "Köp",
      "Gåva",
      "Arv",
      "Bodelning",
    ]);
    for (const category of DOCUMENT_CATEGORIES) expect(textOf({ key: `category.${category}` })).not.toBe("");
    expect(textOf({ key: "decision.Approved" })).toBe("Godkänd");
    expect(textOf({ key: "decision.Rejected" })).toBe("Avslagen");
  });

  test("initiators: a broker's transfer has no label", () => {
    expect(initiatorLabel("Intermediary")).toBeNull();
    expect(initiatorLabel("BoardMember")).toBeNull();
    expect(textOf(initiatorLabel("PrivateIntermediary")!)).toBe("Privatavtal");
    expect(textOf(initiatorLabel("PropertyManager")!)).toBe("Förvaltaravtal");
    expect(INITIATOR_ROLES.filter((role) => initiatorLabel(role) !== null)).toHaveLength(2);
  });

  test("card flags", () => {
    expect(flagLabels({ saleStopped: false, underInvestigation: false })).toEqual([]);
    expect(flagLabels({ saleStopped: true, underInvestigation: true }).map(textOf)).toEqual([
      "Försäljningsstoppad",
      "Under utredning",
    ]);
    expect(flagLabels({ saleStopped: false, underInvestigation: true }).map(textOf)).toEqual([
      "Under utredning",
    ]);
  });
});

const states = (steps: ProcessStep[]) => steps.map((s) => s.state);

describe("processSteps without a stored process", () => {
  // The states of SendApplication, TransferReview, MembershipReview and Decision, with no decision recorded.
  const EXPECTED: Record<TransferStatus, ProcessStepState[]> = {
    Initiating: ["Active", "Inactive", "Inactive", "Inactive"],
    Initiated: ["Active", "Inactive", "Inactive", "Inactive"],
    Draft: ["Active", "Inactive", "Inactive", "Inactive"],
    DraftTransfer: ["Active", "Inactive", "Inactive", "Inactive"],
    OngoingApplications: ["Active", "Inactive", "Inactive", "Inactive"],
    ApplicationSent: ["Completed", "Active", "Inactive", "Inactive"],
    TransferReviewInProgress: ["Completed", "Active", "Inactive", "Inactive"],
    AwaitingInfoRequestAnswer: ["Completed", "Active", "Inactive", "Inactive"],
    MembershipReviewInProgress: ["Completed", "Completed", "Active", "Inactive"],
    MembershipDecisionPending: ["Completed", "Completed", "Active", "Inactive"],
    MembershipApproved: ["Completed", "Completed", "Completed", "Completed"],
    MembershipRejected: ["Completed", "Completed", "Completed", "Rejected"],
    Aborting: ["Inactive", "Inactive", "Inactive", "Aborted"],
    Aborted: ["Inactive", "Inactive", "Inactive", "Aborted"],
  };

  test.each([...TRANSFER_STATUSES])("%s", (status) => {
    const steps = processSteps({ status, membershipDecision: null });
    expect(steps.map((s) => [s.type, s.order])).toEqual([
      ["SendApplication", 0],
      ["TransferReview", 1],
      ["MembershipReview", 2],
      ["Decision", 3],
    ]);
    expect(states(steps)).toEqual(EXPECTED[status]);
    for (const s of steps) expect(s.finished).toBe(!["Inactive", "Active"].includes(s.state));
  });

  test("a supplement request during the membership review keeps that review active", () => {
    const during = (previousReviewStatus: string | null) =>
      states(
        processSteps({ status: "AwaitingInfoRequestAnswer", membershipDecision: null, previousReviewStatus }),
      );
    expect(during("MembershipReviewInProgress")).toEqual(["Completed", "Completed", "Active", "Inactive"]);
    expect(during("TransferReviewInProgress")).toEqual(["Completed", "Active", "Inactive", "Inactive"]);
    expect(during(null)).toEqual(["Completed", "Active", "Inactive", "Inactive"]);
  });

  test("a recorded decision decides the last step", () => {
    const rejected = { decision: "Rejected" as const, date: "2026-03-01" };
    const approved = { decision: "Approved" as const, date: "2026-03-01" };
    expect(states(processSteps({ status: "MembershipApproved", membershipDecision: approved }))).toEqual([
      "Completed",
      "Completed",
      "Completed",
      "Completed",
    ]);
    expect(states(processSteps({ status: "MembershipRejected", membershipDecision: rejected }))).toEqual([
      "Completed",
      "Completed",
      "Completed",
      "Rejected",
    ]);
    expect(
      states(processSteps({ status: "MembershipDecisionPending", membershipDecision: rejected })),
    ).toEqual(["Completed", "Completed", "Completed", "Rejected"]);
    expect(states(processSteps({ status: "Aborted", membershipDecision: approved })).at(-1)).toBe("Aborted");
  });
});

describe("processSteps with a stored process", () => {
  const stored: ProcessStep[] = [
    { type: "Decision", state: "Inactive", order: 3, finished: false },
    { type: "SendApplication", state: "Completed", order: 0, finished: true },
    { type: "MembershipReview", state: "Aborted", order: 2, finished: true },
    { type: "TransferReview", state: "Completed", order: 1, finished: true },
  ];

  test("is used as stored, sorted by order, whatever the status says", () => {
    const steps = processSteps({ status: "Aborted", membershipDecision: null, transferProcess: stored });
    expect(steps.map((s) => s.type)).toEqual([
      "SendApplication",
      "TransferReview",
      "MembershipReview",
      "Decision",
    ]);
    expect(states(steps)).toEqual(["Completed", "Completed", "Aborted", "Inactive"]);
    expect(stored[0]?.type).toBe("Decision");
  });

  test("an empty stored process falls back to the status", () => {
    expect(states(processSteps({ status: "Draft", membershipDecision: null, transferProcess: [] }))).toEqual([
      "Active",
      "Inactive",
      "Inactive",
      "Inactive",
    ]);
  });
});

describe("stepView", () => {
  const at = (state: ProcessStepState, type: ProcessStep["type"] = "MembershipReview"): ProcessStep => ({
    type,
    state,
    order: 2,
    finished: false,
  });

  test.each<[ProcessStepState, string, string | null]>([
    ["Inactive", "future", null],
    ["Active", "active", null],
    ["Completed", "done", "check"],
    ["Rejected", "rejected", "cross"],
    ["Aborted", "aborted", "cross"],
  ])("%s -> %s with symbol %s", (state, view, symbol) => {
    const result = stepView(at(state));
    expect(result.view).toBe(view);
    expect(result.symbol).toBe(symbol);
    expect(result.date).toBeNull();
    expect(result.order).toBe(2);
  });

  test("covers every step state", () => {
    expect(new Set(PROCESS_STEP_STATES.map((state) => stepView(at(state)).view)).size).toBe(
      PROCESS_STEP_STATES.length,
    );
  });

  test("labels each step in Swedish; an aborted step is labelled aborted", () => {
    expect(textOf(stepView(at("Active", "SendApplication")).label)).toBe("Ny");
    expect(textOf(stepView(at("Active", "TransferReview"), "Simpleko Förvaltning").label)).toBe(
      "Granskning av Simpleko Förvaltning",
    );
    expect(textOf(stepView(at("Active", "TransferReview"), "  ").label)).toBe("Förvaltarens granskning");
    expect(textOf(stepView(at("Active", "TransferReview")).label)).toBe("Förvaltarens granskning");
    expect(textOf(stepView(at("Active", "MembershipReview")).label)).toBe("Föreningens granskning");
    expect(textOf(stepView(at("Inactive", "Decision")).label)).toBe("Beslut");
    expect(textOf(stepView(at("Completed", "Decision")).label)).toBe("Godkänd");
    expect(textOf(stepView(at("Rejected", "Decision")).label)).toBe("Avslagen");
    expect(textOf(stepView(at("Aborted", "TransferReview"), "Simpleko").label)).toBe("Avbruten");
    for (const state of PROCESS_STEP_STATES)
      expect(textOf({ key: `stepState.${stepView(at(state)).view}` })).not.toBe("");
  });

  test("a label that already says the state is not followed by it again (no `Avbruten: Avbruten`)", () => {
    expect(stateIsInLabel(stepView(at("Aborted", "TransferReview")))).toBe(true);
    expect(stateIsInLabel(stepView(at("Completed", "Decision")))).toBe(true);
    expect(stateIsInLabel(stepView(at("Rejected", "Decision")))).toBe(true);
    expect(stateIsInLabel(stepView(at("Active", "TransferReview")))).toBe(false);
    expect(stateIsInLabel(stepView(at("Completed", "SendApplication")))).toBe(false);
    expect(stateIsInLabel(stepView(at("Inactive", "Decision")))).toBe(false);
  });
});

describe("decisionStep", () => {
  test("an approval is done, with its date", () => {
    const result = decisionStep({ decision: "Approved", date: "2026-02-14" });
    expect(result).toMatchObject({
      type: "Decision",
      order: 3,
      view: "done",
      symbol: "check",
      date: "2026-02-14",
    });
    expect(textOf(result.label)).toBe("Godkänd");
  });

  test("a rejection is rejected, with its date", () => {
    const result = decisionStep({ decision: "Rejected", date: "2026-02-15" });
    expect(result).toMatchObject({ view: "rejected", symbol: "cross", date: "2026-02-15" });
    expect(textOf(result.label)).toBe("Avslagen");
  });

  test("no decision is a future step labelled Beslut, without a date", () => {
    const result = decisionStep(null);
    expect(result).toMatchObject({ view: "future", symbol: null, date: null });
    expect(textOf(result.label)).toBe("Beslut");
  });
});

describe("processStepViews", () => {
  test("a decided private transfer carries the decision date on its last step", () => {
    const views = processStepViews({
      status: "MembershipRejected",
      membershipDecision: { decision: "Rejected", date: "2026-04-01" },
      managerName: "Nordhem",
    });
    expect(views.map((v) => v.view)).toEqual(["done", "done", "done", "rejected"]);
    expect(views.map((v) => v.symbol)).toEqual(["check", "check", "check", "cross"]);
    expect(views.at(-1)?.date).toBe("2026-04-01");
    expect(views.map((v) => textOf(v.label))).toEqual([
      "Ny",
      "Granskning av Nordhem",
      "Föreningens granskning",
      "Avslagen",
    ]);
  });

  test("an ongoing one shows where it is", () => {
    const views = processStepViews({
      status: "TransferReviewInProgress",
      membershipDecision: null,
      managerName: "Nordhem",
    });
    expect(views.map((v) => v.view)).toEqual(["done", "active", "future", "future"]);
    expect(views.every((v) => v.date === null)).toBe(true);
  });

  test("an aborted one shows the abort even if a decision was recorded", () => {
    const views = processStepViews({
      status: "Aborted",
      membershipDecision: { decision: "Approved", date: "2026-04-01" },
    });
    expect(views.at(-1)).toMatchObject({ view: "aborted", symbol: "cross", date: null });
  });
});
