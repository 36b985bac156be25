import type { z } from "zod";
import { parsePersonnummer } from "~/lib/personnummer";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { withValues } from "~/lib/messages";
import type { Identifier } from "~/lib/identifier";
import type { TransferType } from "~/lib/transfer";
import type { rawAddress } from "./raw";
import type { Address } from "./types";
import { textOf, type Scalar, type ShareReading } from "./values";

/**
 * The rules of step 2's single fields (spec 03 §5.2-5.5): their limits, their patterns and their messages, keys of
 * locales/sv/transfer.json `application`. Each check adds its issue at the field's own path and answers the value.
 */

export const K = (key: string) => `transfer:application.${key}`;

export const MAX_ACQUIRERS = 20;
export const MAX_GUARANTORS = 20;
export const NAME_MAX = 100;
const STREET_MAX = 200;
const POSTAL_CODE_MAX = 20;
const CITY_MAX = 100;
const COUNTRY_MAX = 100;
const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s\-()]{5,}$/;

export const DEFAULT_COUNTRY = "Sverige";
/** Types where a transferor may also be an acquirer (spec 03 §4.3). */
export const TRANSFEROR_CAN_ACQUIRE: readonly TransferType[] = ["Inheritance", "Gift", "DivisionOfProperty"];

export type Path = Array<string | number>;
export type Issue = { path: Path; message: string };
export type Add = (path: Path, message: string) => void;

/** The checks of single fields, adding their issues with `add`; shares are read to `precision` decimals. */
export function fieldChecks(add: Add, precision: number) {
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
  return { requiredText, optionalText, email, phone, address, shareError };
}

export type FieldChecks = ReturnType<typeof fieldChecks>;

/** An acquirer is a person (personal or coordination number) or an organisation. */
export function acquirerIdentifier(value: Scalar, path: Path, add: Add, today: string): Identifier | null {
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
export function guarantorIdentifier(value: Scalar, path: Path, add: Add, today: string): Identifier | null {
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
