import * as z from "zod";
import "./zod-errors";

/**
 * Text as people type it, made safe to store and show (decision 012): Unicode NFC, never a NUL. Names also
 * refuse control and invisible formatting characters (bidi overrides, zero-width spaces, byte-order marks), which
 * would show as a blank or reversed name in presence lists and headers.
 */
// eslint-disable-next-line no-control-regex -- NUL is removed on purpose
const NUL = /\u0000/g;
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export const normalizeText = (value: string) => value.normalize("NFC").replace(NUL, "");

export function hasControlOrFormat(value: string): boolean {
  return CONTROL_OR_FORMAT.test(value);
}

/** A first or last name: required, at most `max` characters, printable only. */
export function personName({ requiredKey = "validation.required", max = 100 } = {}) {
  return z
    .string({ error: requiredKey })
    .transform(normalizeText)
    .pipe(
      z
        .string()
        .trim()
        .min(1, requiredKey)
        .max(max, "validation.tooLong")
        .refine((v) => !hasControlOrFormat(v), "common:zod.controlCharacters"),
    );
}
