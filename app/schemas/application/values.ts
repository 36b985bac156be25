import * as z from "zod";
import "../zod-errors";
import { compareFractions, fractionToPercentString, percentToFraction, reduceFraction } from "~/lib/share";
import { isIsoDate } from "~/lib/dates";
import type { Fraction } from "~/lib/transfer";
import { MAX_PURCHASE_PRICE } from "../price";

/**
 * How step 2 reads a single value as typed (a form gives text, a JSON body may give numbers): text, a switch, a
 * share in percent as an exact fraction, a date, a price in whole kronor. Nothing passes through a float.
 */

export const scalar = z.union([z.string(), z.number(), z.boolean()]).optional().nullable();
/** A number field: anything is read (JSON's 1e309 arrives as Infinity) and refused by its own rule. */
export const numeric = z.unknown();
export type Scalar = z.infer<typeof scalar>;

export function numericOf(value: unknown): Scalar {
  if (typeof value === "number") return value;
  if (typeof value === "string" || value === undefined || value === null) return value;
  return "\u0000";
}

export function textOf(value: Scalar): string {
  if (value === undefined || value === null || typeof value === "boolean") return "";
  return String(value).trim();
}

export function isOn(value: Scalar): boolean {
  return value === true || value === "on" || value === "true";
}

/** How a share typed as percent is read: an exact fraction of the apartment, or why not. */
export type ShareReading =
  | { ok: true; fraction: Fraction; negative: boolean }
  | { ok: false; error: "empty" | "invalid" | "tooManyDecimals" };

/**
 * A typed percent as a fraction of the whole (percent/100, reduced). `1e309`, `NaN`, `Infinity` and anything but
 * digits with one decimal comma or point are invalid; more decimals than `precision` are refused.
 */
export function readSharePercent(input: unknown, precision: number): ShareReading {
  const value = numericOf(input);
  if (typeof value === "number" && !Number.isFinite(value)) return { ok: false, error: "invalid" };
  const text = textOf(value);
  if (text === "") return { ok: false, error: "empty" };
  // A number from a JSON body is read as its shortest decimal text ("1e+21" is refused as such).
  const parsed = percentToFraction(text, precision);
  if (!parsed.ok) return parsed;
  const negative = parsed.fraction.numerator < 0;
  const reduced = reduceFraction({
    numerator: Math.abs(parsed.fraction.numerator),
    denominator: parsed.fraction.denominator,
  });
  return { ok: true, fraction: reduced, negative: negative && reduced.numerator !== 0 };
}

/** A share as the form shows it: percent with a decimal comma, exact when it ends within `precision` decimals. */
export function shareToPercentInput(share: Fraction, precision: number): string {
  const units = percentUnits(share, precision);
  const scale = 10n ** BigInt(precision);
  const decimals =
    precision === 0 ? "" : (units.rounded % scale).toString().padStart(precision, "0").replace(/0+$/, "");
  return decimals ? `${units.rounded / scale},${decimals}` : `${units.rounded / scale}`;
}

/**
 * A non-negative share as percent times 10^decimals: rounded half up, and whether that is exact (the percent ends
 * within `decimals` decimals). BigInt throughout, so no digit is lost.
 */
function percentUnits(f: Fraction, decimals: number): { rounded: bigint; exact: boolean } {
  const n = BigInt(f.numerator) * 100n * 10n ** BigInt(decimals);
  const d = BigInt(f.denominator);
  const remainder = n % d;
  return { rounded: n / d + (remainder * 2n >= d ? 1n : 0n), exact: remainder === 0n };
}

/** The percent in a message ("50", "33,333333"), as the spec's `{n}%` texts show it. */
export function percentText(share: Fraction): string {
  return fractionToPercentString(share, 0).replace(/\u00A0%$/, "");
}

/**
 * Whether two totals agree under the precision rule: exactly, or, when `exact` cannot be written with `precision`
 * decimals of percent (1/3 is 33,333…), when `typed` is `exact` rounded to that many decimals.
 */
export function sharesAgree(typed: Fraction, exact: Fraction, precision: number): boolean {
  if (compareFractions(typed, exact) === 0) return true;
  const want = percentUnits(exact, precision);
  if (want.exact) return false;
  const got = percentUnits(typed, precision);
  return got.exact && got.rounded === want.rounded;
}

/** A date typed YYYY-MM-DD (one- or two-digit month and day), normalised, or null when it is not a real date. */
export function readDate(value: Scalar): string | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(textOf(value));
  if (!match) return null;
  const iso = `${match[1]}-${match[2]!.padStart(2, "0")}-${match[3]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

export type PriceReading =
  { ok: true; value: number } | { ok: false; error: "empty" | "invalid" | "decimals" | "minimum" };

/** A price in whole kronor: `2450000`, `2 450 000`, `2450000,00`; decimals other than zeros are refused. */
export function readPrice(input: unknown): PriceReading {
  const value = numericOf(input);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, error: "invalid" };
    if (!Number.isInteger(value)) return { ok: false, error: "decimals" };
    if (value < 1) return { ok: false, error: "minimum" };
    return value > MAX_PURCHASE_PRICE ? { ok: false, error: "invalid" } : { ok: true, value };
  }
  const text = textOf(value)
    .replace(/[\s\u00A0]/g, "")
    .replace(/(kr|SEK)$/i, "");
  if (text === "") return { ok: false, error: "empty" };
  const match = /^([+-]?)(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return { ok: false, error: "invalid" };
  if (match[3] && /[^0]/.test(match[3])) return { ok: false, error: "decimals" };
  const digits = match[2]!.replace(/^0+(?=\d)/, "");
  if (digits.length > 13) return { ok: false, error: "invalid" };
  const amount = Number(digits) * (match[1] === "-" ? -1 : 1);
  if (amount < 1) return { ok: false, error: "minimum" };
  if (amount > MAX_PURCHASE_PRICE) return { ok: false, error: "invalid" };
  return { ok: true, value: amount };
}
