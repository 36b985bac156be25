import { readableTextOn } from "./color";

/** The bureau's scores (spec 02 §3), worst to best, then the two without a rating. */
export const CREDIT_SCORE_VALUES = [
  "AdviceAgainstCredit",
  "LowCreditworthiness",
  "Creditworthy",
  "GoodCreditworthiness",
  "VeryGoodCreditworthiness",
  "NotDefined",
  "NotScored",
] as const;
export type CreditScore = (typeof CREDIT_SCORE_VALUES)[number];

/** The rated scores, worst first: their place is said as "n av 5" beside the colour and the text. */
const RATED: readonly CreditScore[] = CREDIT_SCORE_VALUES.slice(0, 5);

/**
 * Each score's own colour (spec 02 §3), red through amber and yellow to greens for the rated ones, grey and blue
 * for the two without a rating. The colour is never alone: the page writes the score's text (and its level) on it,
 * in black or white, whichever reads better.
 */
const COLOURS: Record<CreditScore, string> = {
  AdviceAgainstCredit: "#d4351c",
  LowCreditworthiness: "#f47738",
  Creditworthy: "#ffdd00",
  GoodCreditworthiness: "#85994b",
  VeryGoodCreditworthiness: "#00703c",
  NotDefined: "#b1b4b6",
  NotScored: "#1d70b8",
};

export interface CreditScoreDisplay {
  score: CreditScore;
  /** The locale key of its text (review.json creditCheck.score). */
  textKey: `review:creditCheck.score.${CreditScore}`;
  background: string;
  color: "#ffffff" | "#000000";
  /** 1 (advice against credit) to 5 (very good creditworthiness); null without a rating. */
  level: number | null;
}

export function isCreditScore(value: unknown): value is CreditScore {
  return typeof value === "string" && (CREDIT_SCORE_VALUES as readonly string[]).includes(value);
}

/** How a score is shown; an unknown value (a bureau's new score) is shown as NotDefined. */
export function creditScoreDisplay(value: string): CreditScoreDisplay {
  const score = isCreditScore(value) ? value : "NotDefined";
  const background = COLOURS[score];
  const rank = RATED.indexOf(score);
  return {
    score,
    textKey: `review:creditCheck.score.${score}`,
    background,
    color: readableTextOn(background),
    level: rank === -1 ? null : rank + 1,
  };
}
