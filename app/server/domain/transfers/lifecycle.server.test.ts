import { describe, expect, test } from "vitest";
import { TRANSFER_STATUSES, type TransferStatus } from "~/lib/transfer";
import {
  allowedUseCases,
  canTransition,
  eventFor,
  isFinal,
  nextStatus,
  previousReviewStatusAfter,
  TRANSITIONS,
  TransitionError,
  USE_CASES,
  type LiveEventName,
  type UseCase,
} from "./lifecycle.server";

// Column abbreviations of the matrix below, in this order.
const COLUMNS: Array<[string, TransferStatus]> = [
  ["Ing", "Initiating"],
  ["Ied", "Initiated"],
  ["Dft", "Draft"],
  ["DfT", "DraftTransfer"],
  ["Ong", "OngoingApplications"],
  ["Snt", "ApplicationSent"],
  ["TRv", "TransferReviewInProgress"],
  ["Awt", "AwaitingInfoRequestAnswer"],
  ["MRv", "MembershipReviewInProgress"],
  ["MDP", "MembershipDecisionPending"],
  ["MAp", "MembershipApproved"],
  ["MRj", "MembershipRejected"],
  ["Abg", "Aborting"],
  ["Abd", "Aborted"],
];
const BY_ABBREVIATION = new Map(COLUMNS);

/*
 * The expected lifecycle, written out by hand (decision 007). A cell is the status the use case leads to from
 * the column's status: an abbreviation above, "=" for the same status, "<" for the review status the open
 * supplement requests interrupted, "." when the use case is refused.
 */
const MATRIX: Record<UseCase, string> = {
  //                         Ing Ied Dft DfT Ong Snt TRv Awt MRv MDP MAp MRj Abg Abd
  createTransfer: " .   .   .   .   .   .   .   .   .   .   .   .   .   . ",
  initiate: "Ied  .   .   .   .   .   .   .   .   .   .   .   .   . ",
  createPrivateTransfer: " .   .   .   .   .   .   .   .   .   .   .   .   .   . ",
  registerFromIntermediary: " .   .   .   .   .   .   .   .   .   .   .   .   .   . ",
  startApplication: " .  Dft  .   .   .   .   .   .   .   .   .   .   .   . ",
  submitApplication: " .   .  Snt Snt Snt  .   .   .   .   .   .   .   .   . ",
  completeAutomaticReview: " .   .   .   .   .  TRv  .   .   .   .   .   .   .   . ",
  requestAdditionalInfo: " .   .   .   .   .   .  Awt Awt Awt  .   .   .   .   . ",
  closeInfoRequests: " .   .   .   .   .   .   .   <   .   .   .   .   .   . ",
  sendToMembershipReview: " .   .   .   .   .   .  MRv  .   .   .   .   .   .   . ",
  startDecisionSigning: " .   .   .   .   .   .   .   .  MDP  .   .   .   .   . ",
  cancelDecisionSigning: " .   .   .   .   .   .   .   .   .  MRv  .   .   .   . ",
  approveMembership: " .   .   .   .   .   .   .   .  MAp MAp  .   .   .   . ",
  rejectMembership: " .   .   .   .   .   .   .   .  MRj MRj  .   .   .   . ",
  abort: "Abg Abg Abg Abg Abg Abg Abg Abg Abg Abg  .   .   .   . ",
  completeAbort: " .   .   .   .   .   .   .   .   .   .   .   .  Abd  . ",
  markSaleStopped: " =   =   =   =   =   =   =   =   =   =   .   .   .   . ",
  removeSaleStop: " =   =   =   =   =   =   =   =   =   =   .   .   .   . ",
  markUnderInvestigation: " =   =   =   =   =   =   =   =   =   =   .   .   .   . ",
  removeUnderInvestigation: " =   =   =   =   =   =   =   =   =   =   .   .   .   . ",
  markPartsNotified: " .   .   .   .   .   .   .   .   .   .   =   =   .   . ",
};

const CREATES: Partial<Record<UseCase, TransferStatus>> = {
  createTransfer: "Initiating",
  createPrivateTransfer: "DraftTransfer",
  registerFromIntermediary: "OngoingApplications",
};

const EVENTS: Record<UseCase, LiveEventName | null> = {
  createTransfer: null,
  initiate: "transferInitiated",
  createPrivateTransfer: null,
  registerFromIntermediary: "transferInitiated",
  startApplication: null,
  submitApplication: null,
  completeAutomaticReview: "transferReadyForReview",
  requestAdditionalInfo: null,
  closeInfoRequests: null,
  sendToMembershipReview: "transferApproved",
  startDecisionSigning: null,
  cancelDecisionSigning: null,
  approveMembership: "membershipApproved",
  rejectMembership: "membershipRejected",
  abort: "transferTaskStarted",
  completeAbort: "transferAborted",
  markSaleStopped: null,
  removeSaleStop: null,
  markUnderInvestigation: null,
  removeUnderInvestigation: null,
  markPartsNotified: null,
};

function cell(useCase: UseCase, status: TransferStatus): string {
  const cells = MATRIX[useCase].trim().split(/\s+/);
  const index = COLUMNS.findIndex(([, s]) => s === status);
  const value = cells[index];
  if (cells.length !== COLUMNS.length || value === undefined) {
    throw new Error(`Matrix row ${useCase} has ${cells.length} cells`);
  }
  return value;
}

const PREVIOUS = "MembershipReviewInProgress";

const cases = USE_CASES.flatMap((useCase) =>
  TRANSFER_STATUSES.map((status) => ({ useCase, status, expected: cell(useCase, status) })),
);

describe("the transition matrix", () => {
  test("covers every status and every use case", () => {
    expect(COLUMNS.map(([, status]) => status)).toEqual([...TRANSFER_STATUSES]);
    expect(Object.keys(MATRIX).sort()).toEqual([...USE_CASES].sort());
  });

  test.each(cases)("$useCase in $status -> $expected", ({ useCase, status, expected }) => {
    if (expected === ".") {
      expect(canTransition(useCase, status)).toBe(false);
      expect(allowedUseCases(status)).not.toContain(useCase);
      expect(() => nextStatus(useCase, status, PREVIOUS)).toThrow(TransitionError);
      return;
    }
    expect(canTransition(useCase, status)).toBe(true);
    expect(allowedUseCases(status)).toContain(useCase);
    const want = expected === "=" ? status : expected === "<" ? PREVIOUS : BY_ABBREVIATION.get(expected);
    expect(want).toBeDefined();
    expect(nextStatus(useCase, status, PREVIOUS)).toBe(want);
  });

  test.each(USE_CASES.map((useCase) => ({ useCase })))(
    "$useCase without a transfer is allowed only when it creates one",
    ({ useCase }) => {
      const creates = CREATES[useCase];
      expect(canTransition(useCase, null)).toBe(creates !== undefined);
      if (creates) expect(nextStatus(useCase, null)).toBe(creates);
      else expect(() => nextStatus(useCase, null)).toThrow(TransitionError);
    },
  );

  test("allowedUseCases lists exactly the allowed cells, in table order", () => {
    for (const status of TRANSFER_STATUSES) {
      const expected = USE_CASES.filter((useCase) => cell(useCase, status) !== ".");
      expect(allowedUseCases(status)).toEqual(expected);
    }
  });
});

describe("final statuses", () => {
  test("are the decided and the aborted ones", () => {
    expect(TRANSFER_STATUSES.filter(isFinal)).toEqual([
      "MembershipApproved",
      "MembershipRejected",
      "Aborted",
    ]);
  });

  test.each(["MembershipApproved", "MembershipRejected", "Aborted"] as const)(
    "%s allows no change of status, only the parts-notified flag after a decision",
    (status) => {
      for (const useCase of allowedUseCases(status)) {
        expect(nextStatus(useCase, status)).toBe(status);
      }
      expect(allowedUseCases(status)).toEqual(status === "Aborted" ? [] : ["markPartsNotified"]);
    },
  );
});

describe("returning from AwaitingInfoRequestAnswer", () => {
  test.each(["TransferReviewInProgress", "MembershipReviewInProgress"] as const)(
    "closing the last request returns to %s",
    (previous) => {
      expect(nextStatus("closeInfoRequests", "AwaitingInfoRequestAnswer", previous)).toBe(previous);
    },
  );

  test.each([undefined, null, "", "Draft", "AwaitingInfoRequestAnswer", "MembershipDecisionPending"])(
    "refuses to return to %j",
    (previous) => {
      expect(() => nextStatus("closeInfoRequests", "AwaitingInfoRequestAnswer", previous)).toThrow(
        TransitionError,
      );
    },
  );

  test("other use cases ignore the previous review status", () => {
    expect(nextStatus("requestAdditionalInfo", "TransferReviewInProgress")).toBe("AwaitingInfoRequestAnswer");
    expect(nextStatus("abort", "AwaitingInfoRequestAnswer", null)).toBe("Aborting");
  });

  test("the first request remembers the review it interrupts, later ones keep it, closing clears it", () => {
    expect(previousReviewStatusAfter("requestAdditionalInfo", "TransferReviewInProgress", null)).toBe(
      "TransferReviewInProgress",
    );
    expect(previousReviewStatusAfter("requestAdditionalInfo", "MembershipReviewInProgress", null)).toBe(
      "MembershipReviewInProgress",
    );
    expect(
      previousReviewStatusAfter(
        "requestAdditionalInfo",
        "AwaitingInfoRequestAnswer",
        "MembershipReviewInProgress",
      ),
    ).toBe("MembershipReviewInProgress");
    expect(
      previousReviewStatusAfter("closeInfoRequests", "AwaitingInfoRequestAnswer", "TransferReviewInProgress"),
    ).toBeNull();
    expect(
      previousReviewStatusAfter("markSaleStopped", "AwaitingInfoRequestAnswer", "TransferReviewInProgress"),
    ).toBe("TransferReviewInProgress");
  });

  test("a full round trip through a supplement request during the membership review", () => {
    let status: TransferStatus = "MembershipReviewInProgress";
    let previous = previousReviewStatusAfter("requestAdditionalInfo", status, null);
    status = nextStatus("requestAdditionalInfo", status);
    previous = previousReviewStatusAfter("requestAdditionalInfo", status, previous);
    status = nextStatus("requestAdditionalInfo", status);
    expect(status).toBe("AwaitingInfoRequestAnswer");
    status = nextStatus("closeInfoRequests", status, previous);
    expect(status).toBe("MembershipReviewInProgress");
    expect(previousReviewStatusAfter("closeInfoRequests", "AwaitingInfoRequestAnswer", previous)).toBeNull();
  });
});

describe("the table", () => {
  test("has exactly one row per use case", () => {
    expect(TRANSITIONS.map((row) => row.useCase)).toEqual([...USE_CASES]);
    expect(new Set(TRANSITIONS.map((row) => row.useCase)).size).toBe(TRANSITIONS.length);
  });

  test("creating rows have no from-statuses and the others have some", () => {
    for (const row of TRANSITIONS) {
      expect(row.from.length === 0).toBe(row.creates);
    }
  });

  test.each(USE_CASES.map((useCase) => ({ useCase })))("$useCase announces its event", ({ useCase }) => {
    expect(eventFor(useCase)).toBe(EVENTS[useCase]);
  });
});

describe("TransitionError", () => {
  test("names the use case and the status it was refused in", () => {
    let caught: unknown;
    try {
      nextStatus("approveMembership", "TransferReviewInProgress");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TransitionError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({
      code: "InvalidTransition",
      useCase: "approveMembership",
      from: "TransferReviewInProgress",
      name: "TransitionError",
    });
    expect((caught as Error).message).toContain("approveMembership");
    expect((caught as Error).message).toContain("TransferReviewInProgress");
  });

  test("for a creating use case on an existing transfer, and for any other without one", () => {
    expect(() => nextStatus("createPrivateTransfer", "Draft")).toThrow(
      expect.objectContaining({ from: "Draft", useCase: "createPrivateTransfer" }),
    );
    expect(() => nextStatus("abort", null)).toThrow(expect.objectContaining({ from: null }));
  });
});
