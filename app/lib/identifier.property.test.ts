import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeIdentifier, validateIdentifier } from "./identifier";
import { generateOrganisationsnummer, isValidOrganisationsnummer } from "./organisationsnummer";
import { generatePersonnummer, isValidPersonnummer, luhnCheckDigit, parsePersonnummer } from "./personnummer";

// 21 November 2026, midday in Stockholm, as in personnummer.test.ts.
const NOW = new Date("2026-11-21T12:00:00Z");

const birthDate = (minYear: number, maxYear: number) =>
  fc.record({
    year: fc.integer({ min: minYear, max: maxYear }),
    month: fc.integer({ min: 1, max: 12 }),
    // 28 keeps every month real; the date rules have their own example tests.
    day: fc.integer({ min: 1, max: 28 }),
  });
const serial = fc.integer({ min: 0, max: 999 });
const personnummer = fc.tuple(birthDate(1900, 2025), serial).map(([b, s]) => generatePersonnummer(b, s));

/** Every number that differs from `digits` in exactly one of the positions from `from` on. */
function singleDigitChanges(digits: string, from: number): string[] {
  const changed: string[] = [];
  for (let i = from; i < digits.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== digits[i]) changed.push(`${digits.slice(0, i)}${d}${digits.slice(i + 1)}`);
    }
  }
  return changed;
}

describe("personal numbers, generated", () => {
  it("a generated number is valid, with or without the hyphen", () => {
    fc.assert(
      fc.property(personnummer, (pnr) => {
        expect(isValidPersonnummer(pnr, NOW)).toBe(true);
        expect(isValidPersonnummer(`${pnr.slice(0, 8)}-${pnr.slice(8)}`, NOW)).toBe(true);
        expect(validateIdentifier("SocialSecurityNumber", pnr, NOW)).toBeNull();
      }),
    );
  });

  it("any single digit changed among the ten the checksum covers makes it invalid", () => {
    fc.assert(
      fc.property(personnummer, (pnr) => {
        for (const changed of singleDigitChanges(pnr, 2))
          expect(isValidPersonnummer(changed, NOW)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it("a coordination number (day + 60) with its own check digit is valid, and the same rule holds", () => {
    fc.assert(
      fc.property(birthDate(1900, 2025), serial, (b, s) => {
        const pnr = generatePersonnummer(b, s);
        const first11 = `${pnr.slice(0, 6)}${String(b.day + 60)}${pnr.slice(8, 11)}`;
        const coordination = `${first11}${luhnCheckDigit(first11.slice(2))}`;
        const parsed = parsePersonnummer(coordination, NOW);
        expect(parsed.ok && parsed.value.isCoordinationNumber).toBe(true);
        for (const changed of singleDigitChanges(coordination, 2)) {
          expect(isValidPersonnummer(changed, NOW)).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("an adult's ten-digit form means the same twelve-digit number", () => {
    fc.assert(
      fc.property(fc.tuple(birthDate(1928, 2007), serial), ([b, s]) => {
        const pnr = generatePersonnummer(b, s);
        const parsed = parsePersonnummer(`${pnr.slice(2, 8)}-${pnr.slice(8)}`, NOW);
        expect(parsed.ok && parsed.value.normalized12).toBe(pnr);
      }),
    );
  });
});

describe("organisation numbers, generated", () => {
  const orgnr = fc.integer({ min: 0, max: 79_999_999 }).map(generateOrganisationsnummer);

  it("a generated number is valid and normalises to its digits", () => {
    fc.assert(
      fc.property(orgnr, (n) => {
        const typed = `${n.slice(0, 6)}-${n.slice(6)}`;
        expect(isValidOrganisationsnummer(typed)).toBe(true);
        expect(validateIdentifier("OrganizationNumber", typed)).toBeNull();
        expect(normalizeIdentifier("OrganizationNumber", typed)).toBe(n);
      }),
    );
  });

  it("any single digit changed makes it invalid", () => {
    fc.assert(
      fc.property(orgnr, (n) => {
        for (const changed of singleDigitChanges(n, 0))
          expect(isValidOrganisationsnummer(changed)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe("Other identifiers", () => {
  it("are only trimmed, and required", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(normalizeIdentifier("Other", value)).toBe(value.trim());
        expect(validateIdentifier("Other", value)).toBe(
          value.trim() === "" ? "identifier:otherRequired" : null,
        );
      }),
    );
  });
});
