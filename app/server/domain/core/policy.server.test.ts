import { describe, expect, test } from "vitest";
import policyTexts from "~/locales/sv/policy.json";
import { BLOCKER_CODES, blockerTextKey } from "./policy.server";

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
