import * as z from "zod";

/**
 * Every zod issue without a message of its own gets a Swedish one (decision 012): the map answers with a
 * key of locales/sv/common.json "zod" (or "validation"), namespaced so that any translation function resolves it. A
 * schema's own message (the spec's texts) always wins, because zod prefers a schema-level error to this global one.
 * Imported by every schema module, so the browser (conform) and the server install it alike; package.json names
 * this module as the app's one module with a side effect, or the compiler's bundlers would drop that import.
 *
 * The switch covers every issue code of zod (the compiler checks it), so no English default of zod's can reach a
 * person: a new code in a later zod fails the type check here before it reaches a page.
 */
export function zodIssueKey(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return invalidTypeKey(issue);
    case "too_small":
      return tooSmallKey(issue);
    case "too_big":
      return tooBigKey(issue);
    case "invalid_format":
      return "common:validation.format";
    case "not_multiple_of":
      return issue.divisor === 1 ? "common:zod.integer" : "common:zod.multipleOf";
    case "unrecognized_keys":
      return "common:zod.unknownField";
    case "invalid_key":
      return "common:zod.invalidKey";
    case "invalid_value":
    case "invalid_union":
    case "invalid_element":
    case "custom":
      return "common:zod.invalid";
    default:
      return unknownIssue(issue);
  }
}

/** A code this map does not know yet: a type error at compile time, a plain Swedish text at run time. */
function unknownIssue(issue: never): string {
  void issue;
  return "common:zod.invalid";
}

type RawIssue<Code extends z.core.$ZodIssueCode> = Extract<z.core.$ZodRawIssue, { code: Code }>;

function invalidTypeKey(issue: RawIssue<"invalid_type">): string {
  const missing = issue.input === undefined || issue.input === null;
  // A whole body that is null or missing is not an empty field: say what the call expects.
  const atRoot = (issue.path?.length ?? 0) === 0;
  if (missing && !(atRoot && (issue.expected === "object" || issue.expected === "array")))
    return "common:validation.required";
  switch (issue.expected) {
    case "number":
    case "bigint":
    case "nan":
      return "common:zod.number";
    case "int":
      return "common:zod.integer";
    case "string":
      return "common:zod.string";
    case "boolean":
      return "common:zod.boolean";
    case "object":
    case "record":
    case "map":
      return "common:zod.object";
    case "array":
    case "tuple":
    case "set":
      return "common:zod.array";
    case "date":
      return "common:zod.date";
    case "file":
      return "common:zod.file";
    case "nonoptional":
      return "common:validation.required";
    case "never":
      return "common:zod.unknownField";
    default:
      return "common:zod.type";
  }
}

function tooSmallKey(issue: RawIssue<"too_small">): string {
  switch (issue.origin) {
    case "string":
      return Number(issue.minimum) <= 1 ? "common:validation.required" : "common:zod.tooShort";
    case "array":
    case "set":
      return "common:zod.tooFew";
    case "date":
      return "common:zod.dateTooEarly";
    case "file":
      return "common:zod.fileTooSmall";
    default:
      return "common:zod.tooSmall";
  }
}

function tooBigKey(issue: RawIssue<"too_big">): string {
  switch (issue.origin) {
    case "string":
      return "common:validation.tooLong";
    case "array":
    case "set":
      return "common:zod.tooMany";
    case "date":
      return "common:zod.dateTooLate";
    case "file":
      return "common:zod.fileTooBig";
    default:
      return "common:zod.tooBig";
  }
}

z.config({ customError: (issue) => zodIssueKey(issue) });
