import { formatOrganisationsnummer } from "~/lib/organisationsnummer";
import { formatPersonnummer, generatePersonnummer } from "~/lib/personnummer";
import { demoUsers } from "./users.server";

/**
 * The people of the demo transfers: private persons with valid personal numbers (their e-mail, phone and
 * address derived from the number, so they stay the same every run), the demo users as parties of their own
 * private transfers, estates, a company, and the brokers.
 */

export interface Person {
  first: string;
  last: string;
  identifierType: "SocialSecurityNumber" | "OrganizationNumber";
  /** 12 digits for a person, 10 for a company. */
  identifier: string;
  email: string | null;
  phone: string | null;
  street: string;
  postal: string;
  city: string;
}

const ADDRESSES: ReadonlyArray<readonly [string, string, string]> = [
  ["Hornsgatan 112", "117 28", "Stockholm"],
  ["Sankt Eriksgatan 61", "113 34", "Stockholm"],
  ["Bondegatan 9", "116 23", "Stockholm"],
  ["Vikingagatan 17", "113 42", "Stockholm"],
  ["Råsundavägen 88", "169 57", "Solna"],
  ["Landsvägen 41", "172 65", "Sundbyberg"],
  ["Ringvägen 145", "116 61", "Stockholm"],
  ["Tegnérgatan 12", "111 40", "Stockholm"],
  ["Kungsgatan 47", "753 21", "Uppsala"],
  ["Luthagsesplanaden 30", "752 27", "Uppsala"],
  ["Drottninggatan 51", "602 32", "Norrköping"],
  ["Kungsgatan 23", "411 19", "Göteborg"],
  ["Övre Husargatan 5", "413 14", "Göteborg"],
  ["Karl Johansgatan 70", "414 55", "Göteborg"],
  ["Frölunda Torg 9", "421 42", "Västra Frölunda"],
  ["Kungsbackavägen 31", "431 36", "Mölndal"],
];
const MAIL_DOMAINS = ["example.se", "mail.example", "telia.example", "bredband.example"];
const MOBILE_PREFIXES = ["070", "072", "073", "076"];

export function slug(text: string): string {
  return text
    .toLocaleLowerCase("sv-SE")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function digitSum(digits: string): number {
  return [...digits].reduce((sum, d) => sum + Number(d), 0);
}

function mobile(digits: string): string {
  const d = digits.slice(-7);
  return `${MOBILE_PREFIXES[Number(digits.slice(-1)) % 4]}-${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)}`;
}

/**
 * A person with a valid personal number for `birth` (YYYY-MM-DD) and serial group `n` (0–99); the gender digit
 * follows `sex`. E-mail, phone and address are derived from the number so that they stay the same every run.
 */
export function person(sex: "f" | "m", first: string, last: string, birth: string, n: number): Person {
  const [year, month, day] = birth.split("-").map(Number) as [number, number, number];
  const genderDigit = ((n % 5) * 2 + (sex === "m" ? 1 : 0)) % 10;
  const pnr = generatePersonnummer({ year, month, day }, n * 10 + genderDigit);
  return withContact(first, last, "SocialSecurityNumber", pnr);
}

export const f = (first: string, last: string, birth: string, n: number) =>
  person("f", first, last, birth, n);
export const m = (first: string, last: string, birth: string, n: number) =>
  person("m", first, last, birth, n);

function withContact(
  first: string,
  last: string,
  type: Person["identifierType"],
  identifier: string,
): Person {
  const sum = digitSum(identifier);
  const address = ADDRESSES[sum % ADDRESSES.length]!;
  return {
    first,
    last,
    identifierType: type,
    identifier,
    email: `${slug(first).replace(/-/g, "")}.${slug(last)}@${MAIL_DOMAINS[sum % MAIL_DOMAINS.length]}`,
    phone: mobile(identifier),
    street: address[0],
    postal: address[1],
    city: address[2],
  };
}

/** An existing demo user as a party (their own private transfer). */
export function demoPerson(userId: string): Person {
  const user = demoUsers.find((u) => u.id === userId);
  if (!user) throw new Error(`No demo user ${userId}`);
  return {
    ...withContact(user.first_name, user.last_name, "SocialSecurityNumber", user.personal_number),
    email: user.email ?? null,
  };
}

/** The estate of a deceased owner, identified by the deceased's personal number. */
export function estate(deceased: Person): Person {
  return { ...deceased, first: `Dödsbo efter ${deceased.first}`, email: null, phone: null };
}

export const company = (name: string, orgNumber: string): Person => ({
  ...withContact(name, "", "OrganizationNumber", orgNumber),
  email: `info@${slug(name).replace(/-ab$/, "")}.example`,
  phone: "031-711 42 00",
});

export interface Broker {
  first: string;
  last: string;
  office: string;
  domain: string;
}

export const BROKERS = {
  fastighetsbyran: {
    first: "Jenny",
    last: "Wallin",
    office: "Fastighetsbyrån Södermalm",
    domain: "fastighetsbyran.example",
  },
  notar: { first: "Marcus", last: "Törnqvist", office: "Notar Vasastan", domain: "notar.example" },
  svenskfast: {
    first: "Camilla",
    last: "Öhman",
    office: "Svensk Fastighetsförmedling Uppsala",
    domain: "svenskfast.example",
  },
  lansfast: {
    first: "Henrik",
    last: "Blom",
    office: "Länsförsäkringar Fastighetsförmedling Norrköping",
    domain: "lansfast.example",
  },
  bjurfors: {
    first: "Sara",
    last: "Ljungberg",
    office: "Bjurfors Göteborg Linné",
    domain: "bjurfors.example",
  },
  erikolsson: {
    first: "Johan",
    last: "Alm",
    office: "Erik Olsson Fastighetsförmedling Majorna",
    domain: "erikolsson.example",
  },
} satisfies Record<string, Broker>;

/** A person as the documents name them. */
export const displayIdentifier = (p: Person) =>
  p.identifierType === "OrganizationNumber"
    ? formatOrganisationsnummer(p.identifier)
    : formatPersonnummer(p.identifier);
export const fullName = (p: Person) => `${p.first} ${p.last}`.trim();
export const names = (people: Person[]) => people.map(fullName).join(" och ");
