import { isValidPersonnummer, luhnCheckDigit, luhnChecksumValid } from "./personnummer";

const FORBIDDEN_FIRST_DIGITS = new Set(["0", "4", "6"]);

function digitsOf(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * Swedish organisation number: 10 digits, first digit not 0, 4 or 6 (spec 01 §5), Luhn over all 10.
 * Twelve digits are accepted in two forms only, each checked as what it is: "16" followed by a valid
 * 10-digit number (the form registries use), or "19"/"20" followed by the rest of a valid personal number,
 * because a sole trader's organisation number is the owner's personnummer. Other 12-digit prefixes are
 * rejected, although the spec's short rule alone would let some of them through.
 */
export function isValidOrganisationsnummer(input: string): boolean {
  const digits = digitsOf(input);
  if (digits === null) return false;
  if (digits.length === 10) {
    return !FORBIDDEN_FIRST_DIGITS.has(digits[0] ?? "") && luhnChecksumValid(digits);
  }
  if (digits.length === 12) {
    if (digits.startsWith("16")) return isValidOrganisationsnummer(digits.slice(2));
    if (digits.startsWith("19") || digits.startsWith("20")) return isValidPersonnummer(digits);
  }
  return false;
}

/** "5566778899" -> "556677-8899": a hyphen before the last four digits and nothing else. */
export function formatOrganisationsnummer(input: string): string {
  const digits = digitsOf(input);
  if (digits === null || digits.length < 5) return input.trim();
  return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
}

// 8 * 10^7 bodies: the 2nd digit and digits 4-9 are free, the 3rd is 2-9 as in real registrations.
const BODY_COUNT = 80_000_000;
// Coprime with BODY_COUNT (= 2^10 * 5^7), so seed -> body is a bijection that does not look sequential.
const SCRAMBLE = 48_271;

/**
 * A valid organisation number for a housing association (group 7, e.g. "769612-3456"), unique for every
 * seed from 0 to 79 999 999 and the same every time for the same seed. Returned as 10 digits.
 */
export function generateOrganisationsnummer(seed: number): string {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed must be a non-negative safe integer, got ${seed}`);
  }
  const body = ((seed % BODY_COUNT) * SCRAMBLE + 12_345) % BODY_COUNT;
  const thirdDigit = 2 + Math.floor(body / 10_000_000);
  const free = String(body % 10_000_000).padStart(7, "0");
  const first9 = `7${free[0]}${thirdDigit}${free.slice(1)}`;
  return `${first9}${luhnCheckDigit(first9)}`;
}
