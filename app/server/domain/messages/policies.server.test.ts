import { describe, expect, test } from "vitest";
import type { MessageFacts, TransferFacts } from "../transfers/facts.server";
import { canPostMessage, canReadMessage, canResolveMessage } from "./policies.server";
import {
  maria,
  johan,
  anders,
  erik,
  fatima,
  elin,
  facts,
  privateFacts,
} from "../../../../tests/support/policy-facts";

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

describe("canReadMessage", () => {
  const message = (
    id: string,
    recipient: MessageFacts["recipient"],
    sentByRole: MessageFacts["sentByRole"],
  ): MessageFacts => ({ id, recipient, sentByRole, sentByUserId: null, resolved: false });
  const messages = [
    message("pm-to-board", "BoardMember", "PropertyManager"),
    message("board-to-pm", "PropertyManager", "BoardMember"),
    message("pm-to-broker", "Intermediary", "PropertyManager"),
    message("broker-to-board", "BoardMember", "Intermediary"),
    message("pm-to-all", null, "PropertyManager"),
  ];

  // A message addressed to a side: that side and the sender's; addressed to no one in particular: everyone.
  test.each([
    ["pm-to-board", { maria: true, erik: true, elin: false }],
    ["board-to-pm", { maria: true, erik: true, elin: false }],
    ["pm-to-broker", { maria: true, erik: false, elin: true }],
    ["broker-to-board", { maria: false, erik: true, elin: true }],
    ["pm-to-all", { maria: true, erik: true, elin: true }],
    ["unknown", { maria: false, erik: false, elin: false }],
  ])("%s", (id, expected) => {
    // Elin is the private party (Förmedlare) of her own transfer; the manager and board see it as usual.
    const own = privateFacts({ messages });
    expect({
      maria: canReadMessage(maria, own, id),
      erik: canReadMessage(erik, own, id),
      elin: canReadMessage(elin, own, id),
    }).toEqual(expected);
  });

  test("nobody out of scope reads anything", () => {
    const theirs = facts({ messages });
    for (const { id } of messages) {
      expect(canReadMessage(anders, theirs, id)).toBe(false);
      expect(canReadMessage(fatima, theirs, id)).toBe(false);
    }
  });
});
