import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePersonnummer } from "./personnummer";

/**
 * Every personnummer the documentation shows as an example must be a real one: a reader copies them into forms and
 * API calls, and a number that fails the checksum is refused there with a puzzling error.
 */
const root = new URL("../../", import.meta.url);
const documents = [
  "README.md",
  ...readdirSync(new URL("docs/", root))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
// Twelve digits that begin with a century (19 or 20) and a month, with or without the dash: YYYYMMDD-NNNN.
const PERSONNUMMER = /(?<![\d-])(?:19|20)\d{2}[01]\d[0-9]\d-?\d{4}(?![\d-])/g;

describe("the example personnummer of the documentation", () => {
  const found = documents.flatMap((file) =>
    [...readFileSync(new URL(file, root), "utf8").matchAll(PERSONNUMMER)].map((m) => ({
      file,
      number: m[0],
    })),
  );

  it("are found", () => {
    expect(found.length).toBeGreaterThan(20);
  });

  it("all pass the date and checksum rules", () => {
    const invalid = found.filter(({ number }) => !parsePersonnummer(number).ok);
    expect(invalid).toEqual([]);
  });
});
