import { stockholmDateParts } from "./format";
import { formatOrganisationsnummer, isValidOrganisationsnummer } from "./organisationsnummer";
import { isValidPersonnummer } from "./personnummer";

export const IDENTIFIER_TYPES = ["SocialSecurityNumber", "OrganizationNumber", "Other"] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export type Identifier = { type: IdentifierType; value: string };

export type IdentifierMessageKey =
  | "identifier:personnummerRequired"
  | "identifier:personnummerInvalid"
  | "identifier:orgnrRequired"
  | "identifier:orgnrInvalid"
  | "identifier:otherRequired"
  | "identifier:checksumServer";

export function isIdentifierType(value: unknown): value is IdentifierType {
  return typeof value === "string" && (IDENTIFIER_TYPES as readonly string[]).includes(value);
}

/** Digits only, except for type Other, which is only trimmed. */
export function normalizeIdentifier(type: IdentifierType, value: string): string {
  return type === "Other" ? value.trim() : value.replace(/\D/g, "");
}

/** The i18next key of the message for an invalid identifier, or null when it is valid. */
export function validateIdentifier(
  type: IdentifierType,
  value: string,
  now?: Date,
): IdentifierMessageKey | null {
  const blank = value.trim() === "";
  switch (type) {
    case "SocialSecurityNumber":
      if (blank) return "identifier:personnummerRequired";
      return isValidPersonnummer(value, now) ? null : "identifier:personnummerInvalid";
    case "OrganizationNumber":
      if (blank) return "identifier:orgnrRequired";
      return isValidOrganisationsnummer(value) ? null : "identifier:orgnrInvalid";
    case "Other":
      return blank ? "identifier:otherRequired" : null;
  }
}

const SERVER_INVALID_PERSONNUMMER = "Invalid format of social security number.";

/** Maps a server-side validation message that has a Swedish text of its own to its key. */
export function identifierKeyForServerMessage(message: string): IdentifierMessageKey | null {
  return message.trim() === SERVER_INVALID_PERSONNUMMER ? "identifier:checksumServer" : null;
}

/**
 * Spec 02 §5, as written: a 10-digit personal number gets a century, unless its first two digits already
 * equal the current or the previous century; the century is the previous one when the current two-digit
 * year minus the number's first two digits is under 18, else the current one. Twelve digits are left
 * alone. Both get a hyphen before the last four digits. Organisation numbers only get the hyphen.
 */
export function formatIdentifierForDisplay(identifier: Identifier, now: Date = new Date()): string {
  switch (identifier.type) {
    case "OrganizationNumber":
      return formatOrganisationsnummer(identifier.value);
    case "Other":
      return identifier.value.trim();
    case "SocialSecurityNumber":
      return formatPersonnummerForDisplay(identifier.value, now);
  }
}

function formatPersonnummerForDisplay(value: string, now: Date): string {
  const digits = value.replace(/[\s+-]/g, "");
  if (!/^\d+$/.test(digits) || (digits.length !== 10 && digits.length !== 12)) return value.trim();
  const withCentury = digits.length === 10 ? centuryPrefix(digits, now) + digits : digits;
  return `${withCentury.slice(0, -4)}-${withCentury.slice(-4)}`;
}

function centuryPrefix(tenDigits: string, now: Date): string {
  const year = stockholmDateParts(now).year;
  const currentCentury = Math.floor(year / 100);
  const firstTwo = Number(tenDigits.slice(0, 2));
  if (firstTwo === currentCentury || firstTwo === currentCentury - 1) return "";
  const currentTwoDigitYear = year % 100;
  return String(currentTwoDigitYear - firstTwo < 18 ? currentCentury - 1 : currentCentury);
}
