import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { parsePersonnummer } from "~/lib/personnummer";
import type { AgreementExtraction, ExtractedPerson } from "./types.server";

/**
 * Rule-based reading of a Swedish agreement's text (decision 020): labelled lines ("Säljare: …", "Köpeskilling:
 * …", "Tillträdesdag …") and a few sentences a bodelning or gåvobrev uses. Labels are matched with or without a
 * colon, in any case, with any spacing; amounts as "2 450 000 kr", "2.450.000 SEK", "2 450 000:-"; dates as
 * 2026-03-01, 2026/03/01, 1/3 2026 or "1 mars 2026". What the text does not say is null: nothing is guessed.
 */

export type PartyRole = "transferor" | "acquirer" | "spouse" | "applicant" | "guarantor";

export interface ReadParty {
  role: PartyRole;
  /** The label as written, lower case ("säljare", "dödsbo"). */
  label: string;
  person: ExtractedPerson;
  /** The name as written (first and last joined), to find the person again in sentences. */
  fullName: string;
}

export type Clauses = AgreementExtraction["clauses"];

/** What one document's text says. */
export interface ReadDocument {
  detectedCategory: string | null;
  parties: ReadParty[];
  purchasePrice: number | null;
  /** A date the text labels as the contract's (Avtalsdatum, Köpekontrakt daterat …). */
  contractDate: string | null;
  /** The date of signing (Ort och datum, Datum, Undertecknat). */
  signedOn: string | null;
  entryDate: string | null;
  objectNumber: string | null;
  associationOrganisationNumber: string | null;
  /** The share a membership application says the applicant acquires ("Andel som förvärvas"). */
  appliedShare: number | null;
  clauses: Clauses;
}

// ---- Small readers

const normalise = (line: string) =>
  line
    .normalize("NFC")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "Label: value", "Label value", "Label - value": the value when the line opens with one of the labels. */
function labelled(
  line: string,
  labels: readonly string[],
): { label: string; value: string; colon: boolean } | null {
  for (const label of labels) {
    const match = new RegExp(`^(${label})\\s*(:|-(?=\\s)|\\s)\\s*(.*)$`, "iu").exec(line);
    if (match) return { label: match[1]!, value: match[3]!.trim(), colon: /^[:-]$/.test(match[2]!) };
  }
  return null;
}

const MONTHS = [
  "januari",
  "februari",
  "mars",
  "april",
  "maj",
  "juni",
  "juli",
  "augusti",
  "september",
  "oktober",
  "november",
  "december",
];
const MONTH_ABBREVIATIONS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "maj",
  "jun",
  "jul",
  "aug",
  "sep",
  "okt",
  "nov",
  "dec",
];

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const DATE_PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string | null]> = [
  [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, (m) => isoDate(+m[1]!, +m[2]!, +m[3]!)],
  [
    new RegExp(
      `\\b(\\d{1,2})(?::e|:a)?\\s+(${MONTHS.join("|")}|${MONTH_ABBREVIATIONS.join("|")})\\.?\\s+(\\d{4})\\b`,
      "iu",
    ),
    (m) => {
      const name = m[2]!.toLocaleLowerCase("sv-SE");
      const month = MONTHS.indexOf(name) + 1 || MONTH_ABBREVIATIONS.indexOf(name) + 1;
      return isoDate(+m[3]!, month, +m[1]!);
    },
  ],
  // Day/month year, the Swedish short form: 1/3 2026, 1/3-2026.
  [/\b(\d{1,2})\/(\d{1,2})[\s-](\d{4})\b/, (m) => isoDate(+m[3]!, +m[2]!, +m[1]!)],
];

/** The first date written in `text`, as YYYY-MM-DD; null when none, or when the date does not exist. */
export function readDate(text: string): string | null {
  let best: { index: number; value: string | null } | null = null;
  for (const [pattern, toIso] of DATE_PATTERNS) {
    const match = pattern.exec(text);
    if (match && (best === null || match.index < best.index))
      best = { index: match.index, value: toIso(match) };
  }
  return best?.value ?? null;
}

const AMOUNT =
  /^(?:(?:SEK|kr\.?)\s*)?(\d{1,3}(?:[ .]\d{3})+|\d+)(?:,(\d{1,2}|-{1,2}))?(?:\s*(?::-|kr\b\.?|kronor\b|SEK\b))?/iu;

/** An amount in whole kronor at the start of `text`; needs a currency unless it is the whole value. */
export function readAmount(text: string): number | null {
  const value = text.trim();
  const match = AMOUNT.exec(value);
  if (!match) return null;
  const hasCurrency = /(:-|kr|kronor|SEK)/iu.test(match[0]);
  const rest = value.slice(match[0].length).trim();
  if (!hasCurrency && rest !== "" && !/^[.,;]/.test(rest)) return null;
  const ore = match[2];
  if (ore !== undefined && /^\d+$/.test(ore) && Number(ore) !== 0) return null;
  const kronor = Number(match[1]!.replace(/[ .]/g, ""));
  return Number.isSafeInteger(kronor) ? kronor : null;
}

/** A share written as 1/2, ½, 50 %, 50,5 procent or "hela"; a fraction in [0, 1], else null. */
export function readShare(text: string): number | null {
  const fraction = /(\d+)\s*\/\s*(\d+)(?!\s*\d{4}\b)/.exec(text);
  const percent = /(\d{1,3}(?:[.,]\d+)?)\s*(?:%|procent)/iu.exec(text);
  const candidates: Array<{ index: number; value: number }> = [];
  if (fraction) {
    const n = Number(fraction[1]);
    const d = Number(fraction[2]);
    if (d > 0 && n <= d) candidates.push({ index: fraction.index, value: n / d });
  }
  if (percent) {
    const p = Number(percent[1]!.replace(",", "."));
    if (p >= 0 && p <= 100) candidates.push({ index: percent.index, value: p / 100 });
  }
  const half = /½/.exec(text);
  if (half) candidates.push({ index: half.index, value: 0.5 });
  const whole = /\bhela\b/iu.exec(text);
  if (whole) candidates.push({ index: whole.index, value: 1 });
  candidates.sort((a, b) => a.index - b.index);
  return candidates[0]?.value ?? null;
}

// Personnummer: YYYYMMDD-NNNN, YYMMDD-NNNN, YYMMDD+NNNN, with or without the dash, or spaced.
const IDENTIFIER = /(?<!\d)((?:19|20)?\d{6}\s?[-+]?\s?\d{4})(?!\d)/u;

interface ReadIdentifier {
  value: string;
  kind: "personnummer" | "organisationsnummer" | "other";
  index: number;
  length: number;
}

/** A personnummer (or samordningsnummer) as 12 digits; an organisation number as 10; else the digits as read. */
export function readIdentifier(text: string, now: Date): ReadIdentifier | null {
  const match = IDENTIFIER.exec(text);
  if (!match) return null;
  const raw = match[1]!;
  const parsed = parsePersonnummer(raw, now);
  const digits = raw.replace(/\D/g, "");
  const base = { index: match.index, length: raw.length };
  if (parsed.ok) return { ...base, value: parsed.value.normalized12, kind: "personnummer" };
  if (digits.length === 10 && isValidOrganisationsnummer(digits)) {
    return { ...base, value: digits, kind: "organisationsnummer" };
  }
  return { ...base, value: raw.replace(/\s/g, ""), kind: "other" };
}

// ---- Parties

const PARTY_LABELS: ReadonlyArray<readonly [PartyRole, readonly string[]]> = [
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
function readParties(
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

// ---- Categories, clauses

const CATEGORY_TITLES: ReadonlyArray<readonly [string, RegExp]> = [
  ["AdditionalAgreement", /tilläggsavtal/iu],
  ["MembershipApplication", /ansökan om medlemskap|medlemsansökan|medlemskapsansökan|inträdesansökan/iu],
  ["EstateDistribution", /arvskifte/iu],
  ["EstateInventory", /bouppteckning/iu],
  ["DeedOfGift", /gåvobrev|gåvoavtal|gåvohandling/iu],
  ["DivisionOfPropertyAgreement", /bodelning/iu],
  ["PersonalGuarantee", /borgensförbindelse|borgensåtagande/iu],
  ["TransferAgreement", /överlåtelseavtal|köpekontrakt|köpeavtal|avtal om överlåtelse|köpebrev/iu],
];

/** What the document calls itself in its heading (its first lines). */
function detectCategory(lines: string[]): string | null {
  const heading = lines.slice(0, 5);
  for (const line of heading) {
    for (const [category, pattern] of CATEGORY_TITLES) if (pattern.test(line)) return category;
  }
  return null;
}

const CLAUSES: ReadonlyArray<readonly [keyof Clauses, RegExp]> = [
  [
    "cancellationAgreement",
    /hävningsavtal|avtal om hävning|hävning av (?:köpet|avtalet|överlåtelsen)|(?:köpet|avtalet|överlåtelsen) (?:har )?(?:hävts|hävs|återgår|återgått)|återgång av (?:köpet|överlåtelsen)/iu,
  ],
  [
    "guarantor",
    /\bborgen\b|borgensman|borgensmän|borgensförbindelse|borgensåtagande|proprieborgen|går i borgen/iu,
  ],
  // "Förvaltare" alone is also the association's property manager; only a förvaltare for a party counts.
  [
    "trustee",
    /\bgod man\b|\bgode män\b|förmyndare|förvaltarskap|förvaltare (?:enligt föräldrabalken|för (?:säljaren|köparen|givaren|gåvotagaren|arvingen|parten|maken|makan))/iu,
  ],
  ["powerOfAttorney", /fullmakt|fullmäktig|\bombud\b/iu],
  [
    "privateAgreement",
    /privat (?:försäljning|överlåtelse|affär)|privatförsäljning|utan (?:medverkan av )?(?:fastighets)?mäklare|ingen mäklare/iu,
  ],
];

// ---- Values

const PRICE =
  /(?<!\p{L})(?:köpeskilling(?:en)?|köpesumma(?:n)?|köpeskillingen uppgår till|överlåtelsepris(?:et)?|pris(?:et)?)\s*(?::|uppgår till|är|om|=)?\s*/iu;
const ENTRY_LABELS = [
  "tillträdesdag(?:en)?",
  "tillträdesdatum",
  "tillträde(?:t)?",
  "dag för tillträde",
  "datum för tillträde",
];
const CONTRACT_LABELS = [
  "avtalsdatum",
  "kontraktsdatum",
  "köpekontrakt(?:et)? daterat",
  "datum för avtalet",
  "datum för överlåtelsen",
  "överlåtelsedatum",
  "gåvodatum",
  "bodelningsdatum",
  "arvskiftesdatum",
];
const SIGNED_LABELS = ["ort och datum", "datum och ort", "datum", "undertecknat", "undertecknad"];

function readPrice(line: string): number | null {
  const pattern = new RegExp(PRICE.source, "giu");
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    const amount = readAmount(line.slice(match.index + match[0].length));
    if (amount !== null) return amount;
  }
  return null;
}

/** A date after one of the labels anywhere in the line ("… Tillträdesdag: 2026-12-20."). */
function readLabelledDate(line: string, labels: readonly string[]): string | null {
  const pattern = new RegExp(`(?:^|[\\s.,;])(?:${labels.join("|")})\\s*(?::|är|den|-)?\\s*`, "iu");
  const match = pattern.exec(line);
  if (!match) return null;
  const after = line.slice(match.index + match[0].length);
  // The date opens the value (a city may come first in "Ort och datum: Stockholm, 2026-03-01").
  const value = after.split(/\.\s|;/)[0]!;
  return readDate(value);
}

const OBJECT_PATTERNS = [
  /\bobjekts?(?:nummer|nr\.?| nr\.?)\s*:?\s*([0-9][0-9A-Za-z]*(?:[-/][0-9A-Za-z]+)*)/iu,
  /\b(?:lägenhetsnummer|lägenhetsnr\.?|lgh\.?\s*nr\.?|lgh\.?)\s*:?\s*([0-9][0-9A-Za-z]*(?:[-/][0-9A-Za-z]+)*)/iu,
  /(?<!\p{L})lägenhet\s+(?:nr\.?\s*)?(\d{3,5})\b/iu,
];

const ORGANISATION_NUMBER = /\b(?:org(?:anisations)?\.?\s*(?:nummer|nr)\.?|orgnr)\s*:?\s*(\d{6}-?\d{4})\b/iu;

const MAX_LINE = 1000;

/** Reads one document's lines (all pages, in order). */
export function readDocument(pages: string[][], now: Date): ReadDocument {
  // A line longer than any agreement's is not one the rules read; the cap keeps every pattern linear in practice.
  const lines = pages
    .flat()
    .map((line) => normalise(line).slice(0, MAX_LINE))
    .filter((line) => line !== "");
  const text = lines.join("\n");
  const parties: ReadParty[] = [];
  const result: ReadDocument = {
    detectedCategory: detectCategory(lines),
    parties,
    purchasePrice: null,
    contractDate: null,
    signedOn: null,
    entryDate: null,
    objectNumber: null,
    associationOrganisationNumber: null,
    appliedShare: null,
    clauses: {
      cancellationAgreement: false,
      guarantor: false,
      trustee: false,
      estateOfDeceased: false,
      powerOfAttorney: false,
      privateAgreement: false,
    },
  };
  let lgh: string | null = null;
  let apartment: string | null = null;
  let anyOrganisationNumber: string | null = null;

  for (const line of lines) {
    let people: ReadParty[] = [];
    for (const [role, labels] of PARTY_LABELS) {
      const found = labelled(line, labels);
      if (found) {
        people = readParties(role, found, now);
        if (people.length > 0) break;
      }
    }
    if (people.length > 0) {
      parties.push(...people);
      continue;
    }
    result.purchasePrice ??= readPrice(line);
    result.entryDate ??= readLabelledDate(line, ENTRY_LABELS);
    result.contractDate ??= readLabelledDate(line, CONTRACT_LABELS);
    if (labelled(line, SIGNED_LABELS)) result.signedOn ??= readLabelledDate(line, SIGNED_LABELS);
    const applied = labelled(line, [
      "andel som förvärvas",
      "förvärvad andel",
      "andel",
      "andel av bostadsrätten",
    ]);
    if (applied) result.appliedShare ??= readShare(applied.value);
    for (const [index, pattern] of OBJECT_PATTERNS.entries()) {
      const match = pattern.exec(line);
      if (!match) continue;
      if (index === 0) result.objectNumber ??= match[1]!;
      else if (index === 1) lgh ??= match[1]!;
      else apartment ??= match[1]!;
    }
    const organisation = ORGANISATION_NUMBER.exec(line);
    if (organisation) {
      const digits = organisation[1]!.replace("-", "");
      if (/förening|brf\b/iu.test(line)) result.associationOrganisationNumber ??= digits;
      else anyOrganisationNumber ??= digits;
    }
  }
  result.objectNumber ??= lgh ?? apartment;
  // An organisation number named on a line of its own belongs to the association when nothing else is said.
  result.associationOrganisationNumber ??= anyOrganisationNumber;

  for (const [clause, pattern] of CLAUSES) result.clauses[clause] = pattern.test(text);
  result.clauses.estateOfDeceased =
    parties.some(
      (p) => p.role === "transferor" && (/^dödsbo/u.test(p.label) || /^dödsbo/iu.test(p.fullName)),
    ) || parties.some((p) => p.role !== "transferor" && /^dödsbo(?!delägare)/iu.test(p.fullName));

  classifySpouses(lines, parties);
  readGiftShares(lines, parties, result.detectedCategory);
  return result;
}

const TRANSFER_VERBS = /tillfaller|övertar|erhåller|tilldelas|överförs till|överlåts till/iu;

/**
 * A bodelning names both spouses the same way ("Make/maka"); who gives and who receives is in a sentence:
 * "tillfaller Anna Svenssons andel 1/2 av bostadsrätten Per Svensson", "Per Svensson övertar Annas andel".
 * The spouses named just before "s andel" (one, or a list joined by "och" or commas), or before "överlåter" or
 * "avstår", give; the other spouses named in that sentence receive. A spouse no sentence places stays out of
 * both lists. The share in "s andel 1/2" is the givers' only when one spouse gives.
 */
function classifySpouses(lines: string[], parties: ReadParty[]): void {
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
function readGiftShares(lines: string[], parties: ReadParty[], category: string | null): void {
  if (category !== "DeedOfGift") return;
  const givers = parties.filter((p) => p.role === "transferor");
  if (givers.length !== 1 || givers[0]!.person.share !== null) return;
  const match = /\b(?:sin|hela sin|min)\s+andel\s+([^.]*?)\s+(?:av|i)\b/iu.exec(lines.join(" "));
  if (match) givers[0]!.person.share = readShare(match[1]!);
}
