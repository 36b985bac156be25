import { describe, expect, test } from "vitest";
import type { SupplementFacts, TransferFacts } from "../transfers/facts.server";
import { answerActions, supplementActions } from "./policies.server";
import {
  NOW,
  ALL_ACTIONS,
  maria,
  johan,
  anders,
  pmWithoutActions,
  erik,
  fatima,
  boardWithoutActions,
  elin,
  supplement,
  answer,
  facts,
  privateFacts,
  approved,
  types,
} from "../../../../tests/support/policy-facts";

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
