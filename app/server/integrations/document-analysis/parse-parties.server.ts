import type { ExtractedPerson } from "./types.server";
import { escapeRegExp, readIdentifier, readShare } from "./parse-values.server";

// The parties of an agreement (decision 020): its party lines, and the sentences that say who gives and who
// receives.

export type PartyRole = "transferor" | "acquirer" | "spouse" | "applicant" | "guarantor";

export interface ReadParty {
  role: PartyRole;
  /** The label as written, lower case ("säljare", "dödsbo"). */
  label: string;
  person: ExtractedPerson;
  /** The name as written (first and last joined), to find the person again in sentences. */
  fullName: string;
}

export const PARTY_LABELS: ReadonlyArray<readonly [PartyRole, readonly string[]]> = [
  ["transferor", ["säljare(?:n|na)?", "överlåtare(?:n|na)?", "givare(?:n|na)?", "gåvogivare(?:n)?"]],
  ["transferor", ["dödsbo(?:et)?", "den avlidne", "avliden", "arvlåtare(?:n)?"]],
  [
    "acquirer",
    [
      "köpare(?:n|na)?",
      "förvärvare(?:n|na)?",
      "gåvotagare(?:n|na)?",
      "gåvomottagare(?:n|na)?",
      "arvinge(?:n|ar|arna)?",
      "arvtagare(?:n|na)?",
      "dödsbodelägare(?:n|na)?",
    ],
  ],
  ["spouse", ["make\\s*/\\s*maka", "make", "maka", "sambo", "part"]],
  ["applicant", ["sökande(?:n)?", "medlemssökande"]],
  ["guarantor", ["borgensman(?:nen)?", "borgensmän", "borgensgivare(?:n)?", "borgenär för köparen"]],
];

/** Words between a name and its number that are not part of the name. */
const IDENTIFIER_WORDS =
  /[\s,(]*(?:pers(?:on)?(?:nummer|nr)\.?|personnr\.?|p-?nr\.?|pnr\.?|samordningsnummer|samordningsnr\.?|org(?:anisations)?\.?\s*(?:nummer|nr)\.?|född)?[\s:,(]*$/iu;

function splitName(name: string, isOrganisation: boolean): { firstName: string; lastName: string } {
  if (isOrganisation) return { firstName: name, lastName: "" };
  const words = name.split(" ");
  if (words.length === 1) return { firstName: "", lastName: words[0]! };
  return { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1)! };
}

function readParty(
  role: PartyRole,
  label: string,
  value: string,
  colon: boolean,
  now: Date,
): ReadParty | null {
  const identifier = readIdentifier(value, now);
  // Without a number, only "Label: Name" is a party line ("Köparen har beretts tillfälle …" is a sentence).
  if (!identifier && !colon) return null;
  const rawName = identifier ? value.slice(0, identifier.index) : value.split(/[,;(]/)[0]!;
  const name = rawName
    .replace(IDENTIFIER_WORDS, "")
    .replace(/[\s,;:]+$/, "")
    .trim();
  // A name is words of letters (a company may add digits and "&"); anything else is not a party line.
  if (name === "" || name.split(" ").length > 6 || !/^[\p{L}][\p{L}\p{M}0-9 .'&-]*$/u.test(name)) return null;
  const rest = identifier ? value.slice(identifier.index + identifier.length) : value.slice(rawName.length);
  const isOrganisation = identifier?.kind === "organisationsnummer";
  return {
    role,
    label: label.toLocaleLowerCase("sv-SE"),
    fullName: name,
    person: {
      ...splitName(name, isOrganisation),
      identifier: identifier?.value ?? null,
      share: /andel|%|procent|\d\s*\/\s*\d|½/iu.test(rest) ? readShare(rest) : null,
    },
  };
}

const PEOPLE_SEPARATOR = /\s*(?:;|,?\s+och\s+|,?\s+samt\s+)\s*/iu;

/**
 * The people of one party line. Several may share it ("Per Ek, 19850709-9805 och Åsa Ek, 19810212-1236"): each
 * number starts a person, and text without a number belongs to the person before it. Names without numbers are
 * split only when every part is a whole name ("Per Ek och Åsa Ek"); "Per och Åsa Ek" is not read at all.
 */
export function readParties(
  role: PartyRole,
  { label, value, colon }: { label: string; value: string; colon: boolean },
  now: Date,
): ReadParty[] {
  const parts = value.split(PEOPLE_SEPARATOR).filter((part) => part !== "");
  const numbered = parts.map((part) => readIdentifier(part, now) !== null);
  const single = () => {
    const party = readParty(role, label, value, colon, now);
    return party ? [party] : [];
  };
  if (parts.length < 2) return single();
  if (numbered.filter(Boolean).length >= 2) {
    const groups: string[] = [];
    parts.forEach((part, i) => {
      if (numbered[i] || groups.length === 0) groups.push(part);
      else groups[groups.length - 1] += ` och ${part}`;
    });
    const people = groups.map((group) => readParty(role, label, group, colon, now));
    return people.every((p) => p !== null) ? (people as ReadParty[]) : [];
  }
  if (numbered.some(Boolean)) return single();
  if (!colon) return [];
  if (parts.every((part) => /^[\p{L}][\p{L}\p{M}.'-]*(?: [\p{L}][\p{L}\p{M}.'-]*)+$/u.test(part))) {
    const people = parts.map((part) => readParty(role, label, part, colon, now));
    return people.every((p) => p !== null) ? (people as ReadParty[]) : [];
  }
  // A company's name may hold "och" ("Berg och Son AB"); one part without a space before it is a first name alone.
  return parts.some((part) => !part.includes(" ")) ? [] : single();
}

const TRANSFER_VERBS = /tillfaller|övertar|erhåller|tilldelas|överförs till|överlåts till/iu;

/**
 * A bodelning names both spouses the same way ("Make/maka"); who gives and who receives is in a sentence:
 * "tillfaller Anna Svenssons andel 1/2 av bostadsrätten Per Svensson", "Per Svensson övertar Annas andel".
 * The spouses named just before "s andel" (one, or a list joined by "och" or commas), or before "överlåter" or
 * "avstår", give; the other spouses named in that sentence receive. A spouse no sentence places stays out of
 * both lists. The share in "s andel 1/2" is the givers' only when one spouse gives.
 */
export function classifySpouses(lines: string[], parties: ReadParty[]): void {
  const spouses = parties.filter((p) => p.role === "spouse");
  if (spouses.length === 0) return;
  const name = `(?:${spouses.map((p) => escapeRegExp(p.fullName)).join("|")})`;
  const giving = new RegExp(
    `(${name}(?:\\s*(?:,|och)\\s*${name})*)(?:(?:s|')\\s+(?:andel|del|hälft)(?:\\s+([^.]*?)\\s+(?:av|i)\\b)?|\\s+(?:överlåter|avstår))`,
    "iu",
  );
  const sentences = lines.join(" ").split(/(?<=\.)\s+/);
  for (const sentence of sentences) {
    if (!TRANSFER_VERBS.test(sentence)) continue;
    const match = giving.exec(sentence);
    if (!match) continue;
    const givers = spouses.filter((p) => match[1]!.includes(p.fullName));
    for (const giver of givers) {
      giver.role = "transferor";
      if (givers.length === 1 && match[2] !== undefined && giver.person.share === null) {
        giver.person.share = readShare(match[2]);
      }
    }
    for (const spouse of spouses) {
      if (spouse.role === "spouse" && sentence.includes(spouse.fullName)) spouse.role = "acquirer";
    }
  }
}

/** "Givaren överlåter som gåva sin andel 1/2": the share of the one giver. */
export function readGiftShares(lines: string[], parties: ReadParty[], category: string | null): void {
  if (category !== "DeedOfGift") return;
  const givers = parties.filter((p) => p.role === "transferor");
  if (givers.length !== 1 || givers[0]!.person.share !== null) return;
  const match = /\b(?:sin|hela sin|min)\s+andel\s+([^.]*?)\s+(?:av|i)\b/iu.exec(lines.join(" "));
  if (match) givers[0]!.person.share = readShare(match[1]!);
}
