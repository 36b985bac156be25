import { stockholmDateParts } from "~/lib/format";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { parsePersonnummer } from "~/lib/personnummer";
import { CompanyRegistryError } from "./types.server";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** The registry keeps Swedish calendar dates, so "today" is today in Stockholm, wherever the server runs. */
export function todayInSweden(now: Date): string {
  const { year, month, day } = stockholmDateParts(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** ISO dates compare correctly as strings. `to` is the last day on the board. */
export function isCurrentOn(period: { from: string; to: string | null }, today: string): boolean {
  return period.from <= today && (period.to === null || period.to >= today);
}

/** The 12-digit form of a personal or coordination number, or an invalidRequest error. */
export function normalizePersonalNumber(input: string, now: Date): string {
  const parsed = parsePersonnummer(input, now);
  if (!parsed.ok) {
    throw new CompanyRegistryError("invalidRequest", `Not a personal number (${parsed.reason})`);
  }
  return parsed.value.normalized12;
}

/**
 * The 10-digit form of an association's organisation number, or an invalidRequest error. The "16"
 * century prefix is dropped; a sole trader's number (a personal number) cannot belong to an association.
 */
export function normalizeOrganisationNumber(input: string): string {
  if (!isValidOrganisationsnummer(input)) {
    throw new CompanyRegistryError("invalidRequest", "Not an organisation number");
  }
  const digits = input.replace(/[\s-]/g, "");
  if (digits.length === 10) return digits;
  if (digits.startsWith("16")) return digits.slice(2);
  throw new CompanyRegistryError("invalidRequest", "A sole trader's number is not an association's");
}
