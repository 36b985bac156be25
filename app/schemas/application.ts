import * as z from "zod";
import "./zod-errors";
import {
  addFractions,
  compareFractions,
  fractionToPercentString,
  percentToFraction,
  reduceFraction,
  sharePrecision,
} from "~/lib/share";
import { isIsoDate } from "~/lib/dates";
import { parsePersonnummer } from "~/lib/personnummer";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { withValues } from "~/lib/messages";
import type { Identifier } from "~/lib/identifier";
import type { Fraction, TransferType } from "~/lib/transfer";
import { MAX_PURCHASE_PRICE } from "./price";

/**
 * The wizard's step 2 (`Uppgifter`, spec 03 §5.2-5.5): transferors, acquirers (transferors among them for
 * Inheritance, Gift and DivisionOfProperty), guarantors, the agreement and the payment-notice recipient. One schema
 * for the browser (conform, flat names such as `acquirers[0].firstName`, conform's insert/remove intents on the
 * `acquirers` and `guarantors` lists) and for the server (the page action, the JSON call and the submission check).
 *
 * The rules depend on the transfer: its type, the manager's rules for acquirers, the transferors and their owner
 * shares, the people already saved (an id from another transfer is refused) and today's date. The server builds the
 * context from its own data; the page hands the same context to the browser.
 *
 * Shares are typed as percent (`50`, `50,5`, `50.5`) and come out as exact fractions; nothing passes through a
 * float. Messages are keys of locales/sv/transfer.json `application`.
 */

const K = (key: string) => `transfer:application.${key}`;

export const MAX_ACQUIRERS = 20;
export const MAX_GUARANTORS = 20;
export { MAX_PURCHASE_PRICE };
const NAME_MAX = 100;
const STREET_MAX = 200;
const POSTAL_CODE_MAX = 20;
const CITY_MAX = 100;
const COUNTRY_MAX = 100;
const EMAIL_MAX = 254;
const PHONE_MAX = 30;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s\-()]{5,}$/;

export const DEFAULT_COUNTRY = "Sverige";
/** Types where a transferor may also be an acquirer (spec 03 §4.3). */
export const TRANSFEROR_CAN_ACQUIRE: readonly TransferType[] = ["Inheritance", "Gift", "DivisionOfProperty"];

export interface ApplicationFormContext {
  transferType: TransferType;
  rules: { requirePhoneNumber: boolean; requireEmail: boolean };
  /** The transfer's transferors (they are not added or removed in the wizard) with what they own. */
  transferors: ReadonlyArray<{ id: string; ownerShare: Fraction; identifier?: Identifier }>;
  /** Ids of the acquirers and guarantors already saved on this transfer; any other id is refused. */
  acquirerIds: readonly string[];
  guarantorIds: readonly string[];
  /** YYYY-MM-DD in Sweden. */
  today: string;
}

export interface Address {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface TransferorInput {
  id: string;
  transferShare: Fraction;
  newAddress: Address | null;
  emailAddress: string | null;
  phoneNumber: string | null;
}

export interface AcquirerInput {
  /** A saved acquirer's id, or null for a new one. */
  id: string | null;
  /** Set when the acquirer is one of the transferors (names and identifier are the transferor's). */
  transferorId: string | null;
  firstName: string;
  lastName: string;
  identifier: Identifier | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  address: Address;
  transferShare: Fraction;
}

export interface GuarantorInput {
  id: string | null;
  identifier: Identifier;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
}

export type PaymentNoticeRecipientInput =
  { type: "Transferor"; transferorId: string } | { type: "Acquirer"; acquirerIndex: number };

export interface ApplicationInput {
  version?: number;
  transferors: TransferorInput[];
  /** Only the acquirers that take part (a transferor switched off is left out). */
  acquirers: AcquirerInput[];
  guarantors: GuarantorInput[];
  paymentNoticeRecipient: PaymentNoticeRecipientInput;
  agreement: { purchasePrice: number | null; contractDate: string; entryDate: string };
}

// ---- reading single values ----

const scalar = z.union([z.string(), z.number(), z.boolean()]).optional().nullable();
/** A number field: anything is read (JSON's 1e309 arrives as Infinity) and refused by its own rule. */
const numeric = z.unknown();
type Scalar = z.infer<typeof scalar>;

function numericOf(value: unknown): Scalar {
  if (typeof value === "number") return value;
  if (typeof value === "string" || value === undefined || value === null) return value;
  return "\u0000";
}

function textOf(value: Scalar): string {
  if (value === undefined || value === null || typeof value === "boolean") return "";
  return String(value).trim();
}

function isOn(value: Scalar): boolean {
  return value === true || value === "on" || value === "true";
}

/** How a share typed as percent is read: an exact fraction of the apartment, or why not. */
export type ShareReading =
  | { ok: true; fraction: Fraction; negative: boolean }
  | { ok: false; error: "empty" | "invalid" | "tooManyDecimals" };

/**
 * A typed percent as a fraction of the whole (percent/100, reduced). `1e309`, `NaN`, `Infinity` and anything but
 * digits with one decimal comma or point are invalid; more decimals than `precision` are refused.
 */
export function readSharePercent(input: unknown, precision: number): ShareReading {
  const value = numericOf(input);
  if (typeof value === "number" && !Number.isFinite(value)) return { ok: false, error: "invalid" };
  const text = textOf(value);
  if (text === "") return { ok: false, error: "empty" };
  // A number from a JSON body is read as its shortest decimal text ("1e+21" is refused as such).
  const parsed = percentToFraction(text, precision);
  if (!parsed.ok) return parsed;
  const negative = parsed.fraction.numerator < 0;
  const reduced = reduceFraction({
    numerator: Math.abs(parsed.fraction.numerator),
    denominator: parsed.fraction.denominator,
  });
  return { ok: true, fraction: reduced, negative: negative && reduced.numerator !== 0 };
}

/** A share as the form shows it: percent with a decimal comma, exact when it ends within `precision` decimals. */
export function shareToPercentInput(share: Fraction, precision: number): string {
  const units = percentUnits(share, precision);
  const scale = 10n ** BigInt(precision);
  const decimals =
    precision === 0 ? "" : (units.rounded % scale).toString().padStart(precision, "0").replace(/0+$/, "");
  return decimals ? `${units.rounded / scale},${decimals}` : `${units.rounded / scale}`;
}

/**
 * A non-negative share as percent times 10^decimals: rounded half up, and whether that is exact (the percent ends
 * within `decimals` decimals). BigInt throughout, so no digit is lost.
 */
function percentUnits(f: Fraction, decimals: number): { rounded: bigint; exact: boolean } {
  const n = BigInt(f.numerator) * 100n * 10n ** BigInt(decimals);
  const d = BigInt(f.denominator);
  const remainder = n % d;
  return { rounded: n / d + (remainder * 2n >= d ? 1n : 0n), exact: remainder === 0n };
}

/** The percent in a message ("50", "33,333333"), as the spec's `{n}%` texts show it. */
export function percentText(share: Fraction): string {
  return fractionToPercentString(share, 0).replace(/\u00A0%$/, "");
}

/**
 * Whether two totals agree under the precision rule: exactly, or, when `exact` cannot be written with `precision`
 * decimals of percent (1/3 is 33,333…), when `typed` is `exact` rounded to that many decimals.
 */
export function sharesAgree(typed: Fraction, exact: Fraction, precision: number): boolean {
  if (compareFractions(typed, exact) === 0) return true;
  const want = percentUnits(exact, precision);
  if (want.exact) return false;
  const got = percentUnits(typed, precision);
  return got.exact && got.rounded === want.rounded;
}

/** A date typed YYYY-MM-DD (one- or two-digit month and day), normalised, or null when it is not a real date. */
export function readDate(value: Scalar): string | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(textOf(value));
  if (!match) return null;
  const iso = `${match[1]}-${match[2]!.padStart(2, "0")}-${match[3]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

type PriceReading =
  { ok: true; value: number } | { ok: false; error: "empty" | "invalid" | "decimals" | "minimum" };

/** A price in whole kronor: `2450000`, `2 450 000`, `2450000,00`; decimals other than zeros are refused. */
export function readPrice(input: unknown): PriceReading {
  const value = numericOf(input);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, error: "invalid" };
    if (!Number.isInteger(value)) return { ok: false, error: "decimals" };
    if (value < 1) return { ok: false, error: "minimum" };
    return value > MAX_PURCHASE_PRICE ? { ok: false, error: "invalid" } : { ok: true, value };
  }
  const text = textOf(value)
    .replace(/[\s\u00A0]/g, "")
    .replace(/(kr|SEK)$/i, "");
  if (text === "") return { ok: false, error: "empty" };
  const match = /^([+-]?)(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return { ok: false, error: "invalid" };
  if (match[3] && /[^0]/.test(match[3])) return { ok: false, error: "decimals" };
  const digits = match[2]!.replace(/^0+(?=\d)/, "");
  if (digits.length > 13) return { ok: false, error: "invalid" };
  const amount = Number(digits) * (match[1] === "-" ? -1 : 1);
  if (amount < 1) return { ok: false, error: "minimum" };
  if (amount > MAX_PURCHASE_PRICE) return { ok: false, error: "invalid" };
  return { ok: true, value: amount };
}

// ---- the raw shape conform fills from the form (and a JSON body gives as is) ----

const rawAddress = z
  .object({ street: scalar, postalCode: scalar, city: scalar, country: scalar })
  .optional()
  .nullable();

const rawTransferor = z.object({
  id: scalar,
  transferShare: numeric,
  newAddress: rawAddress,
  emailAddress: scalar,
  phoneNumber: scalar,
});

const rawAcquirer = z.object({
  id: scalar,
  transferorId: scalar,
  isTransferor: scalar,
  enabled: scalar,
  firstName: scalar,
  lastName: scalar,
  identifier: scalar,
  emailAddress: scalar,
  phoneNumber: scalar,
  address: rawAddress,
  transferShare: numeric,
});

const rawGuarantor = z.object({
  id: scalar,
  identifier: scalar,
  firstName: scalar,
  lastName: scalar,
  emailAddress: scalar,
  phoneNumber: scalar,
});

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : v),
    z.array(item.optional().nullable()),
  );

const rawRecipient = z
  .union([z.string(), z.object({ type: scalar, index: scalar })])
  .optional()
  .nullable();

export const RawApplicationSchema = z.object({
  version: scalar,
  transferors: list(rawTransferor),
  acquirers: list(rawAcquirer),
  guarantors: list(rawGuarantor),
  paymentNoticeRecipient: rawRecipient,
  agreement: z
    .object({ purchasePrice: numeric, contractDate: scalar, entryDate: scalar })
    .optional()
    .nullable(),
});
/** The form's values as conform holds them (also what the server gives the page as `defaultValue`). */
export type RawApplication = z.infer<typeof RawApplicationSchema>;
export type RawAcquirer = z.infer<typeof rawAcquirer>;

type Path = Array<string | number>;
type Issue = { path: Path; message: string };

/** `Acquirer:1` / `{type: "Acquirer", index: 1}` as a type and an index into the form's list of that type. */
function readRecipient(raw: z.infer<typeof rawRecipient>): { type: string; index: number } | null {
  let type = "";
  let index = "";
  if (typeof raw === "string") [type = "", index = ""] = raw.split(":");
  else if (raw && typeof raw === "object") [type, index] = [textOf(raw.type), textOf(raw.index)];
  if ((type !== "Transferor" && type !== "Acquirer") || !/^\d{1,3}$/.test(index)) return null;
  return { type, index: Number(index) };
}

/**
 * Every rule of spec 03 §5.2-5.5 over the raw form, with the issues at the form's own field paths. Exported for the
 * server's submission check, which runs the same rules over what was saved.
 */
export function checkApplication(
  raw: z.infer<typeof RawApplicationSchema>,
  ctx: ApplicationFormContext,
): { issues: Issue[]; value: ApplicationInput | null } {
  const issues: Issue[] = [];
  const add = (path: Path, message: string) => issues.push({ path, message });
  const precision = sharePrecision(ctx.transferors.map((t) => t.ownerShare));

  const requiredText = (value: Scalar, path: Path, message: string, max: number): string => {
    const text = textOf(value);
    if (text === "") add(path, message);
    else if (text.length > max) add(path, K("tooLong"));
    return text;
  };
  const optionalText = (value: Scalar, path: Path, max: number): string | null => {
    const text = textOf(value);
    if (text.length > max) add(path, K("tooLong"));
    return text === "" ? null : text;
  };
  const email = (value: Scalar, path: Path, required: boolean): string | null => {
    const text = textOf(value);
    if (text === "") {
      if (required) add(path, K("emailRequired"));
      return null;
    }
    if (text.length > EMAIL_MAX || !EMAIL.test(text)) add(path, K("format"));
    return text;
  };
  const phone = (value: Scalar, path: Path, required: boolean): string | null => {
    const text = textOf(value);
    if (text === "") {
      if (required) add(path, K("phoneRequired"));
      return null;
    }
    if (text.length > PHONE_MAX || !PHONE.test(text)) add(path, K("format"));
    return text;
  };
  const address = (value: z.infer<typeof rawAddress>, path: Path): Address => ({
    street: requiredText(value?.street, [...path, "street"], K("streetRequired"), STREET_MAX),
    postalCode: requiredText(
      value?.postalCode,
      [...path, "postalCode"],
      K("postalCodeRequired"),
      POSTAL_CODE_MAX,
    ),
    city: requiredText(value?.city, [...path, "city"], K("cityRequired"), CITY_MAX),
    country: requiredText(
      value?.country ?? DEFAULT_COUNTRY,
      [...path, "country"],
      K("countryRequired"),
      COUNTRY_MAX,
    ),
  });
  const shareError = (reading: Exclude<ShareReading, { ok: true }>, path: Path, required: string) => {
    if (reading.error === "empty") add(path, required);
    else if (reading.error === "tooManyDecimals")
      add(path, withValues(K("shareTooManyDecimals"), { n: precision }));
    else add(path, K("shareInvalid"));
  };

  // Transferors: each of the transfer's own, once.
  const known = new Map(ctx.transferors.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const transferors: TransferorInput[] = [];
  raw.transferors.forEach((row, i) => {
    const path = ["transferors", i];
    const id = textOf(row?.id);
    const transferor = known.get(id);
    if (!transferor || seen.has(id)) {
      add([...path, "id"], K("unknownPerson"));
      return;
    }
    seen.add(id);
    let share: Fraction = { numerator: 0, denominator: 1 };
    const reading = readSharePercent(row?.transferShare, precision);
    if (!reading.ok) shareError(reading, [...path, "transferShare"], K("transferShareRequired"));
    else if (reading.negative) add([...path, "transferShare"], K("transferShareNegative"));
    else if (sharesAgree(reading.fraction, transferor.ownerShare, precision)) share = transferor.ownerShare;
    else if (compareFractions(reading.fraction, transferor.ownerShare) > 0) {
      add(
        [...path, "transferShare"],
        withValues(K("transferShareAboveOwned"), { n: percentText(transferor.ownerShare) }),
      );
    } else share = reading.fraction;
    const a = row?.newAddress;
    const anyAddress = a && [a.street, a.postalCode, a.city].some((v) => textOf(v) !== "");
    transferors.push({
      id,
      transferShare: share,
      // A new address is optional; once begun, it is a whole address.
      newAddress: anyAddress ? address(a, [...path, "newAddress"]) : null,
      emailAddress: email(row?.emailAddress, [...path, "emailAddress"], false),
      phoneNumber: phone(row?.phoneNumber, [...path, "phoneNumber"], false),
    });
  });
  if (seen.size !== known.size && issues.length === 0) add(["transferors"], K("unknownPerson"));

  // Acquirers: new people, saved ones, and (for some types) transferors switched on.
  if (raw.acquirers.length > MAX_ACQUIRERS) add(["acquirers"], K("tooManyPeople"));
  const acquirers: AcquirerInput[] = [];
  const acquirerIndexOfRow = new Map<number, number>();
  const usedAcquirerIds = new Set<string>();
  const usedTransferorIds = new Set<string>();
  raw.acquirers.slice(0, MAX_ACQUIRERS).forEach((row, i) => {
    const path = ["acquirers", i];
    const isTransferor = isOn(row?.isTransferor) || textOf(row?.transferorId) !== "";
    if (isTransferor && !isOn(row?.enabled)) return;
    const id = textOf(row?.id);
    if (id !== "" && (!ctx.acquirerIds.includes(id) || usedAcquirerIds.has(id))) {
      add([...path, "id"], K("unknownPerson"));
      return;
    }
    if (id) usedAcquirerIds.add(id);
    let transferorId: string | null = null;
    if (isTransferor) {
      transferorId = textOf(row?.transferorId);
      if (!known.has(transferorId) || usedTransferorIds.has(transferorId)) {
        add([...path, "transferorId"], K("unknownPerson"));
        return;
      }
      usedTransferorIds.add(transferorId);
      if (!TRANSFEROR_CAN_ACQUIRE.includes(ctx.transferType)) {
        add([...path, "enabled"], K("transferorAsAcquirerNotAllowed"));
      }
    }
    let share: Fraction = { numerator: 0, denominator: 1 };
    const reading = readSharePercent(row?.transferShare, precision);
    if (!reading.ok) shareError(reading, [...path, "transferShare"], K("acquirerShareRequired"));
    else if (
      reading.negative ||
      compareFractions(reading.fraction, { numerator: 1, denominator: 10_000 }) < 0
    ) {
      add([...path, "transferShare"], K("acquirerShareMinimum"));
    } else share = reading.fraction;
    acquirerIndexOfRow.set(i, acquirers.length);
    acquirers.push({
      id: id || null,
      transferorId,
      // A transferor's names and identifier are the transferor's own; the server fills them in.
      firstName: isTransferor
        ? ""
        : requiredText(row?.firstName, [...path, "firstName"], K("firstNameRequired"), NAME_MAX),
      lastName: isTransferor
        ? ""
        : requiredText(row?.lastName, [...path, "lastName"], K("lastNameRequired"), NAME_MAX),
      identifier: isTransferor
        ? null
        : acquirerIdentifier(row?.identifier, [...path, "identifier"], add, ctx.today),
      emailAddress: email(row?.emailAddress, [...path, "emailAddress"], ctx.rules.requireEmail),
      phoneNumber: phone(row?.phoneNumber, [...path, "phoneNumber"], ctx.rules.requirePhoneNumber),
      address: address(row?.address, [...path, "address"]),
      transferShare: share,
    });
  });
  if (acquirers.length === 0) add(["acquirers"], K("acquirerRequired"));

  // One person acquires once; a transferor typed in by hand is a transferor acquiring.
  const acquirerKeys = new Set<string>();
  acquirers.forEach((a, index) => {
    const row = [...acquirerIndexOfRow].find(([, at]) => at === index)![0];
    const identifier = a.transferorId ? known.get(a.transferorId)?.identifier : a.identifier;
    if (!identifier) return;
    const key = `${identifier.type}:${identifier.value}`;
    if (acquirerKeys.has(key)) add(["acquirers", row, "identifier"], K("duplicateAcquirer"));
    acquirerKeys.add(key);
    const isTransferor = ctx.transferors.some(
      (t) => t.identifier?.type === identifier.type && t.identifier.value === identifier.value,
    );
    if (!a.transferorId && isTransferor && !TRANSFEROR_CAN_ACQUIRE.includes(ctx.transferType)) {
      add(["acquirers", row, "identifier"], K("transferorAsAcquirerNotAllowed"));
    }
  });

  // The sum rule, once every share could be read.
  const shareIssue = issues.some((i) => i.path.at(-1) === "transferShare");
  if (!shareIssue && acquirers.length > 0) {
    const transferred = addFractions(...transferors.map((t) => t.transferShare));
    const acquired = addFractions(...acquirers.map((a) => a.transferShare));
    if (!sharesAgree(acquired, transferred, precision)) {
      const values = { x: percentText(acquired), y: percentText(transferred) };
      add(
        ["acquirers"],
        withValues(
          K(compareFractions(acquired, transferred) > 0 ? "acquiredAbove" : "acquiredBelow"),
          values,
        ),
      );
    }
  }

  // Guarantors.
  if (raw.guarantors.length > MAX_GUARANTORS) add(["guarantors"], K("tooManyPeople"));
  const guarantors: GuarantorInput[] = [];
  const usedGuarantorIds = new Set<string>();
  raw.guarantors.slice(0, MAX_GUARANTORS).forEach((row, i) => {
    const path = ["guarantors", i];
    const id = textOf(row?.id);
    if (id !== "" && (!ctx.guarantorIds.includes(id) || usedGuarantorIds.has(id))) {
      add([...path, "id"], K("unknownPerson"));
      return;
    }
    if (id) usedGuarantorIds.add(id);
    const identifier = guarantorIdentifier(row?.identifier, [...path, "identifier"], add, ctx.today);
    if (identifier && guarantors.some((g) => g.identifier.value === identifier.value)) {
      add([...path, "identifier"], K("duplicateGuarantor"));
    }
    guarantors.push({
      id: id || null,
      identifier: identifier ?? { type: "SocialSecurityNumber", value: "" },
      firstName: requiredText(row?.firstName, [...path, "firstName"], K("firstNameRequired"), NAME_MAX),
      lastName: requiredText(row?.lastName, [...path, "lastName"], K("lastNameRequired"), NAME_MAX),
      emailAddress: email(row?.emailAddress, [...path, "emailAddress"], false),
      phoneNumber: optionalText(row?.phoneNumber, [...path, "phoneNumber"], PHONE_MAX),
    });
  });

  // The payment-notice recipient: a transferor or an acquirer who takes part.
  let paymentNoticeRecipient: PaymentNoticeRecipientInput | null = null;
  const recipient = readRecipient(raw.paymentNoticeRecipient);
  if (recipient?.type === "Transferor" && transferors[recipient.index]) {
    paymentNoticeRecipient = { type: "Transferor", transferorId: transferors[recipient.index]!.id };
  } else if (recipient?.type === "Acquirer" && acquirerIndexOfRow.has(recipient.index)) {
    paymentNoticeRecipient = { type: "Acquirer", acquirerIndex: acquirerIndexOfRow.get(recipient.index)! };
  } else add(["paymentNoticeRecipient"], K("paymentNoticeRecipientRequired"));

  // The agreement.
  const agreement = raw.agreement ?? {
    purchasePrice: undefined,
    contractDate: undefined,
    entryDate: undefined,
  };
  let purchasePrice: number | null = null;
  const price = readPrice(agreement.purchasePrice);
  if (price.ok) purchasePrice = price.value;
  else if (price.error === "empty") {
    if (ctx.transferType === "Purchase") add(["agreement", "purchasePrice"], K("purchasePriceRequired"));
  } else if (price.error === "minimum") add(["agreement", "purchasePrice"], K("purchasePriceMinimum"));
  else if (price.error === "decimals") add(["agreement", "purchasePrice"], K("purchasePriceWholeKronor"));
  else add(["agreement", "purchasePrice"], K("format"));

  const date = (value: Scalar, path: Path, required: string): string | null => {
    if (textOf(value) === "") {
      add(path, required);
      return null;
    }
    const iso = readDate(value);
    if (!iso) add(path, K("dateInvalid"));
    return iso;
  };
  const contractDate = date(agreement.contractDate, ["agreement", "contractDate"], K("contractDateRequired"));
  const entryDate = date(agreement.entryDate, ["agreement", "entryDate"], K("entryDateRequired"));
  if (contractDate && contractDate > ctx.today) add(["agreement", "contractDate"], K("contractDateInFuture"));
  if (contractDate && entryDate && entryDate < contractDate) {
    add(["agreement", "entryDate"], K("entryBeforeContract"));
  }

  const versionText = textOf(raw.version);
  const version = /^\d{1,9}$/.test(versionText) && Number(versionText) > 0 ? Number(versionText) : undefined;
  if (versionText !== "" && version === undefined) add(["version"], "common:zod.integer");

  if (issues.length > 0 || !paymentNoticeRecipient || !contractDate || !entryDate)
    return { issues, value: null };
  return {
    issues,
    value: {
      version,
      transferors,
      acquirers,
      guarantors,
      paymentNoticeRecipient,
      agreement: { purchasePrice, contractDate, entryDate },
    },
  };
}

/** An acquirer is a person (personal or coordination number) or an organisation. */
function acquirerIdentifier(
  value: Scalar,
  path: Path,
  add: (path: Path, message: string) => void,
  today: string,
): Identifier | null {
  const text = textOf(value);
  if (text === "") {
    add(path, K("identifierRequired"));
    return null;
  }
  const person = parsePersonnummer(text, new Date(`${today}T12:00:00Z`));
  if (person.ok) return { type: "SocialSecurityNumber", value: person.value.normalized12 };
  const digits = text.replace(/[\s-]/g, "");
  if (/^\d+$/.test(digits) && isValidOrganisationsnummer(digits)) {
    return { type: "OrganizationNumber", value: digits.length === 12 ? digits.slice(2) : digits };
  }
  add(path, K("identifierInvalid"));
  return null;
}

/**
 * A guarantor is a person with a Swedish personal number (spec 03 §3 "personal number only"); a coordination
 * number is refused, because the guarantee's credit check needs a person registered in Sweden.
 */
function guarantorIdentifier(
  value: Scalar,
  path: Path,
  add: (path: Path, message: string) => void,
  today: string,
): Identifier | null {
  const text = textOf(value);
  if (text === "") {
    add(path, K("personalNumberRequired"));
    return null;
  }
  const person = parsePersonnummer(text, new Date(`${today}T12:00:00Z`));
  if (!person.ok) {
    add(path, K("personalNumberInvalid"));
    return null;
  }
  if (person.value.isCoordinationNumber) {
    add(path, K("coordinationNumberNotAllowed"));
    return null;
  }
  return { type: "SocialSecurityNumber", value: person.value.normalized12 };
}

/**
 * The values of a person added with conform's insert intent (`form.insert.getButtonProps({ name: "acquirers",
 * defaultValue: NEW_ACQUIRER })`, a real submit button, so adding and removing work without JavaScript).
 */
export const NEW_ACQUIRER = { address: { country: DEFAULT_COUNTRY }, transferShare: "" } as const;
export const NEW_GUARANTOR = { identifier: "" } as const;

/** The step-2 schema for one transfer: the raw form in, an `ApplicationInput` out, or issues at field paths. */
export function applicationFormSchema(ctx: ApplicationFormContext) {
  return RawApplicationSchema.transform((raw, zctx) => {
    const { issues, value } = checkApplication(raw, ctx);
    for (const issue of issues) zctx.issues.push({ code: "custom", input: raw, ...issue });
    return value ?? z.NEVER;
  });
}

/** The transfer-type call (`Välj fångestyp`). */
export const TransferTypeSchema = z.object({
  type: z
    .string({ error: K("transferTypeRequired") })
    .trim()
    .min(1, K("transferTypeRequired")),
  version: z.coerce.number().int().positive().optional(),
});
