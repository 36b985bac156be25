import { isIdentifierType, normalizeIdentifier } from "~/lib/identifier";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { parsePersonnummer } from "~/lib/personnummer";
import { PropertyManagerError, type Identifier, type ObjectSearchQuery } from "./types.server";

/** Longer "Other" identifiers are refused rather than sent on: a 20,000-character value is a 400. */
export const MAX_OTHER_IDENTIFIER_LENGTH = 100;

/**
 * The identifier as every manager system compares it: a personal number as 12 digits (a 10-digit one gets its
 * century), an organisation number as 10 digits (the registries' "16" prefix dropped), Other trimmed. Throws
 * `invalidRequest` for a value the identifier rules (app/lib) refuse, before any system is asked.
 */
export function normalizeIdentifierForSearch(
  identifier: Identifier,
  providerId = "portal",
  now: Date = new Date(),
): Identifier {
  const invalid = (message: string) => new PropertyManagerError(providerId, "invalidRequest", message);
  if (!isIdentifierType(identifier.type)) throw invalid("Unknown identifier type");
  if (typeof identifier.value !== "string") throw invalid("The identifier has no value");
  switch (identifier.type) {
    case "SocialSecurityNumber": {
      const parsed = parsePersonnummer(identifier.value, now);
      if (!parsed.ok) throw invalid(`Invalid personal number (${parsed.reason})`);
      return { type: "SocialSecurityNumber", value: parsed.value.normalized12 };
    }
    case "OrganizationNumber": {
      if (!isValidOrganisationsnummer(identifier.value)) throw invalid("Invalid organisation number");
      const digits = normalizeIdentifier("OrganizationNumber", identifier.value);
      return { type: "OrganizationNumber", value: digits.startsWith("16") ? digits.slice(2) : digits };
    }
    case "Other": {
      const value = normalizeIdentifier("Other", identifier.value);
      if (!value) throw invalid("The identifier is empty");
      if (value.length > MAX_OTHER_IDENTIFIER_LENGTH) throw invalid("The identifier is too long");
      return { type: "Other", value };
    }
  }
}

export function normalizeSearchQuery(
  query: ObjectSearchQuery,
  providerId = "portal",
  now: Date = new Date(),
): ObjectSearchQuery {
  const identifier = normalizeIdentifierForSearch(query.identifier, providerId, now);
  const raw = query.organisationNumber?.trim();
  if (!raw) return { identifier };
  if (!isValidOrganisationsnummer(raw)) {
    throw new PropertyManagerError(
      providerId,
      "invalidRequest",
      "Invalid organisation number of the association",
    );
  }
  const digits = raw.replace(/\D/g, "");
  return { identifier, organisationNumber: digits.startsWith("16") ? digits.slice(2) : digits };
}
