import { describe, expect, it } from "vitest";
import review from "~/locales/sv/review.json";
import { contrastRatio } from "./color";
import { CREDIT_SCORE_VALUES, creditScoreDisplay } from "./credit-score";

const text = (key: string) =>
  key
    .replace(/^review:/, "")
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], review);

describe("credit score display (spec 02 §3: each score has its own colour)", () => {
  it("gives every score its own colour", () => {
    const colours = CREDIT_SCORE_VALUES.map((s) => creditScoreDisplay(s).background.toLowerCase());
    expect(new Set(colours).size).toBe(CREDIT_SCORE_VALUES.length);
  });

  it("writes each score's own Swedish text on its colour, readable (WCAG AA 4.5:1)", () => {
    expect(CREDIT_SCORE_VALUES.map((s) => text(creditScoreDisplay(s).textKey))).toEqual([
      "Avrådes från kredit",
      "Låg kreditvärdighet",
      "Kreditvärdig",
      "God kreditvärdighet",
      "Mycket god kreditvärdighet",
      "Bedömning saknas",
      "Inte bedömd",
    ]);
    for (const score of CREDIT_SCORE_VALUES) {
      const display = creditScoreDisplay(score);
      expect(contrastRatio(display.background, display.color), score).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("rates the five scored values 1 (worst) to 5 (best) and the other two not at all", () => {
    expect(CREDIT_SCORE_VALUES.map((s) => creditScoreDisplay(s).level)).toEqual([1, 2, 3, 4, 5, null, null]);
  });

  it("goes from red for advice against credit to green for very good creditworthiness", () => {
    expect(creditScoreDisplay("AdviceAgainstCredit").background).toBe("#d4351c");
    expect(creditScoreDisplay("VeryGoodCreditworthiness").background).toBe("#00703c");
    expect(creditScoreDisplay("Creditworthy").color).toBe("#000000");
    expect(creditScoreDisplay("VeryGoodCreditworthiness").color).toBe("#ffffff");
  });

  it("shows a score it does not know as NotDefined", () => {
    expect(creditScoreDisplay("SomethingNew")).toMatchObject({ score: "NotDefined", level: null });
  });
});
