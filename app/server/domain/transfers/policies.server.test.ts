import { describe, expect, test } from "vitest";
import type { TransferStatus, TransferActionType } from "~/lib/transfer";
import type { TransferFacts, Viewer } from "./facts.server";
import { canRequestAdditionalInformation, transferActions } from "./policies.server";
import {
  NOW,
  ALL_ACTIONS,
  maria,
  johan,
  anders,
  pmWithoutActions,
  erik,
  karin,
  fatima,
  boardWithoutActions,
  elin,
  supplement,
  facts,
  privateFacts,
  approved,
  rejected,
  types,
  the,
} from "../../../../tests/support/policy-facts";

describe("transferActions by role", () => {
  test("a property manager in review gets the review actions, all enabled", () => {
    expect(transferActions(maria, facts(), NOW)).toEqual([
      { type: "SendToMembershipReview", disabled: false, reason: null },
      { type: "AbortTransfer", disabled: false, reason: null },
      { type: "MarkAsSaleStopped", disabled: false, reason: null },
      { type: "MarkAsUnderInvestigation", disabled: false, reason: null },
      { type: "RequestAdditionalInfo", disabled: false, reason: null },
    ]);
  });

  test("a proxy property manager is offered the same as any property manager", () => {
    for (const status of ["TransferReviewInProgress", "MembershipReviewInProgress"] as const) {
      expect(transferActions(johan, facts({ status }), NOW)).toEqual(
        transferActions(maria, facts({ status }), NOW),
      );
    }
    expect(types(transferActions(johan, facts({ status: "MembershipReviewInProgress" }), NOW))).toContain(
      "ApproveMembership",
    );
  });

  test("a property manager of another tenant gets nothing", () => {
    expect(transferActions(anders, facts(), NOW)).toEqual([]);
    expect(transferActions(anders, facts({ status: "MembershipReviewInProgress" }), NOW)).toEqual([]);
  });

  test("a property manager without user actions keeps only the actions that need none", () => {
    expect(types(transferActions(pmWithoutActions, facts(), NOW))).toEqual(["SendToMembershipReview"]);
    expect(types(transferActions(pmWithoutActions, facts({ status: "Initiated" }), NOW))).toEqual([
      "CreateApplication",
    ]);
    expect(
      types(transferActions(pmWithoutActions, facts({ status: "MembershipReviewInProgress" }), NOW)),
    ).toEqual([]);
  });

  test("each flag and abort action follows its own user action", () => {
    const only = (action: string): Viewer => ({ ...maria, actions: [action] });
    expect(types(transferActions(only("cancelTransfer"), facts(), NOW))).toEqual([
      "SendToMembershipReview",
      "AbortTransfer",
    ]);
    expect(types(transferActions(only("flagSalesStopped"), facts(), NOW))).toEqual([
      "SendToMembershipReview",
      "MarkAsSaleStopped",
    ]);
    expect(types(transferActions(only("flagUnderInvestigation"), facts(), NOW))).toEqual([
      "SendToMembershipReview",
      "MarkAsUnderInvestigation",
    ]);
    expect(types(transferActions(only("requestAdditionalInformation"), facts(), NOW))).toEqual([
      "SendToMembershipReview",
      "RequestAdditionalInfo",
    ]);
  });

  test("a property manager announces the decision only with approveMembershipApplication", () => {
    const inReview = facts({ status: "MembershipReviewInProgress" });
    expect(
      types(transferActions({ ...maria, actions: ["approveMembershipApplication"] }, inReview, NOW)),
    ).toEqual(["ApproveMembership", "RejectMembership"]);
    expect(types(transferActions({ ...maria, actions: ["reviewMembership"] }, inReview, NOW))).toEqual([]);
  });

  test("a board member in review of the association gets approve, reject and supplements", () => {
    expect(transferActions(erik, facts({ status: "MembershipReviewInProgress" }), NOW)).toEqual([
      { type: "ApproveMembership", disabled: false, reason: null },
      { type: "RejectMembership", disabled: false, reason: null },
      { type: "RequestAdditionalInfo", disabled: false, reason: null },
    ]);
  });

  test("a board member gets none of the property manager's actions, whatever their user actions", () => {
    expect(types(transferActions(erik, facts(), NOW))).toEqual(["RequestAdditionalInfo"]);
    expect(types(transferActions(erik, facts({ status: "Initiated" }), NOW))).toEqual([]);
    expect(
      types(
        transferActions(
          erik,
          facts({ status: "MembershipApproved", membershipDecision: approved("2026-04-01") }),
          NOW,
        ),
      ),
    ).toEqual(["RequestAdditionalInfo"]);
  });

  test("a board member decides with reviewMembership or approveMembershipApplication", () => {
    const inReview = facts({ status: "MembershipReviewInProgress" });
    for (const action of ["reviewMembership", "approveMembershipApplication"]) {
      expect(types(transferActions({ ...erik, actions: [action] }, inReview, NOW))).toEqual([
        "ApproveMembership",
        "RejectMembership",
      ]);
    }
    expect(types(transferActions({ ...erik, actions: ["requestCreditCheck"] }, inReview, NOW))).toEqual([]);
  });

  test("a board member without user actions is offered nothing", () => {
    expect(
      transferActions(boardWithoutActions, facts({ status: "MembershipReviewInProgress" }), NOW),
    ).toEqual([]);
  });

  test("a board member of another association gets nothing", () => {
    expect(transferActions(fatima, facts({ status: "MembershipReviewInProgress" }), NOW)).toEqual([]);
  });

  test("the private party gets CreateApplication on their own DraftTransfer and nothing else", () => {
    expect(transferActions(elin, privateFacts(), NOW)).toEqual([
      { type: "CreateApplication", disabled: false, reason: null },
    ]);
    const elinWithEverything: Viewer = { ...elin, actions: ALL_ACTIONS };
    for (const status of [
      "Draft",
      "Initiated",
      "TransferReviewInProgress",
      "MembershipReviewInProgress",
    ] as const) {
      expect(transferActions(elinWithEverything, privateFacts({ status }), NOW)).toEqual([]);
    }
  });

  test("a board member never decides their own private transfer", () => {
    const own = privateFacts({ createdByUserId: "user-karin", status: "MembershipReviewInProgress" });
    expect(transferActions(karin, own, NOW)).toEqual([]);
    expect(types(transferActions(erik, own, NOW))).toEqual([
      "ApproveMembership",
      "RejectMembership",
      "RequestAdditionalInfo",
    ]);
  });

  test("the property manager keeps their actions on a private transfer of their tenant, but not its CreateApplication", () => {
    expect(types(transferActions(maria, privateFacts(), NOW))).toEqual([
      "AbortTransfer",
      "MarkAsSaleStopped",
      "MarkAsUnderInvestigation",
    ]);
  });
});

describe("transferActions by status (property manager with every user action)", () => {
  const decided = { membershipDecision: approved("2026-04-01") };
  const cases: Array<[TransferStatus, Partial<TransferFacts>, TransferActionType[]]> = [
    ["Initiating", {}, ["AbortTransfer", "MarkAsSaleStopped", "MarkAsUnderInvestigation"]],
    [
      "Initiated",
      {},
      ["CreateApplication", "AbortTransfer", "MarkAsSaleStopped", "MarkAsUnderInvestigation"],
    ],
    ["Draft", {}, ["CreateApplication", "AbortTransfer", "MarkAsSaleStopped", "MarkAsUnderInvestigation"]],
    ["DraftTransfer", {}, ["AbortTransfer", "MarkAsSaleStopped", "MarkAsUnderInvestigation"]],
    [
      "OngoingApplications",
      {},
      ["AbortTransfer", "MarkAsSaleStopped", "MarkAsUnderInvestigation", "RequestAdditionalInfo"],
    ],
    [
      "ApplicationSent",
      {},
      ["AbortTransfer", "MarkAsSaleStopped", "MarkAsUnderInvestigation", "RequestAdditionalInfo"],
    ],
    [
      "TransferReviewInProgress",
      {},
      [
        "SendToMembershipReview",
        "AbortTransfer",
        "MarkAsSaleStopped",
        "MarkAsUnderInvestigation",
        "RequestAdditionalInfo",
      ],
    ],
    [
      "AwaitingInfoRequestAnswer",
      {},
      [
        "SendToMembershipReview",
        "AbortTransfer",
        "MarkAsSaleStopped",
        "MarkAsUnderInvestigation",
        "RequestAdditionalInfo",
      ],
    ],
    [
      "MembershipReviewInProgress",
      {},
      [
        "AbortTransfer",
        "MarkAsSaleStopped",
        "MarkAsUnderInvestigation",
        "ApproveMembership",
        "RejectMembership",
        "RequestAdditionalInfo",
      ],
    ],
    [
      "MembershipDecisionPending",
      {},
      [
        "AbortTransfer",
        "MarkAsSaleStopped",
        "MarkAsUnderInvestigation",
        "ApproveMembership",
        "RejectMembership",
        "RequestAdditionalInfo",
      ],
    ],
    ["MembershipApproved", decided, ["MarkPartsNotified", "RequestAdditionalInfo"]],
    [
      "MembershipRejected",
      { membershipDecision: rejected("2026-04-01") },
      ["MarkPartsNotified", "RequestAdditionalInfo"],
    ],
    ["Aborting", {}, []],
    ["Aborted", {}, []],
  ];

  test.each(cases)("%s", (status, extra, expected) => {
    expect(types(transferActions(maria, facts({ status, ...extra }), NOW))).toEqual(expected);
  });

  test("the aborting flag hides everything even before the status changes", () => {
    expect(transferActions(maria, facts({ aborting: true }), NOW)).toEqual([]);
    expect(
      transferActions(erik, facts({ aborting: true, status: "MembershipReviewInProgress" }), NOW),
    ).toEqual([]);
  });

  test("SendToMembershipReview is disabled in AwaitingInfoRequestAnswer by the open request", () => {
    const awaiting = facts({ status: "AwaitingInfoRequestAnswer", supplements: [supplement()] });
    expect(the(transferActions(maria, awaiting, NOW), "SendToMembershipReview")).toEqual({
      type: "SendToMembershipReview",
      disabled: true,
      reason: "additionalInfoPending",
    });
  });

  test("only one of the sale-stop actions is offered, by the flag", () => {
    const stopped = types(transferActions(maria, facts({ saleStopped: true }), NOW));
    expect(stopped).toContain("RemoveSaleStopped");
    expect(stopped).not.toContain("MarkAsSaleStopped");
    const running = types(transferActions(maria, facts(), NOW));
    expect(running).toContain("MarkAsSaleStopped");
    expect(running).not.toContain("RemoveSaleStopped");
  });

  test("only one of the investigation actions is offered, by the flag", () => {
    const investigated = types(
      transferActions(maria, facts({ underInvestigationSince: "2026-04-01T08:00:00Z" }), NOW),
    );
    expect(investigated).toContain("RemoveUnderInvestigation");
    expect(investigated).not.toContain("MarkAsUnderInvestigation");
    const plain = types(transferActions(maria, facts(), NOW));
    expect(plain).toContain("MarkAsUnderInvestigation");
    expect(plain).not.toContain("RemoveUnderInvestigation");
  });

  test("MarkPartsNotified is offered once a decision exists and until parts are notified", () => {
    const decidedInReview = facts({
      membershipDecision: approved("2026-04-01"),
      status: "MembershipApproved",
    });
    expect(the(transferActions(maria, decidedInReview, NOW), "MarkPartsNotified").disabled).toBe(false);
    expect(types(transferActions(maria, { ...decidedInReview, partsNotified: true }, NOW))).not.toContain(
      "MarkPartsNotified",
    );
    expect(
      types(transferActions(maria, facts({ status: "MembershipApproved", membershipDecision: null }), NOW)),
    ).toContain("MarkPartsNotified");
  });

  test("Approve and Reject are enabled in MembershipReviewInProgress and disabled while the decision is being signed", () => {
    const inReview = transferActions(erik, facts({ status: "MembershipReviewInProgress" }), NOW);
    expect(the(inReview, "ApproveMembership").disabled).toBe(false);
    const signing = { userId: "user-karin", decision: "Approve" } as const;
    const pending = transferActions(
      erik,
      facts({ status: "MembershipDecisionPending", pendingSignSession: signing }),
      NOW,
    );
    for (const type of ["ApproveMembership", "RejectMembership"] as const) {
      expect(the(pending, type)).toEqual({ type, disabled: true, reason: "membershipDecisionPending" });
    }
    // The signer may finish or start over; a signing whose 4 minutes ran out (no session in the facts) blocks nobody.
    const own = facts({
      status: "MembershipDecisionPending",
      pendingSignSession: { ...signing, userId: "user-erik" },
    });
    expect(the(transferActions(erik, own, NOW), "ApproveMembership").disabled).toBe(false);
    const lapsed = facts({ status: "MembershipDecisionPending", pendingSignSession: null });
    expect(the(transferActions(erik, lapsed, NOW), "RejectMembership").disabled).toBe(false);
  });

  test("RequestAdditionalInfo needs someone to receive it: an intermediary's e-mail or the private party", () => {
    const nobody = facts({ hasIntermediaryEmail: false });
    for (const viewer of [maria, erik]) {
      expect(the(transferActions(viewer, nobody, NOW), "RequestAdditionalInfo")).toEqual({
        type: "RequestAdditionalInfo",
        disabled: true,
        reason: "noSupplementRecipient",
      });
    }
    // The private party answers in the portal, with or without a broker's e-mail.
    const privateOne = privateFacts({ status: "TransferReviewInProgress", hasIntermediaryEmail: false });
    expect(the(transferActions(maria, privateOne, NOW), "RequestAdditionalInfo").disabled).toBe(false);
  });

  test("a request nobody can see never holds up SendToMembershipReview", () => {
    const nobody = facts({
      status: "AwaitingInfoRequestAnswer",
      hasIntermediaryEmail: false,
      supplements: [supplement()],
    });
    expect(the(transferActions(maria, nobody, NOW), "SendToMembershipReview")).toEqual({
      type: "SendToMembershipReview",
      disabled: false,
      reason: null,
    });
  });

  test("RequestAdditionalInfo stays offered after the decision, disabled with decisionMade", () => {
    for (const viewer of [maria, erik]) {
      const actions = transferActions(
        viewer,
        facts({ status: "MembershipRejected", membershipDecision: rejected("2026-04-01") }),
        NOW,
      );
      expect(the(actions, "RequestAdditionalInfo")).toEqual({
        type: "RequestAdditionalInfo",
        disabled: true,
        reason: "decisionMade",
      });
    }
  });
});

describe("canRequestAdditionalInformation", () => {
  test.each([
    ["property manager in review", maria, facts(), true],
    ["board member in review", erik, facts(), true],
    [
      "property manager after the decision (offered, disabled)",
      maria,
      facts({ status: "MembershipApproved", membershipDecision: approved("2026-04-01") }),
      true,
    ],
    ["property manager before the application is sent", maria, facts({ status: "Initiated" }), false],
    ["property manager without the user action", pmWithoutActions, facts(), false],
    ["board member without the user action", boardWithoutActions, facts(), false],
    ["property manager on an aborted transfer", maria, facts({ status: "Aborted" }), false],
    [
      "private party on their own transfer",
      { ...elin, actions: ALL_ACTIONS },
      privateFacts({ status: "TransferReviewInProgress" }),
      false,
    ],
    ["property manager of another tenant", anders, facts(), false],
  ])("%s: %s", (_label, viewer, transfer, expected) => {
    expect(canRequestAdditionalInformation(viewer, transfer)).toBe(expected);
  });
});
