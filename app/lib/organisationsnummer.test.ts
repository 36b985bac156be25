import { describe, expect, test } from "vitest";
import {
  formatOrganisationsnummer,
  generateOrganisationsnummer,
  isValidOrganisationsnummer,
} from "./organisationsnummer";

describe("isValidOrganisationsnummer", () => {
  test.each([
    "5566778899",
    "556677-8899",
    "556677 8899",
    " 556677-8899 ",
    "556036-0793",
    "202100-5489",
    "769612-3459",
    "802002-4447",
    "302000-0000",
    "102000-0004",
    "916000-0007",
  ])("accepts %j", (input) => {
    expect(isValidOrganisationsnummer(input)).toBe(true);
  });

  test.each(["002000-0006", "402000-0008", "602000-0003"])(
    "rejects %s: first digit 0, 4 or 6 even with a correct check digit",
    (input) => {
      expect(isValidOrganisationsnummer(input)).toBe(false);
    },
  );

  test.each(["556677-8898", "769612-3456", "202100-5488", "5566778890"])(
    "rejects %s: wrong check digit",
    (input) => {
      expect(isValidOrganisationsnummer(input)).toBe(false);
    },
  );

  test.each(["", "   ", "556677889", "55667788990", "5566778899000", "1655667788990"])(
    "rejects %j: wrong length",
    (input) => {
      expect(isValidOrganisationsnummer(input)).toBe(false);
    },
  );

  test.each(["SE556677889901", "556677/8899", "556677-889a", "556677+8899"])(
    "rejects %j: other characters",
    (input) => {
      expect(isValidOrganisationsnummer(input)).toBe(false);
    },
  );

  describe("12 digits", () => {
    test("accepts the 16 prefix in front of a valid number", () => {
      expect(isValidOrganisationsnummer("165566778899")).toBe(true);
      expect(isValidOrganisationsnummer("16556677-8899")).toBe(true);
      expect(isValidOrganisationsnummer("16769612-3459")).toBe(true);
    });

    test("checks the number behind the 16 prefix fully", () => {
      expect(isValidOrganisationsnummer("16556677-8898")).toBe(false);
      expect(isValidOrganisationsnummer("16002000-0006")).toBe(false);
      expect(isValidOrganisationsnummer("16602000-0003")).toBe(false);
    });

    test("accepts a sole trader's personal number with century", () => {
      expect(isValidOrganisationsnummer("19811218-9876")).toBe(true);
      expect(isValidOrganisationsnummer("191212121212")).toBe(true);
      expect(isValidOrganisationsnummer("20000229-1235")).toBe(true);
    });

    test("checks a personal number as a personal number", () => {
      expect(isValidOrganisationsnummer("19811218-9877")).toBe(false);
      expect(isValidOrganisationsnummer("19811318-9875")).toBe(false);
      expect(isValidOrganisationsnummer("19000229-1235")).toBe(false);
    });

    test("rejects other prefixes", () => {
      expect(isValidOrganisationsnummer("17556677-8899")).toBe(false);
      expect(isValidOrganisationsnummer("55556677-8899")).toBe(false);
      expect(isValidOrganisationsnummer("00556677-8899")).toBe(false);
    });
  });

  test("a sole trader's 10-digit personal number passes the 10-digit rule", () => {
    expect(isValidOrganisationsnummer("811218-9876")).toBe(true);
  });
});

describe("formatOrganisationsnummer", () => {
  test.each<[string, string]>([
    ["5566778899", "556677-8899"],
    ["556677-8899", "556677-8899"],
    [" 556677 8899 ", "556677-8899"],
    ["165566778899", "16556677-8899"],
    ["16556677-8899", "16556677-8899"],
    ["", ""],
    ["1234", "1234"],
    [" okänt ", "okänt"],
  ])("%j -> %j", (input, expected) => {
    expect(formatOrganisationsnummer(input)).toBe(expected);
  });
});

describe("generateOrganisationsnummer", () => {
  test("known seeds", () => {
    expect(generateOrganisationsnummer(0)).toBe("7020123456");
    expect(generateOrganisationsnummer(1)).toBe("7020606161");
    expect(generateOrganisationsnummer(79_999_999)).toBe("7999640746");
  });

  test("gives distinct valid housing-association numbers", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 5000; seed++) {
      const number = generateOrganisationsnummer(seed);
      expect(number).toMatch(/^7\d[2-9]\d{7}$/);
      expect(isValidOrganisationsnummer(number)).toBe(true);
      seen.add(number);
    }
    expect(seen.size).toBe(5000);
  });

  test("is deterministic", () => {
    expect(generateOrganisationsnummer(123_456)).toBe(generateOrganisationsnummer(123_456));
  });

  test("handles large seeds", () => {
    const number = generateOrganisationsnummer(Number.MAX_SAFE_INTEGER);
    expect(isValidOrganisationsnummer(number)).toBe(true);
  });

  test.each([-1, 1.5, NaN, Infinity])("rejects seed %d", (seed) => {
    expect(() => generateOrganisationsnummer(seed)).toThrow(RangeError);
  });
});
