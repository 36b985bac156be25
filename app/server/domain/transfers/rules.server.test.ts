import { describe, expect, test } from "vitest";
import type { Viewer } from "./facts.server";
import { canRequestAdditionalInformation, transferActions } from "./policies.server";
import { answerActions, supplementActions } from "../supplements/policies.server";
import { canPostMessage, canResolveMessage } from "../messages/policies.server";
import { changeRequestPermissions } from "../change-requests/policies.server";
import { documentCanBeRemoved } from "../documents/policies.server";
import { isInScope } from "./rules.server";
import { noteActions } from "../notes/policies.server";
import { personActions } from "../credit-checks/policies.server";
import {
  NOW,
  maria,
  johan,
  anders,
  erik,
  fatima,
  elin,
  acquirer,
  supplement,
  answer,
  changeRequest,
  facts,
  privateFacts,
  approved,
} from "../../../../tests/support/policy-facts";

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
