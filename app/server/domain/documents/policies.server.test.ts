import { describe, expect, test } from "vitest";
import type { TransferFacts } from "../transfers/facts.server";
import { documentCanBeRemoved, documentUploadCanBeMarked } from "./policies.server";
import {
  NOW,
  maria,
  johan,
  anders,
  erik,
  doc,
  facts,
  approved,
  rejected,
  elin,
  privateFacts,
} from "../../../../tests/support/policy-facts";

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

describe("documentUploadCanBeMarked", () => {
  const waiting = (extra: Partial<TransferFacts> = {}) =>
    facts({
      documents: [
        doc("doc-waiting", "TransferAgreement", { status: "UploadNotStarted" }),
        doc("doc-erased", "Other", { dataErasedAt: "2026-03-01T00:00:00Z" }),
      ],
      ...extra,
    });

  test("the manager's side marks its upload; the board, another tenant and an unknown or erased document do not", () => {
    expect(documentUploadCanBeMarked(maria, waiting(), "doc-waiting")).toBe(true);
    expect(documentUploadCanBeMarked(johan, waiting(), "doc-waiting")).toBe(true);
    expect(documentUploadCanBeMarked(erik, waiting(), "doc-waiting")).toBe(false);
    expect(documentUploadCanBeMarked(anders, waiting(), "doc-waiting")).toBe(false);
    expect(documentUploadCanBeMarked(maria, waiting(), "doc-erased")).toBe(false);
    expect(documentUploadCanBeMarked(maria, waiting(), "doc-unknown")).toBe(false);
  });

  test("the private party marks the upload on their own transfer; its association's board does not", () => {
    const own = privateFacts({
      documents: [
        doc("doc-waiting", "TransferAgreement", {
          status: "UploadNotStarted",
          uploadedByUserId: "user-elin",
        }),
      ],
    });
    expect(documentUploadCanBeMarked(elin, own, "doc-waiting")).toBe(true);
    expect(documentUploadCanBeMarked(erik, own, "doc-waiting")).toBe(false);
    expect(documentUploadCanBeMarked(elin, waiting(), "doc-waiting")).toBe(false);
  });
});
