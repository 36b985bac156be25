import * as z from "zod";

/**
 * Every zod issue without a message of its own gets a Swedish one (decision 012): the map answers with a
 * key of locales/sv/common.json "zod", namespaced so that any translation function resolves it. A schema's own
 * message (the spec's texts) always wins, because zod prefers a schema-level error to this global one.
 * Imported by every schema module, so the browser (conform) and the server install it alike; package.json names
 * this module as the app's one module with a side effect, or the compiler's bundlers would drop that import.
 */
export function zodIssueKey(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return "common:validation.required";
      switch (issue.expected) {
        case "number":
        case "bigint":
          return "common:zod.number";
        case "int":
          return "common:zod.integer";
        case "string":
          return "common:zod.string";
        case "boolean":
          return "common:zod.boolean";
        case "object":
        case "record":
          return "common:zod.object";
        case "array":
        case "tuple":
          return "common:zod.array";
        case "date":
          return "common:zod.date";
        default:
          return "common:zod.type";
      }
    }
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? "common:validation.required" : "common:zod.tooShort";
      if (issue.origin === "array" || issue.origin === "set") return "common:zod.tooFew";
      return "common:zod.tooSmall";
    case "too_big":
      if (issue.origin === "string") return "common:validation.tooLong";
      if (issue.origin === "array" || issue.origin === "set") return "common:zod.tooMany";
      return "common:zod.tooBig";
    case "invalid_format":
      return "common:validation.format";
    case "not_multiple_of":
      return "common:zod.integer";
    case "unrecognized_keys":
      return "common:zod.unknownField";
    case "invalid_value":
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
    default:
      return "common:zod.invalid";
  }
}

z.config({ customError: (issue) => zodIssueKey(issue) });
