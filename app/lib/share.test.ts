import { describe, expect, test } from "vitest";
import { formatPercent } from "./format";
import {
  addFractions,
  compareFractions,
  fractionToPercentString,
  isValidShare,
  percentToFraction,
  reduceFraction,
  sharePrecision,
} from "./share";
import type { Fraction } from "./transfer";

const NBSP = "\u00A0";
const MINUS = "\u2212";
const fr = (numerator: number, denominator: number): Fraction => ({ numerator, denominator });

describe("reduceFraction", () => {
  test.each<[Fraction, Fraction]>([
    [fr(2, 4), fr(1, 2)],
    [fr(3333, 10000), fr(3333, 10000)],
    [fr(5000, 10000), fr(1, 2)],
    [fr(6, 3), fr(2, 1)],
    [fr(0, 7), fr(0, 1)],
    [fr(0, -7), fr(0, 1)],
    [fr(3, -6), fr(-1, 2)],
    [fr(-3, -6), fr(1, 2)],
    [fr(1, 1), fr(1, 1)],
    [fr(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), fr(1, 1)],
  ])("%j -> %j", (input, expected) => {
    expect(reduceFraction(input)).toEqual(expected);
  });

  test.each([fr(1, 0), fr(1.5, 2), fr(1, 2.5), fr(NaN, 1), fr(1, Infinity), fr(2 ** 53, 1)])(
    "refuses %j",
    (input) => {
      expect(() => reduceFraction(input)).toThrow(RangeError);
    },
  );
});

describe("addFractions", () => {
  test("adds exactly where floats would not", () => {
    expect(addFractions(fr(1, 3), fr(1, 3), fr(1, 3))).toEqual(fr(1, 1));
    expect(addFractions(fr(1, 10), fr(2, 10))).toEqual(fr(3, 10));
    expect(addFractions(fr(1, 2), fr(1, 3))).toEqual(fr(5, 6));
  });

  test("handles none, one, zero and negative terms", () => {
    expect(addFractions()).toEqual(fr(0, 1));
    expect(addFractions(fr(4, 8))).toEqual(fr(1, 2));
    expect(addFractions(fr(0, 5), fr(0, 9))).toEqual(fr(0, 1));
    expect(addFractions(fr(1, 2), fr(-1, 2))).toEqual(fr(0, 1));
    expect(addFractions(fr(1, -4), fr(3, 4))).toEqual(fr(1, 2));
  });

  test("keeps digits when the intermediate product passes the safe-integer range", () => {
    const big = 2 ** 40;
    expect(addFractions(fr(1, big), fr(1, big))).toEqual(fr(1, 2 ** 39));
  });

  test("refuses a sum that no longer fits in safe integers, and bad terms", () => {
    expect(() => addFractions(fr(1, 2 ** 30 + 1), fr(1, 2 ** 30 + 3))).toThrow(RangeError);
    expect(() => addFractions(fr(1, 2), fr(1, 0))).toThrow(RangeError);
  });
});

describe("compareFractions", () => {
  test.each<[Fraction, Fraction, -1 | 0 | 1]>([
    [fr(1, 2), fr(2, 4), 0],
    [fr(1, 3), fr(3333, 10000), 1],
    [fr(3333, 10000), fr(1, 3), -1],
    [fr(0, 1), fr(0, 9), 0],
    [fr(1, -2), fr(0, 1), -1],
    [fr(-1, -2), fr(1, 2), 0],
    [fr(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER), fr(1, 1), -1],
  ])("%j against %j -> %d", (a, b, expected) => {
    expect(compareFractions(a, b)).toBe(expected);
  });

  test("sorts shares", () => {
    const shares = [fr(1, 2), fr(1, 3), fr(1, 1), fr(0, 1), fr(2, 3)];
    expect(shares.sort(compareFractions)).toEqual([fr(0, 1), fr(1, 3), fr(1, 2), fr(2, 3), fr(1, 1)]);
  });
});

describe("fractionToPercentString", () => {
  test.each<[Fraction, string]>([
    [fr(1, 2), `50,00${NBSP}%`],
    [fr(1, 8), `12,50${NBSP}%`],
    [fr(1, 3), `33,333333${NBSP}%`],
    [fr(2, 3), `66,666667${NBSP}%`],
    [fr(1, 1), `100,00${NBSP}%`],
    [fr(0, 1), `0,00${NBSP}%`],
    [fr(3333, 10000), `33,33${NBSP}%`],
    [fr(12345, 100000), `12,345${NBSP}%`],
    [fr(1, 1024), `0,097656${NBSP}%`],
    [fr(1, 200000000), `0,000001${NBSP}%`],
    [fr(1, 200000001), `0,00${NBSP}%`],
    [fr(25, 2), `1${NBSP}250,00${NBSP}%`],
    [fr(-1, 4), `${MINUS}25,00${NBSP}%`],
    [fr(-1, 300000000), `0,00${NBSP}%`],
  ])("%j -> %j", (fraction, expected) => {
    expect(fractionToPercentString(fraction)).toBe(expected);
  });

  test("rounds an exact half away from zero, where a float could go either way", () => {
    // 1/200 000 000 is 0,0000005 % and 1/16 000 000 is 0,00000625 %: each halfway at the last decimal shown.
    expect(fractionToPercentString(fr(1, 200_000_000))).toBe(`0,000001${NBSP}%`);
    expect(fractionToPercentString(fr(-1, 200_000_000))).toBe(`${MINUS}0,000001${NBSP}%`);
    expect(fractionToPercentString(fr(1, 16_000_000), 7)).toBe(`0,0000063${NBSP}%`);
    expect(fractionToPercentString(fr(1, 16_000_000))).toBe(`0,000006${NBSP}%`);
    expect(fractionToPercentString(fr(1, 2_000_000_000))).toBe(`0,00${NBSP}%`);
  });

  test("honours another minimum of decimals", () => {
    expect(fractionToPercentString(fr(1, 2), 0)).toBe(`50${NBSP}%`);
    expect(fractionToPercentString(fr(1, 2), 3)).toBe(`50,000${NBSP}%`);
    expect(fractionToPercentString(fr(1, 3), 8)).toBe(`33,33333333${NBSP}%`);
    expect(fractionToPercentString(fr(1, 8), 0)).toBe(`12,5${NBSP}%`);
  });

  test.each([
    fr(1, 2),
    fr(1, 3),
    fr(2, 3),
    fr(1, 6),
    fr(1, 7),
    fr(5, 7),
    fr(1, 8),
    fr(3, 16),
    fr(7, 9),
    fr(1, 1),
    fr(0, 1),
    fr(10, 1),
    fr(1234, 100),
    fr(-5, 8),
    fr(12345, 100000),
  ])("reads like formatPercent for %j", (fraction) => {
    const float = fraction.numerator / fraction.denominator;
    expect(fractionToPercentString(fraction)).toBe(formatPercent(float));
    expect(fractionToPercentString(fraction, 0)).toBe(formatPercent(float, 0));
    expect(fractionToPercentString(fraction, 4)).toBe(formatPercent(float, 4));
  });

  test("refuses bad input", () => {
    expect(() => fractionToPercentString(fr(1, 0))).toThrow(RangeError);
    expect(() => fractionToPercentString(fr(1, 2), -1)).toThrow(RangeError);
    expect(() => fractionToPercentString(fr(1, 2), 1.5)).toThrow(RangeError);
    expect(() => fractionToPercentString(fr(1, 2), 21)).toThrow(RangeError);
  });
});

describe("percentToFraction", () => {
  test.each<[string, number, Fraction]>([
    ["33,33", 2, fr(3333, 10000)],
    ["33.33", 2, fr(3333, 10000)],
    ["50", 2, fr(50, 100)],
    ["100", 0, fr(100, 100)],
    ["0", 2, fr(0, 100)],
    ["12,5", 2, fr(125, 1000)],
    [" 12,5 ", 3, fr(125, 1000)],
    ["12,5 %", 2, fr(125, 1000)],
    ["12,5%", 2, fr(125, 1000)],
    [",5", 2, fr(5, 1000)],
    ["5,", 2, fr(5, 100)],
    ["0,01", 2, fr(1, 10000)],
    ["33,333333", 8, fr(33333333, 100000000)],
    ["33,33333333", 8, fr(3333333333, 10000000000)],
    ["50,000", 2, fr(50, 100)],
    ["12,50", 1, fr(125, 1000)],
    ["-1", 2, fr(-1, 100)],
    [`${MINUS}0,5`, 2, fr(-5, 1000)],
    ["+7", 2, fr(7, 100)],
    ["007,5", 2, fr(75, 1000)],
  ])("%j with precision %d -> %j", (input, precision, expected) => {
    expect(percentToFraction(input, precision)).toEqual({ ok: true, fraction: expected });
  });

  test("denotes the value it read", () => {
    const result = percentToFraction("33,33", 2);
    expect(result.ok && compareFractions(result.fraction, fr(3333, 10000))).toBe(0);
    const half = percentToFraction("50", 2);
    expect(half.ok && reduceFraction(half.fraction)).toEqual(fr(1, 2));
  });

  test.each<[string, number]>([
    ["33,333", 2],
    ["12,5", 0],
    ["0,001", 2],
    ["33,333333333", 8],
  ])("refuses %j with precision %d: too many decimals", (input, precision) => {
    expect(percentToFraction(input, precision)).toEqual({ ok: false, error: "tooManyDecimals" });
  });

  test.each(["", "   ", "%"])("%j is empty", (input) => {
    expect(percentToFraction(input, 2)).toEqual({ ok: false, error: "empty" });
  });

  test.each([
    "abc",
    ",",
    "-",
    "1,2,3",
    "1.2.3",
    "1 000",
    "1e2",
    "12,5x",
    "0x10",
    "½",
    "--1",
    "99999999999999999",
  ])("%j is not a percent", (input) => {
    expect(percentToFraction(input, 2)).toEqual({ ok: false, error: "invalid" });
  });

  test("refuses a bad precision", () => {
    expect(() => percentToFraction("1", -1)).toThrow(RangeError);
    expect(() => percentToFraction("1", 2.5)).toThrow(RangeError);
    expect(() => percentToFraction("1", 13)).toThrow(RangeError);
  });
});

describe("sharePrecision", () => {
  test.each<[Fraction[], number]>([
    [[], 2],
    [[fr(1, 1)], 2],
    [[fr(1, 2)], 2],
    [[fr(1, 4)], 2],
    [[fr(1, 8)], 3],
    [[fr(1, 16)], 4],
    [[fr(3, 1000)], 3],
    [[fr(1, 3)], 8],
    [[fr(1, 1024)], 8],
    [[fr(1, 2), fr(1, 8)], 3],
    [[fr(1, 8), fr(1, 2)], 3],
    [[fr(1, 2), fr(1, 3), fr(1, 6)], 8],
    [[fr(0, 1)], 2],
    [[fr(2, 4)], 2],
  ])("%j -> %d", (shares, expected) => {
    expect(sharePrecision(shares)).toBe(expected);
  });

  test("lets every owner share be typed back exactly when it can be shown exactly", () => {
    for (const share of [fr(1, 8), fr(1, 16), fr(3, 1000), fr(7, 40)]) {
      const precision = sharePrecision([share]);
      const typed = fractionToPercentString(share).replace(`${NBSP}%`, "");
      const parsed = percentToFraction(typed, precision);
      expect(parsed.ok && compareFractions(parsed.fraction, share)).toBe(0);
    }
  });

  test("refuses a bad owner share", () => {
    expect(() => sharePrecision([fr(1, 0)])).toThrow(RangeError);
  });
});

describe("isValidShare", () => {
  test.each([fr(0, 1), fr(1, 1), fr(1, 2), fr(1, 3), fr(3333, 10000), fr(0, 5), fr(5, 5)])(
    "%j is a share",
    (f) => {
      expect(isValidShare(f)).toBe(true);
    },
  );

  test.each([
    fr(-1, 2),
    fr(3, 2),
    fr(1, 0),
    fr(1, -2),
    fr(-1, -2),
    fr(0.5, 1),
    fr(1, 2.5),
    fr(NaN, 1),
    fr(1, NaN),
    fr(1, Infinity),
    fr(2 ** 53, 2 ** 53),
  ])("%j is not a share", (f) => {
    expect(isValidShare(f)).toBe(false);
  });
});
