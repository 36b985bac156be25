import { stockholmDateParts } from "./format";

export type BirthDate = { year: number; month: number; day: number };

export type Personnummer = {
  /** YYYYMMDDNNNN; for a coordination number the day keeps its +60. */
  normalized12: string;
  isCoordinationNumber: boolean;
  /** The real date, with the coordination offset removed. */
  birthDate: BirthDate;
};

export type PersonnummerError = "format" | "date" | "checksum";

export type ParsePersonnummerResult =
  { ok: true; value: Personnummer } | { ok: false; reason: PersonnummerError };

const COORDINATION_DAY_OFFSET = 60;
// Minimum user age; see parsePersonnummer for why it decides the century.
const ADULT_AGE = 18;
const CENTENARIAN_AGE = 100;

/** Luhn (mod 10) check over a string of digits, weights 2,1,2,1… from the left for 10 digits. */
export function luhnChecksumValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  return luhnSum(digits, digits.length % 2 === 0) % 10 === 0;
}

/** The digit that makes `digits` + digit pass the Luhn check. */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`Not a digit string: ${digits}`);
  return (10 - (luhnSum(digits, digits.length % 2 === 1) % 10)) % 10;
}

function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[i]);
    if ((i % 2 === 0) === doubleFirst) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum;
}

function isRealDate({ year, month, day }: BirthDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

// Hyphen-minus plus the dashes that arrive when a number is pasted from a word processor.
const DASHES = /[-\u2010-\u2015\u2212]/g;

/**
 * Parses a Swedish personal identity number (personnummer) or coordination number (samordningsnummer):
 * YYYYMMDD-NNNN, YYMMDD-NNNN or YYMMDD+NNNN, with or without dashes and spaces.
 *
 * A 10-digit number has no century. Skatteverket's rule would take the latest matching year, but the
 * spec (02 §5) follows the portal's users, who are adults: the current century is used unless that makes
 * the person younger than 18 in `now`'s year, then the previous one. A "+" means 100 years or older.
 */
export function parsePersonnummer(input: string, now: Date = new Date()): ParsePersonnummerResult {
  const compact = input.replace(/\s+/g, "");
  const plus = /^(\d{6})\+(\d{4})$/.exec(compact);
  const digits = plus ? `${plus[1]}${plus[2]}` : compact.replace(DASHES, "");
  if (!/^\d+$/.test(digits)) return { ok: false, reason: "format" };

  let full: string;
  if (digits.length === 12) {
    if (!digits.startsWith("19") && !digits.startsWith("20")) return { ok: false, reason: "format" };
    full = digits;
  } else if (digits.length === 10) {
    const currentYear = stockholmDateParts(now).year;
    const twoDigitYear = Number(digits.slice(0, 2));
    full = `${birthYearFor(twoDigitYear, currentYear, plus !== null)}${digits.slice(2)}`;
  } else {
    return { ok: false, reason: "format" };
  }

  const year = Number(full.slice(0, 4));
  const month = Number(full.slice(4, 6));
  const rawDay = Number(full.slice(6, 8));
  const isCoordinationNumber = rawDay > COORDINATION_DAY_OFFSET;
  const birthDate = {
    year,
    month,
    day: isCoordinationNumber ? rawDay - COORDINATION_DAY_OFFSET : rawDay,
  };
  if (!isRealDate(birthDate) || isAfter(birthDate, stockholmDateParts(now))) {
    return { ok: false, reason: "date" };
  }

  if (!luhnChecksumValid(full.slice(2))) return { ok: false, reason: "checksum" };

  return { ok: true, value: { normalized12: full, isCoordinationNumber, birthDate } };
}

function birthYearFor(twoDigitYear: number, currentYear: number, centenarian: boolean): number {
  if (centenarian) {
    const latest = currentYear - CENTENARIAN_AGE;
    return latest - ((((latest - twoDigitYear) % 100) + 100) % 100);
  }
  const inCurrentCentury = Math.floor(currentYear / 100) * 100 + twoDigitYear;
  return currentYear - inCurrentCentury < ADULT_AGE ? inCurrentCentury - 100 : inCurrentCentury;
}

function isAfter(date: BirthDate, today: BirthDate): boolean {
  const key = (d: BirthDate) => d.year * 10_000 + d.month * 100 + d.day;
  return key(date) > key(today);
}

export function isValidPersonnummer(input: string, now?: Date): boolean {
  return parsePersonnummer(input, now).ok;
}

/** "191212121212" -> "19121212-1212". */
export function formatPersonnummer(normalized12: string): string {
  if (!/^\d{12}$/.test(normalized12)) {
    throw new RangeError(`Expected 12 digits, got ${normalized12}`);
  }
  return `${normalized12.slice(0, 8)}-${normalized12.slice(8)}`;
}

/**
 * A valid 12-digit personal identity number for a birth date and a three-digit serial (0–999), for seed
 * and test data. The serial's last digit is the gender digit (odd for men, even for women).
 */
export function generatePersonnummer(birth: BirthDate, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 999) {
    throw new RangeError(`serial must be an integer from 0 to 999, got ${serial}`);
  }
  const { year, month, day } = birth;
  if (![year, month, day].every(Number.isInteger) || year < 1900 || year > 2099 || !isRealDate(birth)) {
    throw new RangeError(`Not a birth date a personnummer can hold: ${year}-${month}-${day}`);
  }
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const first11 = `${year}${pad(month, 2)}${pad(day, 2)}${pad(serial, 3)}`;
  return `${first11}${luhnCheckDigit(first11.slice(2))}`;
}
