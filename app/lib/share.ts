import type { Fraction } from "./transfer";

/**
 * Exact arithmetic on apartment shares. Shares are stored and sent as fractions (1/3 stays 1/3); floats appear
 * nowhere, so a sum of shares compares equal to the whole exactly. Intermediate products use BigInt so that
 * large denominators never lose digits; results must fit in safe integers again.
 */

const NBSP = "\u00A0";
const MINUS = "\u2212";
/** The same cap as formatPercent (app/lib/format.ts), so a share reads alike wherever it is shown. */
export const PERCENT_MAX_DECIMALS = 6;

interface Big {
  n: bigint;
  d: bigint;
}

function requireFraction(f: Fraction): Big {
  if (!Number.isSafeInteger(f.numerator) || !Number.isSafeInteger(f.denominator) || f.denominator === 0) {
    throw new RangeError(`Not a fraction of integers: ${f.numerator}/${f.denominator}`);
  }
  const sign = f.denominator < 0 ? -1n : 1n;
  return { n: sign * BigInt(f.numerator), d: sign * BigInt(f.denominator) };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function toFraction({ n, d }: Big): Fraction {
  const divisor = gcd(n, d) || 1n;
  const numerator = Number(n / divisor);
  const denominator = Number(d / divisor);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError(`Fraction ${n}/${d} does not fit in safe integers`);
  }
  return { numerator: numerator === 0 ? 0 : numerator, denominator: numerator === 0 ? 1 : denominator };
}

/** Lowest terms with a positive denominator; zero is 0/1. */
export function reduceFraction(f: Fraction): Fraction {
  return toFraction(requireFraction(f));
}

/** The exact sum, in lowest terms; no fractions sum to 0/1. */
export function addFractions(...fractions: Fraction[]): Fraction {
  let sum: Big = { n: 0n, d: 1n };
  for (const fraction of fractions) {
    const { n, d } = requireFraction(fraction);
    sum = { n: sum.n * d + n * sum.d, d: sum.d * d };
    const divisor = gcd(sum.n, sum.d) || 1n;
    sum = { n: sum.n / divisor, d: sum.d / divisor };
  }
  return toFraction(sum);
}

/** -1, 0 or 1 as a is less than, equal to or greater than b; usable as a sort comparator. */
export function compareFractions(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const x = requireFraction(a);
  const y = requireFraction(b);
  const left = x.n * y.d;
  const right = y.n * x.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * The share as Swedish percent, like formatPercent but exact: at least `minDecimals` decimals, more only when
 * the value needs them, at most 6 (or `minDecimals` when larger), rounded half away from zero.
 * 1/8 -> "12,50 %", 1/3 -> "33,333333 %", 1/1 -> "100,00 %".
 */
export function fractionToPercentString(f: Fraction, minDecimals = 2): string {
  if (!Number.isInteger(minDecimals) || minDecimals < 0 || minDecimals > 20) {
    throw new RangeError(`minDecimals must be an integer from 0 to 20, got ${minDecimals}`);
  }
  const { n, d } = requireFraction(f);
  const maxDecimals = Math.max(minDecimals, PERCENT_MAX_DECIMALS);
  const scale = 10n ** BigInt(maxDecimals);
  const negative = n < 0n;
  const scaled = (negative ? -n : n) * 100n * scale;
  let units = scaled / d;
  if ((scaled % d) * 2n >= d) units += 1n;

  const whole = (units / scale).toString();
  let decimals = (units % scale).toString().padStart(maxDecimals, "0");
  while (decimals.length > minDecimals && decimals.endsWith("0")) decimals = decimals.slice(0, -1);

  const sign = negative && units !== 0n ? MINUS : "";
  return `${sign}${groupThousands(whole)}${decimals ? `,${decimals}` : ""}${NBSP}%`;
}

export type PercentParseResult =
  { ok: true; fraction: Fraction } | { ok: false; error: "empty" | "invalid" | "tooManyDecimals" };

const PERCENT_INPUT = /^([+\-\u2212]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Reads a percent typed by a user ("33,33", "33.33", "50 %", "-1") as an exact fraction over 100·10^decimals,
 * without reducing it. Trailing zeros of the decimals do not count against `precision`.
 */
export function percentToFraction(input: string, precision: number): PercentParseResult {
  if (!Number.isInteger(precision) || precision < 0 || precision > 12) {
    throw new RangeError(`precision must be an integer from 0 to 12, got ${precision}`);
  }
  const text = input.trim().replace(/\s*%$/, "");
  if (text === "") return { ok: false, error: "empty" };
  const match = PERCENT_INPUT.exec(text);
  const whole = match?.[2] ?? "";
  const decimals = (match?.[3] ?? "").replace(/0+$/, "");
  if (!match || (whole === "" && (match[3] ?? "") === "")) return { ok: false, error: "invalid" };
  if (decimals.length > precision) return { ok: false, error: "tooManyDecimals" };

  const magnitude = BigInt(`${whole || "0"}${decimals}`);
  const sign = match[1] === "-" || match[1] === MINUS ? -1n : 1n;
  const numerator = Number(sign * magnitude);
  const denominator = Number(100n * 10n ** BigInt(decimals.length));
  if (!Number.isSafeInteger(numerator)) return { ok: false, error: "invalid" };
  return { ok: true, fraction: { numerator: numerator === 0 ? 0 : numerator, denominator } };
}

/** Decimals the share needs as an exact percent; a share that never ends (1/3) counts as the display cap. */
function percentDecimals(f: Fraction): number {
  const { n, d } = requireFraction(f);
  let denominator = d / gcd(n * 100n, d);
  let twos = 0;
  let fives = 0;
  while (denominator % 2n === 0n) {
    denominator /= 2n;
    twos += 1;
  }
  while (denominator % 5n === 0n) {
    denominator /= 5n;
    fives += 1;
  }
  if (denominator !== 1n) return PERCENT_MAX_DECIMALS;
  return Math.min(Math.max(twos, fives), PERCENT_MAX_DECIMALS);
}

/**
 * How many decimals a transferred share may be typed with (spec 03 §5.2): the decimals needed to show the owner
 * shares as percent, plus 2. Owner shares 1/2 -> 2, 1/8 (12,5 %) -> 3, 1/3 -> 8.
 */
export function sharePrecision(ownerShares: readonly Fraction[]): number {
  return ownerShares.reduce((most, share) => Math.max(most, percentDecimals(share)), 0) + 2;
}

/** A share of an apartment: integers, a positive denominator, from nothing to the whole. */
export function isValidShare(f: Fraction): boolean {
  return (
    Number.isSafeInteger(f.numerator) &&
    Number.isSafeInteger(f.denominator) &&
    f.denominator > 0 &&
    f.numerator >= 0 &&
    f.numerator <= f.denominator
  );
}
