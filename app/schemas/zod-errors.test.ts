import * as z from "zod";
import { describe, expect, it } from "vitest";
import common from "~/locales/sv/common.json";
import { ContactDetailsSchema } from "./user";
import { NoteSchema } from "./transfer";
import { hasControlOrFormat } from "./text";
import "./zod-errors";

/** Resolves a "common:a.b" key the way i18next would, or fails the test. */
function swedish(key: string): string {
  const path = key.replace(/^common:/, "").split(".");
  let node: unknown = common;
  for (const part of path) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== "string") throw new Error(`no Swedish text for ${key}`);
  return node;
}

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("the Swedish zod error map", () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ["NaN for a number", z.object({ version: z.coerce.number() }), { version: "x" }, "Ange ett tal"],
    ["an array for an object", z.object({ a: z.string() }), [], "Ange ett objekt med fält (JSON-objekt)"],
    ["a missing field", z.object({ a: z.string() }), {}, "Fältet kan inte vara tomt"],
    ["a fraction for an integer", z.number().int(), 1.5, "Ange ett heltal"],
    ["an unknown enum value", z.enum(["A", "B"]), "C", "Ogiltigt värde"],
    ["an unknown key in a strict object", z.strictObject({}), { x: 1 }, "Fältet är okänt"],
    ["a too long string", z.string().max(2), "abc", "För många tecken"],
    ["a too large number", z.number().max(2), 3, "Värdet är för stort"],
    ["a bad e-mail", z.email(), "x", "Felaktigt format"],
  ])("%s", (_name, schema, input, text) => {
    const keys = messages(schema, input);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.map(swedish)).toContain(text);
  });

  it.each<[string, z.ZodType, unknown, string]>([
    ["null for a whole body", z.object({ a: z.string() }), null, "Ange ett objekt med fält (JSON-objekt)"],
    [
      "null for a field",
      z.object({ identifier: z.string() }),
      { identifier: null },
      "Fältet kan inte vara tomt",
    ],
    ["a number for a list's text", z.object({ g: z.array(z.string()) }), { g: [1, 2] }, "Ange en text"],
    ["a list for an object", z.object({ a: z.string() }), [], "Ange ett objekt med fält (JSON-objekt)"],
    ["a negative number", z.number().positive(), -1, "Värdet är för litet"],
    ["a too short text", z.string().min(3), "ab", "För få tecken"],
    ["an empty text", z.string().min(1), "", "Fältet kan inte vara tomt"],
    ["too few items", z.array(z.string()).min(2), ["a"], "För få val"],
    ["too many items", z.array(z.string()).max(1), ["a", "b"], "För många val"],
    ["a date too early", z.date().min(new Date(2026, 0, 1)), new Date(2025, 0, 1), "Datumet är för tidigt"],
    ["a date too late", z.date().max(new Date(2026, 0, 1)), new Date(2027, 0, 1), "Datumet är för sent"],
    ["not a date", z.date(), "x", "Ange ett giltigt datum"],
    ["a wrong step", z.number().multipleOf(5), 7, "Värdet går inte jämnt upp i det tillåtna steget"],
    [
      "a wrong literal",
      z.object({ confirmed: z.literal("yes").optional() }),
      { confirmed: "True" },
      "Ogiltigt värde",
    ],
    ["no union member", z.union([z.string(), z.number()]), true, "Ogiltigt värde"],
    ["a bad record key", z.record(z.string().max(1), z.string()), { bb: "x" }, "Ett fältnamn är ogiltigt"],
    ["a bad set element", z.set(z.string()), new Set([1]), "Ange en text"],
    ["a custom check without a message", z.string().refine(() => false), "x", "Ogiltigt värde"],
    ["a key that must not be there", z.object({ a: z.never() }), { a: 1 }, "Fältet är okänt"],
    ["a boolean", z.boolean(), "ja", "Ange ja eller nej"],
    ["a bad regex", z.string().regex(/^\d+$/), "x", "Felaktigt format"],
    ["a missing required value", z.string().nonoptional(), undefined, "Fältet kan inte vara tomt"],
  ])("every issue kind has Swedish text: %s", (_name, schema, input, text) => {
    const keys = messages(schema, input);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.map(swedish)).toContain(text);
  });

  it("never overrides a schema's own message", () => {
    expect(messages(ContactDetailsSchema, { firstName: "", lastName: "x", email: "a@b.se" })).toEqual([
      "validation.required",
    ]);
  });
});

describe("names and notes are normalised", () => {
  it("refuses bidi overrides, zero-width characters, BOM and control characters in names", () => {
    for (const bad of ["\u202eKarin", "Ka\u200brin", "Ka\ufeffrin", "Ka\u0007rin", "Karin\u2066"]) {
      expect(messages(ContactDetailsSchema, { firstName: bad, lastName: "L", email: "a@b.se" })).toContain(
        "common:zod.controlCharacters",
      );
    }
  });

  it("stores names in NFC and keeps ordinary Swedish letters", () => {
    const decomposed = "A\u030angstro\u0308m"; // Ångström with combining marks
    const parsed = ContactDetailsSchema.parse({ firstName: decomposed, lastName: "Öst", email: "a@b.se" });
    expect(parsed.firstName).toBe("Ångström");
    expect(parsed.firstName.length).toBe(8);
    expect(hasControlOrFormat("Åsa-Britt O'Neill")).toBe(false);
  });

  it("strips NUL from notes and keeps line breaks", () => {
    const parsed = NoteSchema.parse({ transferId: "t-1", body: " rad 1\u0000\nrad 2 " });
    expect(parsed.body).toBe("rad 1\nrad 2");
  });
});
