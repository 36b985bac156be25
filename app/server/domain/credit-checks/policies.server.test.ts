import { describe, expect, test } from "vitest";
import { creditCheckGrants, personActions, readsCreditReports } from "./policies.server";
import {
  NOW,
  ALL_ACTIONS,
  maria,
  pmWithoutActions,
  erik,
  boardWithoutActions,
  elin,
  acquirer,
  guarantor,
  transferor,
  companyAcquirer,
  order,
  facts,
  privateFacts,
  approved,
  types,
  the,
} from "../../../../tests/support/policy-facts";

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
    expect(personActions(erik, withOrder, acquirer.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: orderReason !== null, reason: orderReason },
      { type: "ViewCreditCheck", ...view },
    ]);
    // The manager orders, but only the board reads a report (spec 01 §1, 02 §2.10).
    expect(personActions(maria, withOrder, acquirer.id, NOW)).toEqual([
      { type: "OrderCreditCheck", disabled: orderReason !== null, reason: orderReason },
    ]);
  });

  test("only the board of the association reads reports: not the manager, its proxy or the private party", () => {
    const withOrder = facts({ creditChecks: [order({ status: "Success" })] });
    expect(readsCreditReports(erik, withOrder)).toBe(true);
    expect([...creditCheckGrants(erik, withOrder)]).toEqual(["creditReport"]);
    expect(readsCreditReports({ ...erik, actions: ["requestCreditCheck"] }, withOrder)).toBe(false);
    expect(readsCreditReports(maria, withOrder)).toBe(false);
    expect(readsCreditReports({ ...maria, features: ["property_manager_proxy"] }, withOrder)).toBe(false);
    expect([...creditCheckGrants(maria, withOrder)]).toEqual([]);
    const own = privateFacts({ status: "TransferReviewInProgress", creditChecks: [order()] });
    expect(readsCreditReports({ ...elin, actions: ALL_ACTIONS }, own)).toBe(false);
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
      const actions = personActions(erik, facts({ creditChecks }), acquirer.id, NOW);
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
    expect(types(personActions(erik, decided, acquirer.id, NOW))).toEqual(["ViewCreditCheck"]);
    expect(types(personActions(maria, decided, acquirer.id, NOW))).toEqual([]);
    expect(
      personActions(maria, facts({ status: "Aborted", creditChecks: [order()] }), acquirer.id, NOW),
    ).toEqual([]);
    expect(personActions(maria, facts({ aborting: true }), acquirer.id, NOW)).toEqual([]);
  });

  test("the private party gets no credit check actions on their transfer", () => {
    const own = privateFacts({ status: "TransferReviewInProgress", creditChecks: [order()] });
    expect(personActions({ ...elin, actions: ALL_ACTIONS }, own, acquirer.id, NOW)).toEqual([]);
    expect(types(personActions(maria, own, acquirer.id, NOW))).toEqual(["OrderCreditCheck"]);
  });
});
