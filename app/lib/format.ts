// The one function and the one locale used, by their own paths: date-fns's index loads every function and every
// locale (seconds, for each server start and each test file that imports this).
import { format } from "date-fns/format";
import { sv } from "date-fns/locale/sv";

// Separator between a number and its unit: U+00A0, the same no-break space Intl sv-SE uses for digit grouping.
const NBSP = "\u00A0";

export const SWEDISH_TIME_ZONE = "Europe/Stockholm";

export type DateInput = Date | string | number;

export type StockholmDateParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
};

const stockholmPartsFormat = new Intl.DateTimeFormat("sv-SE", {
  timeZone: SWEDISH_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealCalendarDate(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * Wall-clock date and time in Sweden for an instant, independent of the time zone the code runs in.
 * A date-only string ("2026-11-21") is a calendar date, not an instant, and is returned unshifted.
 */
export function stockholmDateParts(value: DateInput): StockholmDateParts {
  if (typeof value === "string") {
    const dateOnly = DATE_ONLY.exec(value.trim());
    if (dateOnly) {
      const year = Number(dateOnly[1]);
      const month = Number(dateOnly[2]);
      const day = Number(dateOnly[3]);
      if (!isRealCalendarDate(year, month, day)) {
        throw new RangeError(`Invalid date: ${value}`);
      }
      return { year, month, day, hour: 0, minute: 0 };
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of stockholmPartsFormat.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
  };
}

const pad2 = (n: number) => String(n).padStart(2, "0");

const numericDate = ({ year, month, day }: StockholmDateParts) =>
  `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;

/** "2026-11-21" (the Swedish numeric date), in Swedish time. */
export function formatDate(value: DateInput): string {
  return numericDate(stockholmDateParts(value));
}

/** "21 november 2026", in Swedish time. */
export function formatDateLong(value: DateInput): string {
  const { year, month, day } = stockholmDateParts(value);
  // Noon, so a daylight-saving gap in the process's own time zone can never move the calendar day.
  return format(new Date(year, month - 1, day, 12), "d MMMM yyyy", { locale: sv });
}

/** "2026-11-21 14:05", 24-hour clock, in Swedish time. */
export function formatDateTime(value: DateInput): string {
  const parts = stockholmDateParts(value);
  return `${numericDate(parts)} ${pad2(parts.hour)}:${pad2(parts.minute)}`;
}

/**
 * Rounds half away from zero to `decimals` places. The value is first cut to 15 significant digits so
 * that binary noise (1.005 is stored as 1.00499999…) does not decide the rounding.
 */
export function roundTo(value: number, decimals = 2): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
    throw new RangeError(`decimals must be an integer from 0 to 15, got ${decimals}`);
  }
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  // Beyond this a double has no digits left at that many decimals to round away.
  if (Math.abs(value) * factor >= Number.MAX_SAFE_INTEGER) return value;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

function requireFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${value}`);
}

const sekWhole = new Intl.NumberFormat("sv-SE", {
  style: "currency",
  currency: "SEK",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  signDisplay: "negative",
});

const sekWithOre = new Intl.NumberFormat("sv-SE", {
  style: "currency",
  currency: "SEK",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "negative",
});

/** "1 250 000 kr"; amounts with öre (after rounding to 2 places) show both decimals: "1 250,50 kr". */
export function formatSek(amount: number): string {
  requireFinite(amount, "amount");
  const rounded = roundTo(amount, 2);
  return Number.isInteger(rounded) ? sekWhole.format(rounded) : sekWithOre.format(rounded);
}

const PERCENT_MAX_DECIMALS = 6;
const percentFormats = new Map<number, Intl.NumberFormat>();

/**
 * Fraction as percent: at least `minDecimals` decimals, more only when needed to show the value, up to 6
 * (0.125 -> "12,50 %", 1/3 -> "33,333333 %").
 */
export function formatPercent(fraction: number, minDecimals = 2): string {
  requireFinite(fraction, "fraction");
  if (!Number.isInteger(minDecimals) || minDecimals < 0 || minDecimals > 20) {
    throw new RangeError(`minDecimals must be an integer from 0 to 20, got ${minDecimals}`);
  }
  let formatter = percentFormats.get(minDecimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat("sv-SE", {
      style: "percent",
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: Math.max(minDecimals, PERCENT_MAX_DECIMALS),
      signDisplay: "negative",
    });
    percentFormats.set(minDecimals, formatter);
  }
  return formatter.format(fraction);
}

const oneDecimalAtMost = new Intl.NumberFormat("sv-SE", {
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
  signDisplay: "negative",
});

const twoDecimalsAtMost = new Intl.NumberFormat("sv-SE", {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: "negative",
});

/** SEK amount shown in thousands with at most one decimal: 125000 -> "125 KSEK", 1500 -> "1,5 KSEK". */
export function formatKsek(amount: number): string {
  requireFinite(amount, "amount");
  return `${oneDecimalAtMost.format(roundTo(amount / 1000, 1))}${NBSP}KSEK`;
}

/** Area in square metres with at most two decimals: 74.5 -> "74,5 kvm". */
export function formatKvm(area: number): string {
  requireFinite(area, "area");
  return `${twoDecimalsAtMost.format(roundTo(area, 2))}${NBSP}kvm`;
}
