import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { parsePersonnummer } from "~/lib/personnummer";

// The small readers of an agreement's lines (decision 020): labels, dates, amounts, shares and identifiers.

export const normalise = (line: string) =>
  line
    .normalize("NFC")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "Label: value", "Label value", "Label - value": the value when the line opens with one of the labels. */
export function labelled(
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
