import { describe, expect, test } from "vitest";
import {
  formatDate,
  formatDateLong,
  formatDateTime,
  formatKsek,
  formatKvm,
  formatPercent,
  formatSek,
  roundTo,
  stockholmDateParts,
} from "./format";

const NBSP = "\u00A0";
const MINUS = "\u2212";

describe("stockholmDateParts", () => {
  test("converts a UTC instant to Swedish winter time (UTC+1)", () => {
    expect(stockholmDateParts("2026-11-21T13:05:00Z")).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 14,
      minute: 5,
    });
  });

  test("converts a UTC instant to Swedish summer time (UTC+2)", () => {
    expect(stockholmDateParts("2026-07-01T10:00:00Z")).toMatchObject({ hour: 12 });
  });

  test("returns a date-only string as the calendar date it names", () => {
    expect(stockholmDateParts("2026-01-01")).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
    });
  });

  test("uses midnight as 00, never 24", () => {
    expect(stockholmDateParts("2026-11-20T23:00:00Z")).toMatchObject({ day: 21, hour: 0 });
  });

  test.each(["not a date", "2026-02-30", "2026-13-01", ""])("rejects %j", (input) => {
    expect(() => stockholmDateParts(input)).toThrow(RangeError);
  });

  test("rejects an invalid Date object", () => {
    expect(() => stockholmDateParts(new Date(NaN))).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  test.each<[string | number | Date, string]>([
    [new Date("2026-11-21T12:00:00Z"), "2026-11-21"],
    ["2026-11-21", "2026-11-21"],
    ["2026-11-21T12:00:00+01:00", "2026-11-21"],
    [Date.UTC(2026, 10, 21, 12), "2026-11-21"],
    // Late evening UTC is already the next day in Sweden.
    ["2026-11-20T23:30:00Z", "2026-11-21"],
    ["2026-06-30T22:30:00Z", "2026-07-01"],
    ["2026-06-30T21:59:00Z", "2026-06-30"],
    ["2026-12-31T23:00:00Z", "2027-01-01"],
    ["2024-02-29", "2024-02-29"],
    ["1912-12-12", "1912-12-12"],
  ])("%s -> %s", (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });
});

describe("formatDateLong", () => {
  test.each<[string, string]>([
    ["2026-11-21", "21 november 2026"],
    ["2026-01-01", "1 januari 2026"],
    ["2026-03-05", "5 mars 2026"],
    ["2026-05-17", "17 maj 2026"],
    ["2026-08-09", "9 augusti 2026"],
    ["2026-12-31T23:30:00Z", "1 januari 2027"],
    // The spring-forward night: the Swedish date must not move.
    ["2026-03-29T01:30:00Z", "29 mars 2026"],
  ])("%s -> %s", (input, expected) => {
    expect(formatDateLong(input)).toBe(expected);
  });
});

describe("formatDateTime", () => {
  test.each<[string, string]>([
    ["2026-11-21T13:05:00Z", "2026-11-21 14:05"],
    ["2026-07-15T13:05:00Z", "2026-07-15 15:05"],
    ["2026-11-20T23:00:00Z", "2026-11-21 00:00"],
    // Clocks go forward at 02:00 local (01:00 UTC) on 29 March 2026.
    ["2026-03-29T00:59:00Z", "2026-03-29 01:59"],
    ["2026-03-29T01:00:00Z", "2026-03-29 03:00"],
    // Clocks go back at 03:00 local (01:00 UTC) on 25 October 2026; 02:xx happens twice.
    ["2026-10-25T00:30:00Z", "2026-10-25 02:30"],
    ["2026-10-25T01:30:00Z", "2026-10-25 02:30"],
    ["2026-10-25T02:00:00Z", "2026-10-25 03:00"],
    ["2026-11-21", "2026-11-21 00:00"],
  ])("%s -> %s", (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });
});

describe("roundTo", () => {
  test.each<[number, number | undefined, number]>([
    [1.005, undefined, 1.01],
    [-1.005, undefined, -1.01],
    [1.004, undefined, 1],
    [2.675, 2, 2.68],
    [1.45, 1, 1.5],
    [-1.45, 1, -1.5],
    [0.1 + 0.2, 2, 0.3],
    [1234.5678, 0, 1235],
    [-0.5, 0, -1],
    [0.5, 0, 1],
    [12.3456789, 4, 12.3457],
    [1e21, 2, 1e21],
    [123_456_789_012.345, 3, 123_456_789_012.345],
    [90_071_992_547_409.9, 2, 90_071_992_547_409.9],
    [5e-7, 2, 0],
  ])("roundTo(%d, %s) = %d", (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  test("never returns negative zero", () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundTo(-0, 2), 0)).toBe(true);
  });

  test("passes non-finite values through", () => {
    expect(roundTo(Infinity)).toBe(Infinity);
    expect(roundTo(NaN)).toBeNaN();
  });

  test.each([-1, 1.5, 16])("rejects %d decimals", (decimals) => {
    expect(() => roundTo(1, decimals)).toThrow(RangeError);
  });
});

describe("formatSek", () => {
  test.each<[number, string]>([
    [1_250_000, `1${NBSP}250${NBSP}000${NBSP}kr`],
    [0, `0${NBSP}kr`],
    [999, `999${NBSP}kr`],
    [1000, `1${NBSP}000${NBSP}kr`],
    [-2500, `${MINUS}2${NBSP}500${NBSP}kr`],
    [1250.5, `1${NBSP}250,50${NBSP}kr`],
    [99.999, `100${NBSP}kr`],
    [0.004, `0${NBSP}kr`],
    [-0.004, `0${NBSP}kr`],
    [12.345, `12,35${NBSP}kr`],
  ])("%d -> %j", (amount, expected) => {
    expect(formatSek(amount)).toBe(expected);
  });

  test("uses only no-break spaces, never a regular space", () => {
    expect(formatSek(1_234_567)).not.toContain(" ");
  });

  test.each([NaN, Infinity])("rejects %d", (amount) => {
    expect(() => formatSek(amount)).toThrow(RangeError);
  });
});

describe("formatPercent", () => {
  test.each<[number, string]>([
    [0.5, `50,00${NBSP}%`],
    [1, `100,00${NBSP}%`],
    [0, `0,00${NBSP}%`],
    [0.125, `12,50${NBSP}%`],
    [1 / 3, `33,333333${NBSP}%`],
    [2 / 3, `66,666667${NBSP}%`],
    [0.12345, `12,345${NBSP}%`],
    [0.0000001, `0,00001${NBSP}%`],
    [0.000000001, `0,00${NBSP}%`],
    [12.5, `1${NBSP}250,00${NBSP}%`],
    [-0.25, `${MINUS}25,00${NBSP}%`],
  ])("%d -> %j", (fraction, expected) => {
    expect(formatPercent(fraction)).toBe(expected);
  });

  test("honours a larger minimum of decimals", () => {
    expect(formatPercent(0.5, 3)).toBe(`50,000${NBSP}%`);
    expect(formatPercent(0.5, 0)).toBe(`50${NBSP}%`);
    expect(formatPercent(1 / 3, 8)).toBe(`33,33333333${NBSP}%`);
  });

  test("rejects bad input", () => {
    expect(() => formatPercent(NaN)).toThrow(RangeError);
    expect(() => formatPercent(0.5, -1)).toThrow(RangeError);
    expect(() => formatPercent(0.5, 1.5)).toThrow(RangeError);
  });
});

describe("formatKsek", () => {
  test.each<[number, string]>([
    [125_000, `125${NBSP}KSEK`],
    [1500, `1,5${NBSP}KSEK`],
    [1_234_567, `1${NBSP}234,6${NBSP}KSEK`],
    [0, `0${NBSP}KSEK`],
    [49, `0${NBSP}KSEK`],
    [50, `0,1${NBSP}KSEK`],
    [1950, `2${NBSP}KSEK`],
    [-45_000, `${MINUS}45${NBSP}KSEK`],
    [-10, `0${NBSP}KSEK`],
  ])("%d -> %j", (amount, expected) => {
    expect(formatKsek(amount)).toBe(expected);
  });

  test("rejects a non-finite amount", () => {
    expect(() => formatKsek(Infinity)).toThrow(RangeError);
  });
});

describe("formatKvm", () => {
  test.each<[number, string]>([
    [74.5, `74,5${NBSP}kvm`],
    [74, `74${NBSP}kvm`],
    [74.456, `74,46${NBSP}kvm`],
    [1.005, `1,01${NBSP}kvm`],
    [1250.25, `1${NBSP}250,25${NBSP}kvm`],
  ])("%d -> %j", (area, expected) => {
    expect(formatKvm(area)).toBe(expected);
  });

  test("rejects NaN", () => {
    expect(() => formatKvm(NaN)).toThrow(RangeError);
  });
});
