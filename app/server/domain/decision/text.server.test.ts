import { describe, expect, it } from "vitest";
import { decisionHash, decisionText } from "./text.server";

describe("what is signed", () => {
  const base = {
    transferId: "t-1",
    decision: "Approve" as const,
    acquirerIds: ["b", "a"],
    decisionDate: "2026-11-26",
    reason: null,
    signId: "sign-1",
  };

  it("the hash covers every part of the decision, not the order the acquirers were ticked in", () => {
    expect(decisionHash(base)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(decisionHash({ ...base, acquirerIds: ["a", "b"] })).toBe(decisionHash(base));
    for (const change of [
      { transferId: "t-2" },
      { decision: "Reject" as const },
      { acquirerIds: ["a"] },
      { decisionDate: "2026-11-25" },
      { reason: "Nej" },
      { signId: "sign-2" },
    ]) {
      expect(decisionHash({ ...base, ...change })).not.toBe(decisionHash(base));
    }
  });

  it("the text states the decision, the transfer and the acquirers", () => {
    const text = decisionText({
      decision: "Reject",
      objectNumber: "1102-0301",
      associationName: "Bostadsrättsföreningen Kvarnen 3",
      transferId: "t-1",
      acquirers: [{ name: "Hanna Ekberg", identifier: "19891209-7246" }],
      decisionDate: "2026-11-26",
      reason: "Ofullständig ansökan",
    });
    expect(text.split("\n")).toEqual([
      "# Avslag på ansökan om medlemskap",
      "",
      "För Bostadsrättsföreningen Kvarnen 3 avslår jag ansökan om medlemskap för förvärvarna nedan.",
      "",
      "Överlåtelse: 1102-0301 (t-1)",
      "Förening: Bostadsrättsföreningen Kvarnen 3",
      "Förvärvare:",
      "+ Hanna Ekberg, 19891209-7246",
      "Beslutsdatum: 2026-11-26",
      "Orsak: Ofullständig ansökan",
    ]);
  });
});
