import {
  PARTY_LABELS,
  classifySpouses,
  readGiftShares,
  readParties,
  type ReadParty,
} from "./parse-parties.server";
import { labelled, normalise, readAmount, readDate, readShare } from "./parse-values.server";
import type { AgreementExtraction } from "./types.server";

/**
 * Rule-based reading of a Swedish agreement's text (decision 020): labelled lines ("Säljare: …", "Köpeskilling:
 * …", "Tillträdesdag …") and a few sentences a bodelning or gåvobrev uses. Labels are matched with or without a
 * colon, in any case, with any spacing; amounts as "2 450 000 kr", "2.450.000 SEK", "2 450 000:-"; dates as
 * 2026-03-01, 2026/03/01, 1/3 2026 or "1 mars 2026". What the text does not say is null: nothing is guessed.
 */

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
