import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeIdentifier, validateIdentifier } from "./identifier";
import { luhnCheckDigit } from "./personnummer";

/**
 * The identifier rules of spec 03 §5.1, property-based. Generated valid numbers pass (with or without the hyphen,
 * coordination numbers too), and any single digit changed fails: the Luhn digit catches every single-digit error in
 * the last ten digits, and a changed century is not 19 or 20.
 */

const NOW = new Date("2026-11-25T12:00:00.000Z");
const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A real calendar date from 1900 up to yesterday, and whether to write it as a coordination number (day + 60). */
const birth = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2026-11-24T00:00:00Z"), noInvalidDate: true })
  .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));

const personnummer = fc
  .record({ birth, serial: fc.integer({ min: 0, max: 999 }), coordination: fc.boolean() })
  .map(({ birth: b, serial, coordination }) => {
    const first11 = `${b.year}${pad(b.month, 2)}${pad(b.day + (coordination ? 60 : 0), 2)}${pad(serial, 3)}`;
    return `${first11}${luhnCheckDigit(first11.slice(2))}`;
  });

/** An organisation number: first digit not 0, 4 or 6, a group digit 2 or more in third place, the Luhn digit. */
const organisationsnummer = fc
  .record({
    first: fc.constantFrom(1, 2, 3, 5, 7, 8, 9),
    second: fc.integer({ min: 0, max: 9 }),
    third: fc.integer({ min: 2, max: 9 }),
    rest: fc.integer({ min: 0, max: 999_999 }),
  })
  .map(({ first, second, third, rest }) => {
    const first9 = `${first}${second}${third}${pad(rest, 6)}`;
    return `${first9}${luhnCheckDigit(first9)}`;
  });

/** The number with the digit at `index` (mod its length) replaced by another digit. */
const withOneDigitChanged = (digits: string, index: number, delta: number) => {
  const at = index % digits.length;
  const changed = (Number(digits[at]) + 1 + (delta % 9)) % 10;
  return digits.slice(0, at) + String(changed) + digits.slice(at + 1);
};

describe("personal numbers (spec 03 §5.1)", () => {
  it("accepts every generated valid number (coordination numbers too), with or without the hyphen", () => {
    fc.assert(
      fc.property(personnummer, (pn) => {
        expect(validateIdentifier("SocialSecurityNumber", pn, NOW)).toBeNull();
        expect(
          validateIdentifier("SocialSecurityNumber", `${pn.slice(0, 8)}-${pn.slice(8)}`, NOW),
        ).toBeNull();
        expect(normalizeIdentifier("SocialSecurityNumber", ` ${pn.slice(0, 8)}-${pn.slice(8)} `)).toBe(pn);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses the number when any one digit is changed", () => {
    fc.assert(
      fc.property(personnummer, fc.nat(), fc.nat(), (pn, index, delta) => {
        const changed = withOneDigitChanged(pn, index, delta);
        expect(changed).not.toBe(pn);
        expect(validateIdentifier("SocialSecurityNumber", changed, NOW)).toBe(
          "identifier:personnummerInvalid",
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses 11 digits, letters and a blank value with the spec's keys", () => {
    fc.assert(
      fc.property(personnummer, (pn) => {
        expect(validateIdentifier("SocialSecurityNumber", pn.slice(1), NOW)).toBe(
          "identifier:personnummerInvalid",
        );
        expect(validateIdentifier("SocialSecurityNumber", `${pn.slice(0, 11)}X`, NOW)).toBe(
          "identifier:personnummerInvalid",
        );
      }),
      { numRuns: 200 },
    );
    expect(validateIdentifier("SocialSecurityNumber", "   ", NOW)).toBe("identifier:personnummerRequired");
    expect(validateIdentifier("SocialSecurityNumber", "1".repeat(20_000), NOW)).toBe(
      "identifier:personnummerInvalid",
    );
  });
});

describe("organisation numbers (spec 03 §5.1)", () => {
  it("accepts every generated valid number, with or without hyphen", () => {
    fc.assert(
      fc.property(organisationsnummer, (on) => {
        expect(validateIdentifier("OrganizationNumber", on)).toBeNull();
        expect(validateIdentifier("OrganizationNumber", `${on.slice(0, 6)}-${on.slice(6)}`)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("refuses the number when any one digit is changed", () => {
    fc.assert(
      fc.property(organisationsnummer, fc.nat(), fc.nat(), (on, index, delta) => {
        const changed = withOneDigitChanged(on, index, delta);
        expect(validateIdentifier("OrganizationNumber", changed)).toBe("identifier:orgnrInvalid");
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses 11 digits and a first digit 0, 4 or 6", () => {
    fc.assert(
      fc.property(organisationsnummer, fc.constantFrom("0", "4", "6"), (on, first) => {
        expect(validateIdentifier("OrganizationNumber", `${on}1`)).toBe("identifier:orgnrInvalid");
        const rest = on.slice(1, 9);
        const bad = `${first}${rest}${luhnCheckDigit(`${first}${rest}`)}`;
        expect(validateIdentifier("OrganizationNumber", bad)).toBe("identifier:orgnrInvalid");
      }),
      { numRuns: 300 },
    );
  });
});

describe("other identifiers", () => {
  it("accept any non-blank value, trimmed", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (value) => {
          expect(validateIdentifier("Other", value)).toBeNull();
          expect(normalizeIdentifier("Other", `  ${value}  `)).toBe(value.trim());
        },
      ),
    );
    expect(validateIdentifier("Other", " \t ")).toBe("identifier:otherRequired");
  });
});
