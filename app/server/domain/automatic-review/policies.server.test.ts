import { describe, expect, test } from "vitest";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import { acceptDeviationAction } from "./policies.server";
import { DEFAULT_ACTIONS } from "../users.server";

/** Who may accept deviations of the automatic review, and when the action is disabled (spec 02 §4, §5). */

const NOW = new Date("2026-11-25T10:00:00Z");
const maria: Viewer = {
  id: "user-maria",
  tenantId: "stadsbo",
  role: "PropertyManager",
  features: [],
  actions: [...DEFAULT_ACTIONS],
  boardAssociationIds: [],
};
const erik: Viewer = {
  id: "user-erik",
  tenantId: "styrelse",
  role: "BoardMember",
  features: ["board_member"],
  actions: [...DEFAULT_ACTIONS],
  boardAssociationIds: ["assoc-kvarnen"],
};

function facts(overrides: Partial<TransferFacts> = {}): TransferFacts {
  return {
    id: "transfer-1",
    status: "TransferReviewInProgress",
    transferType: "Purchase",
    initiatorRole: "Intermediary",
    tenantId: "stadsbo",
    associationId: "assoc-kvarnen",
    createdByUserId: null,
    hasIntermediaryEmail: true,
    saleStopped: false,
    underInvestigationSince: null,
    partsNotified: false,
    expired: false,
    aborting: false,
    runningTasks: [],
    propertyManagerUnderMaintenance: false,
    entryDate: "2027-01-06",
    membershipDecision: null,
    unresolvedMessages: 0,
    parties: [],
    documents: [],
    checks: [
      { id: "c-1", type: "PricePresent", result: "Valid" },
      { id: "c-2", type: "PriceMatches", result: "Deviation" },
    ],
    supplements: [],
    changeRequests: [],
    creditChecks: [],
    messages: [],
    pendingSignSession: null,
    ...overrides,
  };
}

const reason = (viewer: Viewer, f: TransferFacts) => {
  const action = acceptDeviationAction(viewer, f, NOW);
  return action === undefined ? "not offered" : action.reason;
};

describe("AcceptDeviation", () => {
  test("is offered enabled to the manager's side in TransferReviewInProgress with an open deviation", () => {
    expect(acceptDeviationAction(maria, facts(), NOW)).toEqual({
      type: "AcceptDeviation",
      disabled: false,
      reason: null,
    });
  });

  test("is not offered to a board member, another tenant's manager, a manager without reviewApplication", () => {
    expect(reason(erik, facts())).toBe("not offered");
    expect(reason({ ...maria, tenantId: "nordhem" }, facts())).toBe("not offered");
    expect(reason({ ...maria, actions: ["listTransfers"] }, facts())).toBe("not offered");
  });

  test("is not offered on an aborting, aborted, final or never reviewed transfer", () => {
    expect(reason(maria, facts({ aborting: true }))).toBe("not offered");
    expect(reason(maria, facts({ status: "Aborted" }))).toBe("not offered");
    expect(reason(maria, facts({ status: "MembershipApproved" }))).toBe("not offered");
    expect(reason(maria, facts({ status: "Draft", checks: [] }))).toBe("not offered");
  });

  test("is disabled while a background task runs, outside TransferReviewInProgress, and with nothing open", () => {
    expect(reason(maria, facts({ runningTasks: ["AutomaticReview"] }))).toBe("backgroundTask");
    expect(reason(maria, facts({ status: "AwaitingInfoRequestAnswer" }))).toBe("notInTransferReview");
    expect(reason(maria, facts({ status: "MembershipReviewInProgress" }))).toBe("notInTransferReview");
    expect(
      reason(maria, facts({ checks: [{ id: "c-2", type: "PriceMatches", result: "AcceptedDeviation" }] })),
    ).toBe("noOpenDeviations");
  });
});
