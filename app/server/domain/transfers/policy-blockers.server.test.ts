import { describe, expect, test } from "vitest";
import type { TransferFacts } from "./facts.server";
import {
  SEND_TO_REVIEW_ORDER,
  decisionBlockers,
  sendToMembershipReviewBlockers,
  transferActions,
} from "./policies.server";
import type { BlockerCode, PolicyAction } from "../core/policy.server";
import { answerActions, supplementActions } from "../supplements/policies.server";
import { personActions } from "../credit-checks/policies.server";
import {
  NOW,
  maria,
  johan,
  erik,
  karin,
  elin,
  acquirer,
  guarantor,
  companyAcquirer,
  doc,
  supplement,
  answer,
  order,
  changeRequest,
  facts,
  privateFacts,
  approved,
  the,
} from "../../../../tests/support/policy-facts";

describe("SendToMembershipReview blockers", () => {
  const cases: Array<[BlockerCode, Partial<TransferFacts>]> = [
    ["backgroundTask", { runningTasks: ["AutomaticReview"] }],
    ["additionalInfoPending", { supplements: [supplement()] }],
    ["changeRequestPending", { changeRequests: [changeRequest(null)] }],
    ["creditCheckPending", { creditChecks: [order({ status: "Pending" })] }],
    ["unresolvedMessages", { unresolvedMessages: 2 }],
    ["requiredDocumentMissing", { documents: [doc("doc-application", "MembershipApplication")] }],
    [
      "documentUploading",
      {
        documents: [...facts().documents, doc("doc-other", "Other", { status: "UploadPending" })],
      },
    ],
    [
      "documentUploadingByOtherUser",
      {
        documents: [
          ...facts().documents,
          doc("doc-other", "Other", { status: "UploadProgressing", uploadedByUserId: "user-johan" }),
        ],
      },
    ],
    ["unapprovedDeviations", { checks: [{ id: "check-3", type: "PriceMatches", result: "Deviation" }] }],
    ["propertyManagerUnderMaintenance", { propertyManagerUnderMaintenance: true }],
    ["saleStopped", { saleStopped: true }],
    ["underInvestigation", { underInvestigationSince: "2026-04-01T08:00:00Z" }],
  ];

  test("the baseline has no blocker, so each case below is caused by its own change", () => {
    expect(sendToMembershipReviewBlockers(facts(), NOW, maria.id)).toEqual([]);
  });

  test("every blocker code of the fixed order has a case", () => {
    expect(cases.map(([code]) => code)).toEqual([...SEND_TO_REVIEW_ORDER]);
  });

  test.each(cases)("%s", (code, extra) => {
    expect(sendToMembershipReviewBlockers(facts(extra), NOW, maria.id)).toEqual([code]);
    expect(the(transferActions(maria, facts(extra), NOW), "SendToMembershipReview")).toEqual({
      type: "SendToMembershipReview",
      disabled: true,
      reason: code,
    });
  });

  test("all blockers at once are listed in the fixed order and the first is the reason", () => {
    const everything = facts({
      runningTasks: ["SummaryDocument"],
      supplements: [supplement()],
      changeRequests: [changeRequest(null)],
      creditChecks: [order({ status: "Pending" })],
      unresolvedMessages: 1,
      documents: [
        doc("doc-application", "MembershipApplication", { status: "UploadPending" }),
        doc("doc-agreement", "TransferAgreement", {
          status: "UploadPending",
          uploadedByUserId: "user-johan",
        }),
      ],
      checks: [{ id: "check-3", type: "PriceMatches", result: "Deviation" }],
      propertyManagerUnderMaintenance: true,
      saleStopped: true,
      underInvestigationSince: "2026-04-01T08:00:00Z",
    });
    expect(sendToMembershipReviewBlockers(everything, NOW, maria.id)).toEqual([
      "backgroundTask",
      "additionalInfoPending",
      "changeRequestPending",
      "creditCheckPending",
      "unresolvedMessages",
      "requiredDocumentMissing",
      "documentUploading",
      "documentUploadingByOtherUser",
      "unapprovedDeviations",
      "propertyManagerUnderMaintenance",
      "saleStopped",
      "underInvestigation",
    ]);
    expect(the(transferActions(maria, everything, NOW), "SendToMembershipReview").reason).toBe(
      "backgroundTask",
    );
    expect(
      the(transferActions(maria, { ...everything, runningTasks: [] }, NOW), "SendToMembershipReview").reason,
    ).toBe("additionalInfoPending");
  });

  test("a pending answer blocks like an open request; handled ones do not", () => {
    const withAnswer = (status: "Pending" | "Accepted" | "Rejected") =>
      facts({ supplements: [supplement({ status: "Answered", answer: answer(status) })] });
    expect(sendToMembershipReviewBlockers(withAnswer("Pending"), NOW)).toEqual(["additionalInfoPending"]);
    expect(sendToMembershipReviewBlockers(withAnswer("Accepted"), NOW)).toEqual([]);
    expect(sendToMembershipReviewBlockers(withAnswer("Rejected"), NOW)).toEqual([]);
    expect(
      sendToMembershipReviewBlockers(facts({ supplements: [supplement({ status: "Cancelled" })] }), NOW),
    ).toEqual([]);
  });

  test("decided change requests, finished credit checks and accepted deviations do not block", () => {
    const settled = facts({
      changeRequests: [changeRequest("Accepted"), { ...changeRequest("Rejected"), id: "change-2" }],
      creditChecks: [order({ status: "Success" }), order({ id: "order-2", status: "Error" })],
      checks: [{ id: "check-3", type: "PriceMatches", result: "AcceptedDeviation" }],
    });
    expect(sendToMembershipReviewBlockers(settled, NOW, maria.id)).toEqual([]);
  });

  test("the AwaitingInfoRequestAnswer status itself counts as pending additional information", () => {
    expect(sendToMembershipReviewBlockers(facts({ status: "AwaitingInfoRequestAnswer" }), NOW)).toEqual([
      "additionalInfoPending",
    ]);
  });

  describe("required documents per transfer type (spec 03 §5.6)", () => {
    const onlyApplication = [doc("doc-application", "MembershipApplication")];
    test.each([
      ["Purchase", "TransferAgreement"],
      ["Inheritance", "EstateDistribution"],
      ["Inheritance", "EstateInventory"],
      ["Gift", "DeedOfGift"],
      ["DivisionOfProperty", "DivisionOfPropertyAgreement"],
    ] as const)("%s is complete with a verified %s", (transferType, category) => {
      const complete = facts({ transferType, documents: [...onlyApplication, doc("doc-type", category)] });
      expect(sendToMembershipReviewBlockers(complete, NOW, maria.id)).toEqual([]);
      const without = facts({ transferType, documents: onlyApplication });
      expect(sendToMembershipReviewBlockers(without, NOW, maria.id)).toEqual(["requiredDocumentMissing"]);
    });

    test("another type's document does not count", () => {
      const gift = facts({ transferType: "Gift" });
      expect(sendToMembershipReviewBlockers(gift, NOW, maria.id)).toEqual(["requiredDocumentMissing"]);
    });

    test("the membership application is required for every type", () => {
      const noApplication = facts({ documents: [doc("doc-agreement", "TransferAgreement")] });
      expect(sendToMembershipReviewBlockers(noApplication, NOW, maria.id)).toEqual([
        "requiredDocumentMissing",
      ]);
    });

    test("an erased required document is missing", () => {
      const erased = facts({
        documents: [
          doc("doc-application", "MembershipApplication"),
          doc("doc-agreement", "TransferAgreement", { dataErasedAt: "2026-04-01T00:00:00Z" }),
        ],
      });
      expect(sendToMembershipReviewBlockers(erased, NOW, maria.id)).toEqual(["requiredDocumentMissing"]);
    });

    test("an unverified required document is missing and still uploading", () => {
      const verifying = facts({
        documents: [
          doc("doc-application", "MembershipApplication"),
          doc("doc-agreement", "TransferAgreement", { status: "UploadPending" }),
        ],
      });
      expect(sendToMembershipReviewBlockers(verifying, NOW, maria.id)).toEqual([
        "requiredDocumentMissing",
        "documentUploading",
      ]);
    });
  });

  test("whose upload it is depends on the viewer", () => {
    const johansUpload = facts({
      documents: [
        ...facts().documents,
        doc("doc-other", "Other", { status: "UploadNotStarted", uploadedByUserId: "user-johan" }),
      ],
    });
    expect(sendToMembershipReviewBlockers(johansUpload, NOW, maria.id)).toEqual([
      "documentUploadingByOtherUser",
    ]);
    expect(sendToMembershipReviewBlockers(johansUpload, NOW, johan.id)).toEqual(["documentUploading"]);
    expect(the(transferActions(johan, johansUpload, NOW), "SendToMembershipReview").reason).toBe(
      "documentUploading",
    );
    expect(sendToMembershipReviewBlockers(johansUpload, NOW)).toEqual(["documentUploadingByOtherUser"]);
  });

  test("an upload with no user behind it is the plain uploading blocker", () => {
    const systemUpload = facts({
      documents: [
        ...facts().documents,
        doc("doc-other", "Other", { status: "UploadPending", uploadedByUserId: null }),
      ],
    });
    expect(sendToMembershipReviewBlockers(systemUpload, NOW)).toEqual(["documentUploading"]);
  });
});

describe("Approve and Reject blockers", () => {
  const inReview = (extra: Partial<TransferFacts> = {}) =>
    facts({ status: "MembershipReviewInProgress", ...extra });

  test.each<[BlockerCode, Partial<TransferFacts>]>([
    ["backgroundTask", { runningTasks: ["Abort"] }],
    ["propertyManagerUnderMaintenance", { propertyManagerUnderMaintenance: true }],
    ["signSessionByOtherUser", { pendingSignSession: { userId: "user-karin", decision: "Approve" } }],
    [
      "additionalInfoPending",
      { supplements: [supplement({ status: "Answered", answer: answer("Pending") })] },
    ],
    ["changeRequestPending", { changeRequests: [changeRequest(null)] }],
    [
      "membershipDecisionPending",
      {
        status: "MembershipDecisionPending",
        pendingSignSession: { userId: "user-karin", decision: "Approve" },
      },
    ],
  ])("%s", (code, extra) => {
    // Another user's signing in MembershipDecisionPending is also that user's sign session.
    const alsoSigning = code === "membershipDecisionPending" ? ["signSessionByOtherUser"] : [];
    expect(decisionBlockers(erik, inReview(extra))).toEqual([code, ...alsoSigning]);
    for (const viewer of [erik, maria]) {
      const actions = transferActions(viewer, inReview(extra), NOW);
      for (const type of ["ApproveMembership", "RejectMembership"] as const) {
        expect(the(actions, type)).toEqual({ type, disabled: true, reason: code });
      }
    }
  });

  test("the viewer's own sign session does not block them", () => {
    const own = inReview({ pendingSignSession: { userId: "user-erik", decision: "Reject" } });
    expect(the(transferActions(erik, own, NOW), "RejectMembership").disabled).toBe(false);
    expect(the(transferActions(karin, own, NOW), "RejectMembership").reason).toBe("signSessionByOtherUser");
  });

  test("things that block sending to review but not the decision leave Approve enabled", () => {
    const noisy = inReview({
      unresolvedMessages: 3,
      saleStopped: true,
      creditChecks: [order({ status: "Pending" })],
    });
    expect(the(transferActions(erik, noisy, NOW), "ApproveMembership").disabled).toBe(false);
  });

  test("blockers are tested in the fixed decision order", () => {
    const all = inReview({
      status: "MembershipDecisionPending",
      runningTasks: ["AutomaticReview"],
      propertyManagerUnderMaintenance: true,
      pendingSignSession: { userId: "user-karin", decision: "Approve" },
      supplements: [supplement()],
      changeRequests: [changeRequest(null)],
    });
    expect(decisionBlockers(erik, all)).toEqual([
      "backgroundTask",
      "membershipDecisionPending",
      "propertyManagerUnderMaintenance",
      "signSessionByOtherUser",
      "additionalInfoPending",
      "changeRequestPending",
    ]);
  });
});

describe("a running background task", () => {
  test("disables every offered action with backgroundTask, ahead of every other reason", () => {
    const busy = facts({
      status: "MembershipReviewInProgress",
      runningTasks: ["AutomaticReview"],
      propertyManagerUnderMaintenance: true,
      pendingSignSession: { userId: "user-karin", decision: "Approve" },
      changeRequests: [changeRequest(null)],
      supplements: [
        supplement({ id: "s-open" }),
        supplement({ id: "s-answered", status: "Answered", answer: answer("Pending") }),
      ],
      creditChecks: [order({ status: "Pending" })],
      parties: [acquirer, guarantor, companyAcquirer],
    });
    const offered: PolicyAction<string>[] = [
      ...transferActions(maria, busy, NOW),
      ...transferActions(erik, busy, NOW),
      ...personActions(maria, busy, acquirer.id, NOW),
      ...personActions(erik, busy, acquirer.id, NOW),
      ...personActions(erik, busy, companyAcquirer.id, NOW),
      ...personActions(erik, busy, guarantor.id, NOW),
      ...supplementActions(maria, busy, "s-open", NOW),
      ...answerActions(erik, busy, "s-answered", NOW),
    ];
    expect(new Set(offered.map((a) => a.type))).toEqual(
      new Set([
        "AbortTransfer",
        "MarkAsSaleStopped",
        "MarkAsUnderInvestigation",
        "ApproveMembership",
        "RejectMembership",
        "RequestAdditionalInfo",
        "OrderCreditCheck",
        "ViewCreditCheck",
        "Cancel",
        "Forward",
        "Handle",
      ]),
    );
    for (const action of offered) {
      expect(action).toMatchObject({ disabled: true, reason: "backgroundTask" });
    }
  });

  test("also disables the actions of the private party and the property manager's early actions", () => {
    const busyPrivate = privateFacts({ runningTasks: ["SummaryDocument"], supplements: [supplement()] });
    expect(transferActions(elin, busyPrivate, NOW)).toEqual([
      { type: "CreateApplication", disabled: true, reason: "backgroundTask" },
    ]);
    expect(supplementActions(elin, busyPrivate, "supplement-1", NOW)).toEqual([
      { type: "Answer", disabled: true, reason: "backgroundTask" },
    ]);
    const busyDecided = facts({
      status: "MembershipApproved",
      membershipDecision: approved("2026-04-01"),
      runningTasks: ["SummaryDocument"],
    });
    expect(transferActions(maria, busyDecided, NOW)).toEqual([
      { type: "MarkPartsNotified", disabled: true, reason: "backgroundTask" },
      { type: "RequestAdditionalInfo", disabled: true, reason: "backgroundTask" },
    ]);
  });
});
