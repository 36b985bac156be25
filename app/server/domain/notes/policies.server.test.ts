import { describe, expect, test } from "vitest";
import { noteActions, noteAudienceOf } from "./policies.server";
import {
  NOW,
  maria,
  anders,
  pmWithoutActions,
  erik,
  karin,
  fatima,
  boardWithoutActions,
  elin,
  facts,
  privateFacts,
  approved,
} from "../../../../tests/support/policy-facts";

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

describe("noteAudienceOf", () => {
  test("follows the side on the transfer, not the role: a private seller's role is BoardMember", () => {
    expect(noteAudienceOf(maria, facts())).toBe("PropertyManager");
    expect(noteAudienceOf(erik, facts())).toBe("BoardMember");
    expect(elin.role).toBe("BoardMember");
    expect(noteAudienceOf(elin, privateFacts())).toBeNull();
    expect(noteAudienceOf(karin, privateFacts({ createdByUserId: "user-karin" }))).toBeNull();
    expect(noteAudienceOf(karin, facts())).toBe("BoardMember");
    expect(noteAudienceOf(maria, privateFacts())).toBe("PropertyManager");
    expect(noteAudienceOf(anders, facts())).toBeNull();
  });
});
