import { describe, expect, test } from "vitest";
import type { TransferFacts } from "../transfers/facts.server";
import {
  changeRequestCreation,
  changeRequestPermissions,
  changeableAgreementFields,
} from "./policies.server";
import { documentCanBeWithdrawn } from "../documents/policies.server";
import {
  NOW,
  maria,
  johan,
  anders,
  erik,
  fatima,
  doc,
  changeRequest,
  facts,
} from "../../../../tests/support/policy-facts";

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
