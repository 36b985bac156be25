import { describe, expect, test } from "vitest";
import {
  formatPersonnummer,
  generatePersonnummer,
  isValidPersonnummer,
  luhnCheckDigit,
  luhnChecksumValid,
  parsePersonnummer,
  type PersonnummerError,
} from "./personnummer";

// 21 November 2026, midday in Stockholm.
const NOW = new Date("2026-11-21T12:00:00Z");

function normalized(input: string, now: Date = NOW): string | undefined {
  const result = parsePersonnummer(input, now);
  return result.ok ? result.value.normalized12 : undefined;
}

function reason(input: string, now: Date = NOW): PersonnummerError | undefined {
  const result = parsePersonnummer(input, now);
  return result.ok ? undefined : result.reason;
}

describe("luhn", () => {
  test.each(["8112189876", "1212121212", "7010632391", "5566778899", "79927398713"])(
    "%s passes",
    (digits) => {
      expect(luhnChecksumValid(digits)).toBe(true);
    },
  );

  test.each(["8112189875", "1212121213", "7010632392", "79927398710", "", "81121898x6"])(
    "%j fails",
    (digits) => {
      expect(luhnChecksumValid(digits)).toBe(false);
    },
  );

  test.each<[string, number]>([
    ["811218987", 6],
    ["121212121", 2],
    ["556677889", 9],
    ["7992739871", 3],
    ["000000000", 0],
  ])("check digit of %s is %d", (digits, expected) => {
    expect(luhnCheckDigit(digits)).toBe(expected);
  });

  test("check digit needs digits", () => {
    expect(() => luhnCheckDigit("12a")).toThrow(RangeError);
    expect(() => luhnCheckDigit("")).toThrow(RangeError);
  });
});

describe("parsePersonnummer: valid numbers", () => {
  test("Skatteverket's test number 19121212-1212", () => {
    expect(parsePersonnummer("19121212-1212", NOW)).toEqual({
      ok: true,
      value: {
        normalized12: "191212121212",
        isCoordinationNumber: false,
        birthDate: { year: 1912, month: 12, day: 12 },
      },
    });
  });

  test.each<[string, string]>([
    ["191212121212", "191212121212"],
    ["19121212-1212", "191212121212"],
    [" 19121212-1212 ", "191212121212"],
    ["1912 1212 1212", "191212121212"],
    ["19121212 - 1212", "191212121212"],
    ["1912-12-12-1212", "191212121212"],
    ["19121212\u20131212", "191212121212"],
    ["811218\u22129876", "198112189876"],
    ["811218-9876", "198112189876"],
    ["8112189876", "198112189876"],
    ["19811218-9876", "198112189876"],
    ["19900101-2385", "199001012385"],
  ])("%j -> %s", (input, expected) => {
    expect(normalized(input)).toBe(expected);
  });

  test("validity does not depend on dashes or spaces", () => {
    expect(isValidPersonnummer("811218-9876", NOW)).toBe(true);
    expect(isValidPersonnummer("811218 9876", NOW)).toBe(true);
    expect(isValidPersonnummer("8112189876", NOW)).toBe(true);
  });
});

describe("parsePersonnummer: century of a 10-digit number", () => {
  test("the current century when that makes the person at least 18 this year", () => {
    expect(normalized("080101-1230")).toBe("200801011230");
    expect(normalized("000229-1235")).toBe("200002291235");
  });

  test("the previous century when the current one would make the person younger than 18", () => {
    expect(normalized("090101-1239")).toBe("190901011239");
    expect(normalized("121212-1212")).toBe("191212121212");
    expect(normalized("261121-1232")).toBe("192611211232");
  });

  test("two-digit years after the current one are in the previous century", () => {
    expect(normalized("400101-1230")).toBe("194001011230");
    expect(normalized("990101-1230")).toBe("199901011230");
  });

  test("the 18-year boundary moves with now", () => {
    const nextYear = new Date("2027-06-01T12:00:00Z");
    expect(normalized("090101-1239", nextYear)).toBe("200901011239");
    expect(normalized("100101-1236", nextYear)).toBe("191001011236");
  });

  test("the boundary counts by year, not by birthday", () => {
    const newYearsDay = new Date("2026-01-01T12:00:00Z");
    expect(normalized("081231-1231", newYearsDay)).toBe("200812311231");
    expect(normalized("081231-1231", NOW)).toBe("200812311231");
  });

  test("now is read in Swedish time", () => {
    // 23:30 UTC on New Year's Eve is already 2026 in Stockholm ...
    expect(normalized("080101-1230", new Date("2025-12-31T23:30:00Z"))).toBe("200801011230");
    // ... while 22:30 UTC is still 2025, so 2008 would make the person 17.
    expect(normalized("080101-1230", new Date("2025-12-31T22:30:00Z"))).toBe("190801011230");
  });

  test("a '+' separator means a hundred years or older", () => {
    expect(normalized("400101+1230")).toBe("184001011230");
    expect(normalized("121212+1212")).toBe("191212121212");
    expect(normalized("261121+1232")).toBe("192611211232");
    expect(normalized("270101+1237")).toBe("182701011237");
  });

  test("a '+' may be surrounded by spaces", () => {
    expect(normalized("400101 + 1230")).toBe("184001011230");
  });
});

describe("parsePersonnummer: coordination numbers (day + 60)", () => {
  test("Skatteverket's example 701063-2391", () => {
    expect(parsePersonnummer("701063-2391", NOW)).toEqual({
      ok: true,
      value: {
        normalized12: "197010632391",
        isCoordinationNumber: true,
        birthDate: { year: 1970, month: 10, day: 3 },
      },
    });
  });

  test.each<[string, string]>([
    ["811278-9873", "198112789873"],
    ["120161-1231", "191201611231"],
    ["120191-1235", "191201911235"],
    ["000289-1232", "200002891232"],
  ])("%s -> %s", (input, expected) => {
    const result = parsePersonnummer(input, NOW);
    expect(result.ok && result.value.normalized12).toBe(expected);
    expect(result.ok && result.value.isCoordinationNumber).toBe(true);
  });

  test("day 60 and day 92 are not days", () => {
    expect(reason("120160-1232")).toBe("date");
    expect(reason("120192-1234")).toBe("date");
  });

  test("day minus 60 must exist in that month", () => {
    expect(reason("230289-1235")).toBe("date");
  });
});

describe("parsePersonnummer: rejected numbers", () => {
  test.each([
    "",
    "   ",
    "abc",
    "12345",
    "19121212121",
    "1912121212123",
    "18121212-1212",
    "21121212-1212",
    "00121212-1212",
    "19121212+1212",
    "121212++1212",
    "+1212121212",
    "12121+21212",
    "19121212-121A",
    "19121212_1212",
    "19121212/1212",
  ])("%j has the wrong format", (input) => {
    expect(reason(input)).toBe("format");
  });

  test.each([
    "121301-1230",
    "120001-1235",
    "120100-1235",
    "120132-1237",
    "230229-1238",
    "190002291235",
    "20301212-1236",
    "20261122-1231",
  ])("%s has an impossible birth date", (input) => {
    expect(reason(input)).toBe("date");
  });

  test("February 29 only in leap years", () => {
    expect(normalized("200002291235")).toBe("200002291235");
    expect(normalized("040229-1231")).toBe("200402291231");
    expect(reason("190002291235")).toBe("date");
    expect(reason("230229-1238")).toBe("date");
  });

  test("a birth date today is fine, tomorrow is not", () => {
    expect(normalized("20261121-1232")).toBe("202611211232");
    expect(reason("20261122-1231")).toBe("date");
  });

  test.each(["19121212-1213", "811218-9875", "8112189867", "701063-2390", "19811218-9877"])(
    "%s has the wrong check digit",
    (input) => {
      expect(reason(input)).toBe("checksum");
    },
  );

  test("the checksum covers the last ten digits only, so the century does not change it", () => {
    expect(reason("19811218-9876")).toBeUndefined();
    expect(reason("20011218-9876")).toBe("checksum");
  });

  test("a bad date is reported before a bad check digit", () => {
    expect(reason("121301-1231")).toBe("date");
  });

  test("isValidPersonnummer agrees with parse", () => {
    expect(isValidPersonnummer("19121212-1212", NOW)).toBe(true);
    expect(isValidPersonnummer("19121212-1213", NOW)).toBe(false);
    expect(isValidPersonnummer("nonsense", NOW)).toBe(false);
  });

  test("isValidPersonnummer uses the current date by default", () => {
    expect(isValidPersonnummer("19121212-1212")).toBe(true);
    expect(isValidPersonnummer("20991231-1234")).toBe(false);
  });
});

describe("formatPersonnummer", () => {
  test("inserts the hyphen before the last four digits", () => {
    expect(formatPersonnummer("191212121212")).toBe("19121212-1212");
    expect(formatPersonnummer("197010632391")).toBe("19701063-2391");
  });

  test.each(["1912121212", "19121212-1212", "", "19121212121a"])("rejects %j", (input) => {
    expect(() => formatPersonnummer(input)).toThrow(RangeError);
  });
});

describe("generatePersonnummer", () => {
  test("reproduces known numbers", () => {
    expect(generatePersonnummer({ year: 1912, month: 12, day: 12 }, 121)).toBe("191212121212");
    expect(generatePersonnummer({ year: 1981, month: 12, day: 18 }, 987)).toBe("198112189876");
    expect(generatePersonnummer({ year: 1990, month: 1, day: 1 }, 238)).toBe("199001012385");
  });

  test("every serial gives a distinct valid number for the birth date", () => {
    const birth = { year: 1985, month: 7, day: 4 };
    const seen = new Set<string>();
    for (let serial = 0; serial <= 999; serial++) {
      const number = generatePersonnummer(birth, serial);
      const parsed = parsePersonnummer(number, NOW);
      expect(parsed).toEqual({
        ok: true,
        value: { normalized12: number, isCoordinationNumber: false, birthDate: birth },
      });
      seen.add(number);
    }
    expect(seen.size).toBe(1000);
  });

  test("valid across centuries, months and leap days", () => {
    const births = [
      { year: 1900, month: 1, day: 1 },
      { year: 1944, month: 2, day: 29 },
      { year: 1999, month: 12, day: 31 },
      { year: 2000, month: 2, day: 29 },
      { year: 2008, month: 11, day: 21 },
    ];
    for (const birth of births) {
      expect(isValidPersonnummer(generatePersonnummer(birth, 42), NOW)).toBe(true);
    }
  });

  test("pads month, day and serial", () => {
    expect(generatePersonnummer({ year: 2001, month: 2, day: 3 }, 7)).toMatch(/^20010203007\d$/);
  });

  test.each([-1, 1000, 1.5, NaN])("rejects serial %d", (serial) => {
    expect(() => generatePersonnummer({ year: 1980, month: 1, day: 1 }, serial)).toThrow(RangeError);
  });

  test.each([
    { year: 1980, month: 2, day: 30 },
    { year: 1900, month: 2, day: 29 },
    { year: 1980, month: 13, day: 1 },
    { year: 1980, month: 0, day: 1 },
    { year: 1980, month: 1, day: 0 },
    { year: 1899, month: 12, day: 31 },
    { year: 2100, month: 1, day: 1 },
    { year: 1980.5, month: 1, day: 1 },
  ])("rejects birth date %o", (birth) => {
    expect(() => generatePersonnummer(birth, 1)).toThrow(RangeError);
  });
});
