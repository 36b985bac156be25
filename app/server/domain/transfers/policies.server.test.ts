import { describe, expect, test } from "vitest";
import policyTexts from "~/locales/sv/policy.json";
import type { TransferStatus, TransferActionType } from "~/lib/transfer";
import { DEFAULT_ACTIONS } from "../users.server";
import type {
  ChangeRequestFacts,
  CreditCheckFacts,
  DocumentFacts,
  MessageFacts,
  PartyFacts,
  SupplementFacts,
  TransferFacts,
  Viewer,
} from "./facts.server";
import {
  SEND_TO_REVIEW_ORDER,
  canRequestAdditionalInformation,
  decisionBlockers,
  sendToMembershipReviewBlockers,
  transferActions,
} from "./policies.server";
import { BLOCKER_CODES, blockerTextKey, type BlockerCode, type PolicyAction } from "../core/policy.server";
import { answerActions, supplementActions } from "../supplements/policies.server";
import { canPostMessage, canResolveMessage } from "../messages/policies.server";
import {
  changeRequestCreation,
  changeRequestPermissions,
  changeableAgreementFields,
} from "../change-requests/policies.server";
import { documentCanBeRemoved, documentCanBeWithdrawn } from "../documents/policies.server";
import { isInScope } from "./rules.server";
import { noteActions } from "../notes/policies.server";
import { personActions } from "../credit-checks/policies.server";

const NOW = new Date("2026-04-15T10:00:00Z");
const ALL_ACTIONS = [...DEFAULT_ACTIONS];

const maria: Viewer = {
  id: "user-maria",
  tenantId: "stadsbo",
  role: "PropertyManager",
  features: [],
  actions: ALL_ACTIONS,
  boardAssociationIds: [],
};
const johan: Viewer = { ...maria, id: "user-johan", features: ["property_manager_proxy"] };
const anders: Viewer = { ...maria, id: "user-anders", tenantId: "nordhem" };
const pmWithoutActions: Viewer = { ...maria, id: "user-pm-bare", actions: [] };
const erik: Viewer = {
  id: "user-erik",
  tenantId: "styrelse",
  role: "BoardMember",
  features: ["board_member"],
  actions: ALL_ACTIONS,
  boardAssociationIds: ["assoc-kvarnen"],
};
const karin: Viewer = {
  ...erik,
  id: "user-karin",
  features: ["board_member", "private_agreement"],
  boardAssociationIds: ["assoc-kvarnen", "assoc-sjoutsikten"],
};
const fatima: Viewer = { ...erik, id: "user-fatima", boardAssociationIds: ["assoc-tallbacken"] };
const boardWithoutActions: Viewer = { ...erik, id: "user-board-bare", actions: [] };
const elin: Viewer = {
  id: "user-elin",
  tenantId: "individuals",
  role: "BoardMember",
  features: ["private_agreement"],
  actions: [],
  boardAssociationIds: [],
};

const acquirer: PartyFacts = {
  id: "party-acquirer",
  kind: "Acquirer",
  identifierType: "SocialSecurityNumber",
  identifierValue: "198706083246",
  membershipStatus: "NOTMEMBER",
};
const guarantor: PartyFacts = {
  id: "party-guarantor",
  kind: "Guarantor",
  identifierType: "SocialSecurityNumber",
  identifierValue: "197509025172",
  membershipStatus: null,
};
const transferor: PartyFacts = {
  id: "party-transferor",
  kind: "Transferor",
  identifierType: "SocialSecurityNumber",
  identifierValue: "196803142428",
  membershipStatus: "MEMBER",
};
const companyAcquirer: PartyFacts = {
  id: "party-company",
  kind: "Acquirer",
  identifierType: "OrganizationNumber",
  identifierValue: "5560360793",
  membershipStatus: "NOTMEMBER",
};

function doc(
  id: string,
  category: DocumentFacts["category"],
  extra: Partial<DocumentFacts> = {},
): DocumentFacts {
  return {
    id,
    category,
    status: "UploadVerified",
    uploadedByUserId: "user-maria",
    dataErasedAt: null,
    supplementAnswerId: null,
    ...extra,
  };
}

function supplement(extra: Partial<SupplementFacts> = {}): SupplementFacts {
  return {
    id: "supplement-1",
    status: "Open",
    category: "PersonalGuarantee",
    forwarded: false,
    createdByUserId: "user-maria",
    answer: null,
    ...extra,
  };
}

function answer(status: NonNullable<SupplementFacts["answer"]>["status"]): SupplementFacts["answer"] {
  return { id: "answer-1", status, hasVerifiedDocument: true, guarantorCount: 1, guarantorsValid: true };
}

function order(extra: Partial<CreditCheckFacts> = {}): CreditCheckFacts {
  return {
    id: "order-1",
    partyId: acquirer.id,
    identifierValue: acquirer.identifierValue,
    status: "Success",
    dataErasedAt: null,
    ...extra,
  };
}

function changeRequest(decision: ChangeRequestFacts["decision"]): ChangeRequestFacts {
  return { id: "change-1", createdByUserId: "user-maria", decision };
}

/** A Purchase in review at stadsbo for Kvarnen 3 with nothing holding it back. */
function facts(overrides: Partial<TransferFacts> = {}): TransferFacts {
  return {
    id: "transfer-1",
    status: "TransferReviewInProgress",
    transferType: "Purchase",
    initiatorRole: "PropertyManager",
    tenantId: "stadsbo",
    associationId: "assoc-kvarnen",
    createdByUserId: "user-maria",
    saleStopped: false,
    underInvestigationSince: null,
    partsNotified: false,
    expired: false,
    aborting: false,
    runningTasks: [],
    propertyManagerUnderMaintenance: false,
    entryDate: "2026-06-01",
    membershipDecision: null,
    unresolvedMessages: 0,
    parties: [transferor, acquirer, guarantor, companyAcquirer],
    documents: [doc("doc-application", "MembershipApplication"), doc("doc-agreement", "TransferAgreement")],
    checks: [
      { id: "check-1", type: "PricePresent", result: "Valid" },
      { id: "check-2", type: "PriceMatches", result: "AcceptedDeviation" },
    ],
    supplements: [],
    changeRequests: [],
    creditChecks: [],
    messages: [],
    pendingSignSession: null,
    ...overrides,
  };
}

/** Elin's own private transfer, in the same tenant and association as `facts()`. */
function privateFacts(overrides: Partial<TransferFacts> = {}): TransferFacts {
  return facts({
    status: "DraftTransfer",
    initiatorRole: "PrivateIntermediary",
    createdByUserId: "user-elin",
    ...overrides,
  });
}

const approved = (date: string) => ({ decision: "Approved" as const, date });
const rejected = (date: string) => ({ decision: "Rejected" as const, date });

const types = <T>(actions: PolicyAction<T>[]) => actions.map((a) => a.type);
function the<T>(actions: PolicyAction<T>[], type: T): PolicyAction<T> {
  const found = actions.find((a) => a.type === type);
  if (!found) throw new Error(`${String(type)} is not offered; offered: ${types(actions).join(", ")}`);
  return found;
}

describe("isInScope", () => {
  test.each([
    ["a property manager of the tenant", maria, true],
    ["a proxy property manager of the tenant", johan, true],
    ["a property manager of another tenant", anders, false],
    ["a board member of the association", erik, true],
    ["a board member of another association", fatima, false],
    ["a private party on someone else's transfer", elin, false],
  ])("%s: %s", (_label, viewer, expected) => {
    expect(isInScope(viewer, facts())).toBe(expected);
  });

  test("the private party sees their own private transfer, not one they created as another initiator", () => {
    expect(isInScope(elin, privateFacts())).toBe(true);
    expect(isInScope(elin, privateFacts({ initiatorRole: "Intermediary" }))).toBe(false);
    expect(isInScope(elin, privateFacts({ createdByUserId: "user-someone" }))).toBe(false);
  });

  test("a private transfer's creator needs the private_agreement feature", () => {
    expect(isInScope({ ...elin, features: [] }, privateFacts())).toBe(false);
  });

  test("the board_member feature alone puts a user on the board side, as in the database scope", () => {
    const pmOnBoard: Viewer = {
      ...anders,
      features: ["board_member"],
      boardAssociationIds: ["assoc-kvarnen"],
    };
    expect(isInScope(pmOnBoard, facts())).toBe(true);
    expect(isInScope({ ...pmOnBoard, features: [] }, facts())).toBe(false);
  });

  test("every other policy answers nothing out of scope", () => {
    const full = facts({
      status: "MembershipReviewInProgress",
      supplements: [
        supplement({ answer: answer("Pending"), status: "Answered" }),
        supplement({ id: "s-open" }),
      ],
      changeRequests: [changeRequest(null)],
      membershipDecision: approved("2025-01-01"),
      messages: [
        { id: "m1", recipient: null, sentByRole: "Intermediary", sentByUserId: null, resolved: false },
      ],
    });
    for (const viewer of [anders, fatima, elin]) {
      expect(transferActions(viewer, full, NOW)).toEqual([]);
      expect(personActions(viewer, full, acquirer.id, NOW)).toEqual([]);
      expect(supplementActions(viewer, full, "s-open", NOW)).toEqual([]);
      expect(answerActions(viewer, full, "supplement-1", NOW)).toEqual([]);
      expect(changeRequestPermissions(viewer, full, "change-1", NOW)).toEqual({
        canAcceptChangeRequest: false,
        canMakeDecision: false,
      });
      expect(documentCanBeRemoved(viewer, full, "doc-application", NOW)).toBe(false);
      expect(canPostMessage(viewer, full, NOW)).toBe(false);
      expect(canResolveMessage(viewer, full, "m1")).toBe(false);
      expect(canRequestAdditionalInformation(viewer, full)).toBe(false);
      expect(noteActions(viewer, full, NOW)).toEqual([]);
    }
    // The same facts do give the in-scope users something, so the empty answers above are about scope.
    expect(transferActions(erik, full, NOW)).not.toEqual([]);
    expect(documentCanBeRemoved(maria, full, "doc-application", NOW)).toBe(true);
  });
});

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

describe("personActions", () => {
  test("an acquirer and a guarantor get OrderCreditCheck, a transferor nothing", () => {
    expect(personActions(maria, facts(), acquirer.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: false, reason: null },
    ]);
    expect(personActions(erik, facts(), guarantor.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: false, reason: null },
    ]);
    expect(personActions(maria, facts(), transferor.id, NOW)).toEqual([]);
    expect(personActions(maria, facts(), "party-unknown", NOW)).toEqual([]);
  });

  test("only a personal number can be checked", () => {
    expect(personActions(maria, facts(), companyAcquirer.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: true, reason: "unsupportedIdentifierType" },
    ]);
  });

  test.each([
    ["Pending", "orderAlreadyPresent", { disabled: true, reason: "creditCheckPending" }],
    ["Success", "orderAlreadyPresent", { disabled: false, reason: null }],
    ["SuccessWithoutResult", "orderAlreadyPresent", { disabled: false, reason: null }],
    ["Error", null, { disabled: true, reason: "creditCheckUnavailable" }],
    ["Cancelled", null, { disabled: true, reason: "creditCheckUnavailable" }],
  ] as const)("with an order in %s", (status, orderReason, view) => {
    const withOrder = facts({ creditChecks: [order({ status })] });
    expect(personActions(maria, withOrder, acquirer.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: orderReason !== null, reason: orderReason },
      { type: "ViewCreditCheck", ...view },
    ]);
  });

  test("an order placed under the identifier counts for the person", () => {
    const byIdentifier = facts({ creditChecks: [order({ partyId: null, status: "Success" })] });
    expect(the(personActions(maria, byIdentifier, acquirer.id, NOW), "OrderCreditCheck").reason).toBe(
      "orderAlreadyPresent",
    );
    expect(personActions(maria, byIdentifier, guarantor.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: false, reason: null },
    ]);
  });

  test("a live order is the one viewed even when a failed one exists, in either list order", () => {
    const failed = order({ id: "order-failed", status: "Error" });
    const live = order({ id: "order-live", status: "Success" });
    for (const creditChecks of [
      [failed, live],
      [live, failed],
    ]) {
      const actions = personActions(maria, facts({ creditChecks }), acquirer.id, NOW);
      expect(the(actions, "ViewCreditCheck").disabled).toBe(false);
    }
  });

  test("an erased credit check cannot be viewed", () => {
    const erased = facts({ creditChecks: [order({ dataErasedAt: "2026-03-01T00:00:00Z" })] });
    expect(the(personActions(erik, erased, acquirer.id, NOW), "ViewCreditCheck")).toEqual({
      type: "ViewCreditCheck",
      disabled: true,
      reason: "creditCheckErased",
    });
  });

  test("maintenance at the property manager blocks ordering", () => {
    expect(personActions(maria, facts({ propertyManagerUnderMaintenance: true }), acquirer.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: true, reason: "propertyManagerUnderMaintenance" },
    ]);
  });

  test("ordering follows requestCreditCheck and viewing follows showCreditCheck", () => {
    const withOrder = facts({ creditChecks: [order()] });
    expect(
      types(personActions({ ...erik, actions: ["showCreditCheck"] }, withOrder, acquirer.id, NOW)),
    ).toEqual(["ViewCreditCheck"]);
    expect(
      types(personActions({ ...erik, actions: ["requestCreditCheck"] }, withOrder, acquirer.id, NOW)),
    ).toEqual(["OrderCreditCheck"]);
    expect(personActions(boardWithoutActions, withOrder, acquirer.id, NOW)).toEqual([]);
    expect(personActions(pmWithoutActions, withOrder, acquirer.id, NOW)).toEqual([]);
  });

  test("no ordering on a decided transfer, no credit check actions at all on an aborted one", () => {
    const decided = facts({
      status: "MembershipApproved",
      membershipDecision: approved("2026-04-01"),
      creditChecks: [order()],
    });
    expect(types(personActions(maria, decided, acquirer.id, NOW))).toEqual(["ViewCreditCheck"]);
    expect(
      personActions(maria, facts({ status: "Aborted", creditChecks: [order()] }), acquirer.id, NOW),
    ).toEqual([]);
    expect(personActions(maria, facts({ aborting: true }), acquirer.id, NOW)).toEqual([]);
  });

  test("the private party gets no credit check actions on their transfer", () => {
    const own = privateFacts({ status: "TransferReviewInProgress", creditChecks: [order()] });
    expect(personActions({ ...elin, actions: ALL_ACTIONS }, own, acquirer.id, NOW)).toEqual([]);
    expect(types(personActions(maria, own, acquirer.id, NOW))).toEqual([
      "OrderCreditCheck",
      "ViewCreditCheck",
    ]);
  });
});

describe("supplementActions", () => {
  const withOpen = (extra: Partial<SupplementFacts> = {}, transfer: Partial<TransferFacts> = {}) =>
    facts({ supplements: [supplement(extra)], ...transfer });

  test("the requesting side may cancel and forward an open request", () => {
    for (const viewer of [maria, johan, erik]) {
      expect(supplementActions(viewer, withOpen(), "supplement-1", NOW)).toEqual([
        { type: "Cancel", disabled: false, reason: null },
        { type: "Forward", disabled: false, reason: null },
      ]);
    }
  });

  test("the requesting side needs requestAdditionalInformation", () => {
    expect(supplementActions(pmWithoutActions, withOpen(), "supplement-1", NOW)).toEqual([]);
    expect(supplementActions(boardWithoutActions, withOpen(), "supplement-1", NOW)).toEqual([]);
  });

  test("an answered or cancelled request offers nothing to the requesting side", () => {
    expect(
      supplementActions(
        maria,
        withOpen({ status: "Answered", answer: answer("Pending") }),
        "supplement-1",
        NOW,
      ),
    ).toEqual([]);
    expect(supplementActions(maria, withOpen({ status: "Cancelled" }), "supplement-1", NOW)).toEqual([]);
    expect(supplementActions(maria, withOpen(), "supplement-unknown", NOW)).toEqual([]);
  });

  test("the private party answers an open request with no answer or a draft answer", () => {
    const own = (extra: Partial<SupplementFacts>) =>
      privateFacts({ status: "AwaitingInfoRequestAnswer", supplements: [supplement(extra)] });
    expect(supplementActions(elin, own({}), "supplement-1", NOW)).toEqual([
      { type: "Answer", disabled: false, reason: null },
    ]);
    expect(types(supplementActions(elin, own({ answer: answer("Draft") }), "supplement-1", NOW))).toEqual([
      "Answer",
    ]);
    expect(supplementActions(elin, own({ answer: answer("Rejected") }), "supplement-1", NOW)).toEqual([]);
    expect(
      supplementActions(elin, own({ status: "Answered", answer: answer("Pending") }), "supplement-1", NOW),
    ).toEqual([]);
  });

  test("the private party's Answer is disabled after the board's decision", () => {
    const decided = privateFacts({
      status: "MembershipApproved",
      membershipDecision: approved("2026-04-01"),
      supplements: [supplement()],
    });
    expect(supplementActions(elin, decided, "supplement-1", NOW)).toEqual([
      { type: "Answer", disabled: true, reason: "decisionMade" },
    ]);
  });

  test("no one else answers, and the private party neither cancels nor forwards", () => {
    expect(types(supplementActions(maria, withOpen(), "supplement-1", NOW))).not.toContain("Answer");
    expect(types(supplementActions(erik, withOpen(), "supplement-1", NOW))).not.toContain("Answer");
    const own = privateFacts({ supplements: [supplement()] });
    expect(types(supplementActions({ ...elin, actions: ALL_ACTIONS }, own, "supplement-1", NOW))).toEqual([
      "Answer",
    ]);
  });

  test("nothing on an aborting or aborted transfer", () => {
    expect(supplementActions(maria, withOpen({}, { status: "Aborted" }), "supplement-1", NOW)).toEqual([]);
    expect(
      supplementActions(
        elin,
        privateFacts({ aborting: true, supplements: [supplement()] }),
        "supplement-1",
        NOW,
      ),
    ).toEqual([]);
  });
});

describe("answerActions", () => {
  const withAnswer = (
    status: "Draft" | "Pending" | "Accepted" | "Rejected",
    extra: Partial<TransferFacts> = {},
  ) => facts({ supplements: [supplement({ status: "Answered", answer: answer(status) })], ...extra });

  test.each([
    ["a board member in scope", erik, true],
    ["a board member in scope without user actions", boardWithoutActions, true],
    ["a property manager with requestAdditionalInformation", maria, true],
    ["a property manager without it", pmWithoutActions, false],
    ["a property manager of another tenant", anders, false],
    ["a board member of another association", fatima, false],
  ])("a pending answer is handled by %s: %s", (_label, viewer, offered) => {
    expect(answerActions(viewer, withAnswer("Pending"), "supplement-1", NOW)).toEqual(
      offered ? [{ type: "Handle", disabled: false, reason: null }] : [],
    );
  });

  test.each(["Draft", "Accepted", "Rejected"] as const)("a %s answer cannot be handled", (status) => {
    expect(answerActions(erik, withAnswer(status), "supplement-1", NOW)).toEqual([]);
  });

  test("the private party does not handle their own answer", () => {
    const own = privateFacts({
      supplements: [supplement({ status: "Answered", answer: answer("Pending") })],
    });
    expect(answerActions({ ...elin, actions: ALL_ACTIONS }, own, "supplement-1", NOW)).toEqual([]);
    expect(answerActions(erik, own, "supplement-1", NOW)).toEqual([
      { type: "Handle", disabled: false, reason: null },
    ]);
  });

  test("nothing on an aborted transfer or for an unknown request", () => {
    expect(answerActions(erik, withAnswer("Pending", { status: "Aborted" }), "supplement-1", NOW)).toEqual(
      [],
    );
    expect(answerActions(erik, withAnswer("Pending"), "supplement-unknown", NOW)).toEqual([]);
  });
});

describe("changeRequestPermissions", () => {
  const pending = (extra: Partial<TransferFacts> = {}) =>
    facts({ status: "MembershipApproved", changeRequests: [changeRequest(null)], ...extra });

  test("a board member in scope may decide and accept an undecided request", () => {
    expect(changeRequestPermissions(erik, pending(), "change-1", NOW)).toEqual({
      canAcceptChangeRequest: true,
      canMakeDecision: true,
    });
  });

  test("a decided request or an unknown one cannot be decided", () => {
    const decided = facts({ changeRequests: [changeRequest("Rejected")] });
    expect(changeRequestPermissions(erik, decided, "change-1", NOW)).toEqual({
      canAcceptChangeRequest: false,
      canMakeDecision: false,
    });
    expect(changeRequestPermissions(erik, pending(), "change-unknown", NOW).canMakeDecision).toBe(false);
  });

  test("property managers and other boards do not decide", () => {
    for (const viewer of [maria, johan, fatima]) {
      expect(changeRequestPermissions(viewer, pending(), "change-1", NOW)).toEqual({
        canAcceptChangeRequest: false,
        canMakeDecision: false,
      });
    }
  });

  test.each([
    ["a background task", { runningTasks: ["AutomaticReview" as const] }],
    ["maintenance", { propertyManagerUnderMaintenance: true }],
  ])("%s stops accepting but not rejecting", (_label, extra) => {
    expect(changeRequestPermissions(erik, pending(extra), "change-1", NOW)).toEqual({
      canAcceptChangeRequest: false,
      canMakeDecision: true,
    });
  });

  test.each([
    ["Aborting status", { status: "Aborting" as const }],
    ["Aborted status", { status: "Aborted" as const }],
    ["aborting flag", { aborting: true }],
  ])("nothing on a transfer with %s", (_label, extra) => {
    expect(changeRequestPermissions(erik, pending(extra), "change-1", NOW).canMakeDecision).toBe(false);
  });
});

describe("changeRequestCreation and changeableAgreementFields", () => {
  test("the manager of the tenant is offered Ny ändringsbegäran from the sent application to the approval", () => {
    for (const status of [
      "ApplicationSent",
      "TransferReviewInProgress",
      "AwaitingInfoRequestAnswer",
      "MembershipReviewInProgress",
      "MembershipApproved",
    ] as const) {
      expect(changeRequestCreation(maria, facts({ status }), NOW)).toEqual({
        type: "CreateChangeRequest",
        disabled: false,
        reason: null,
      });
    }
    for (const status of ["Initiated", "Draft", "MembershipRejected", "Aborting", "Aborted"] as const) {
      expect(changeRequestCreation(maria, facts({ status }), NOW)).toBeUndefined();
    }
    expect(changeRequestCreation(maria, facts({ aborting: true }), NOW)).toBeUndefined();
  });

  test("the board, other tenants and nobody in scope are not offered it", () => {
    for (const viewer of [erik, anders, fatima])
      expect(changeRequestCreation(viewer, facts(), NOW)).toBeUndefined();
  });

  test("a background task, then an undecided request, disables it", () => {
    const pending = facts({ changeRequests: [changeRequest(null)], runningTasks: ["AutomaticReview"] });
    expect(changeRequestCreation(maria, pending, NOW)?.reason).toBe("backgroundTask");
    expect(changeRequestCreation(maria, { ...pending, runningTasks: [] }, NOW)?.reason).toBe(
      "changeRequestPending",
    );
    const decided = facts({ changeRequests: [changeRequest("Accepted")] });
    expect(changeRequestCreation(maria, decided, NOW)?.disabled).toBe(false);
  });

  test("the additional agreement of a request is not withdrawn on the Dokument tab, even while it is verified", () => {
    const uploading = { status: "UploadPending" as const };
    const withAgreement = facts({
      documents: [
        doc("agreement", "AdditionalAgreement", uploading),
        doc("application", "MembershipApplication", uploading),
      ],
    });
    expect(documentCanBeWithdrawn(maria, withAgreement, "agreement")).toBe(false);
    expect(documentCanBeWithdrawn(maria, withAgreement, "application")).toBe(true);
  });

  test("a purchase's price, the entry date always, the contract date until the membership decision", () => {
    expect(changeableAgreementFields(facts({ transferType: "Purchase" }))).toEqual({
      purchasePrice: true,
      entryDate: true,
      contractDate: true,
    });
    expect(changeableAgreementFields(facts({ transferType: "Gift" })).purchasePrice).toBe(false);
    const approved = facts({
      status: "MembershipApproved",
      membershipDecision: { decision: "Approved", date: "2026-04-01" },
    });
    expect(changeableAgreementFields(approved)).toEqual({
      purchasePrice: true,
      entryDate: true,
      contractDate: false,
    });
  });
});

describe("documentCanBeRemoved", () => {
  const decided = (
    membershipDecision: TransferFacts["membershipDecision"],
    extra: Partial<TransferFacts> = {},
  ) => facts({ status: "MembershipApproved", membershipDecision, ...extra });
  const at = (date: string) => new Date(`${date}T10:00:00Z`);

  test.each([
    ["2026-06-08", false],
    ["2026-06-09", true],
    ["2026-06-10", true],
  ])("approved on 2026-05-10: on %s removable is %s", (today, expected) => {
    expect(documentCanBeRemoved(maria, decided(approved("2026-05-10")), "doc-application", at(today))).toBe(
      expected,
    );
  });

  test.each([
    ["2026-08-07", false],
    ["2026-08-08", true],
    ["2026-08-09", true],
  ])("rejected on 2026-05-10: on %s removable is %s", (today, expected) => {
    const rejectedFacts = decided(rejected("2026-05-10"), { status: "MembershipRejected" });
    expect(documentCanBeRemoved(maria, rejectedFacts, "doc-application", at(today))).toBe(expected);
  });

  test("days are counted on the Swedish calendar for both the decision instant and now", () => {
    // 22:30 UTC on 9 May is 00:30 on 10 May in Stockholm (summer time).
    const lateEvening = decided(approved("2026-05-09T22:30:00Z"));
    expect(
      documentCanBeRemoved(maria, lateEvening, "doc-application", new Date("2026-06-08T21:59:00Z")),
    ).toBe(false);
    expect(
      documentCanBeRemoved(maria, lateEvening, "doc-application", new Date("2026-06-08T22:01:00Z")),
    ).toBe(true);
  });

  test("only property managers in scope, never an erased document, never before a decision", () => {
    const old = decided(approved("2025-01-01"), {
      documents: [...facts().documents, doc("doc-erased", "Other", { dataErasedAt: "2025-03-01T00:00:00Z" })],
    });
    expect(documentCanBeRemoved(maria, old, "doc-application", NOW)).toBe(true);
    expect(documentCanBeRemoved(johan, old, "doc-application", NOW)).toBe(true);
    expect(documentCanBeRemoved(maria, old, "doc-erased", NOW)).toBe(false);
    expect(documentCanBeRemoved(maria, old, "doc-unknown", NOW)).toBe(false);
    expect(documentCanBeRemoved(erik, old, "doc-application", NOW)).toBe(false);
    expect(documentCanBeRemoved(anders, old, "doc-application", NOW)).toBe(false);
    expect(documentCanBeRemoved(maria, facts(), "doc-application", NOW)).toBe(false);
  });
});

describe("canPostMessage", () => {
  const entry = (extra: Partial<TransferFacts> = {}) => facts({ entryDate: "2026-03-01", ...extra });

  test.each([
    ["the day before (entry + 6)", "2026-03-07T12:00:00Z", true],
    ["the day (entry + 7)", "2026-03-08T12:00:00Z", false],
    ["the day after (entry + 8)", "2026-03-09T12:00:00Z", false],
    ["the last minute of entry + 6 in Stockholm", "2026-03-07T22:59:00Z", true],
    ["the first minute of entry + 7 in Stockholm", "2026-03-07T23:01:00Z", false],
  ])("%s", (_label, now, expected) => {
    expect(canPostMessage(maria, entry(), new Date(now))).toBe(expected);
  });

  test("every side in scope posts while the window is open", () => {
    for (const viewer of [maria, johan, erik]) {
      expect(canPostMessage(viewer, entry(), new Date("2026-03-02T12:00:00Z"))).toBe(true);
    }
    expect(
      canPostMessage(elin, privateFacts({ entryDate: "2026-03-01" }), new Date("2026-03-02T12:00:00Z")),
    ).toBe(true);
  });

  test("without an entry date posting stays open", () => {
    expect(canPostMessage(maria, facts({ entryDate: null }), new Date("2030-01-01T12:00:00Z"))).toBe(true);
  });

  test("no posting on an aborting or aborted transfer", () => {
    const early = new Date("2026-03-02T12:00:00Z");
    expect(canPostMessage(maria, entry({ status: "Aborted" }), early)).toBe(false);
    expect(canPostMessage(maria, entry({ status: "Aborting" }), early)).toBe(false);
    expect(canPostMessage(maria, entry({ aborting: true }), early)).toBe(false);
    expect(canPostMessage(maria, entry(), early)).toBe(true);
  });
});

describe("canResolveMessage", () => {
  const message = (
    id: string,
    recipient: MessageFacts["recipient"],
    sentByRole: MessageFacts["sentByRole"],
  ): MessageFacts => ({
    id,
    recipient,
    sentByRole,
    sentByUserId: null,
    resolved: false,
  });
  const withMessages = facts({
    messages: [
      message("to-pm", "PropertyManager", "BoardMember"),
      message("to-board", "BoardMember", "PropertyManager"),
      message("to-broker", "Intermediary", "PropertyManager"),
      message("from-broker-to-all", null, "Intermediary"),
      message("from-pm-to-all", null, "PropertyManager"),
      message("from-board-to-all", null, "BoardMember"),
    ],
  });

  test.each([
    ["to-pm", true, false],
    ["to-board", false, true],
    ["to-broker", false, false],
    ["from-broker-to-all", true, true],
    ["from-pm-to-all", false, true],
    ["from-board-to-all", true, false],
    ["unknown", false, false],
  ])("%s: property manager %s, board member %s", (id, pm, board) => {
    expect(canResolveMessage(maria, withMessages, id)).toBe(pm);
    expect(canResolveMessage(erik, withMessages, id)).toBe(board);
  });

  test("the private party resolves nothing and out-of-scope users resolve nothing", () => {
    const own = privateFacts({ messages: withMessages.messages });
    for (const m of withMessages.messages) {
      expect(canResolveMessage(elin, own, m.id)).toBe(false);
      expect(canResolveMessage(anders, withMessages, m.id)).toBe(false);
      expect(canResolveMessage(fatima, withMessages, m.id)).toBe(false);
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

describe("noteActions", () => {
  const addNote = [{ type: "AddNote", disabled: false, reason: null }];
  test.each([
    ["property manager of the tenant", maria, facts(), addNote],
    ["property manager without any user action", pmWithoutActions, facts(), addNote],
    ["board member of the association", erik, facts(), addNote],
    ["board member without any user action", boardWithoutActions, facts(), addNote],
    ["property manager of another tenant", anders, facts(), []],
    ["board member of another association", fatima, facts(), []],
    ["private party on their own transfer (no notes panel)", elin, privateFacts(), []],
    [
      "board member on their own private transfer in their association (acts as the private party)",
      karin,
      privateFacts({ createdByUserId: "user-karin" }),
      [],
    ],
  ])("%s", (_label, viewer, transfer, expected) => {
    expect(noteActions(viewer, transfer, NOW)).toEqual(expected);
  });

  test("notes change nothing of the transfer: no status, task or abort disables them", () => {
    for (const transfer of [
      facts({ runningTasks: ["AutomaticReview"] }),
      facts({ aborting: true, status: "Aborting" }),
      facts({ status: "Aborted" }),
      facts({ status: "MembershipApproved", membershipDecision: approved("2026-04-01") }),
      facts({ propertyManagerUnderMaintenance: true, saleStopped: true }),
    ]) {
      expect(noteActions(maria, transfer, NOW)).toEqual(addNote);
      expect(noteActions(erik, transfer, NOW)).toEqual(addNote);
    }
  });
});

describe("Swedish texts", () => {
  test("every blocker code has exactly one non-empty text and there are no stray texts", () => {
    const texts: Record<string, string> = policyTexts.blockers;
    expect(Object.keys(texts).sort()).toEqual([...BLOCKER_CODES].sort());
    for (const code of BLOCKER_CODES) expect(texts[code]?.trim()).not.toBe("");
  });

  test("the spec's own wording is used where the spec gives one", () => {
    expect(policyTexts.blockers.backgroundTask).toBe("Bakgrundsjobb pågår");
    expect(policyTexts.blockers.decisionMade).toBe(
      "Det går inte att inkomma med kompletteringar efter styrelsens beslut",
    );
    expect(policyTexts.blockers.creditCheckUnavailable).toBe("Kreditupplysning inte tillgänglig");
  });

  test("blockerTextKey names the key in the policy namespace", () => {
    expect(blockerTextKey("saleStopped")).toBe("policy:blockers.saleStopped");
  });
});
