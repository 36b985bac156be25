import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { makePdf, pdfTextString } from "./pdf.server";

// The metrics of the 14 standard fonts, which pdf.js needs to lay out Helvetica text.
const standardFontDataUrl =
  path.join(
    path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
    "standard_fonts",
  ) + "/";

async function readPdf(bytes: Uint8Array) {
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, standardFontDataUrl }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const items = content.items.flatMap((item) => ("str" in item && item.str !== "" ? [item.str] : []));
  const viewport = page.getViewport({ scale: 1 });
  const metadata = await doc.getMetadata();
  const result = { numPages: doc.numPages, items, width: viewport.width, height: viewport.height, metadata };
  await doc.destroy();
  return result;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1");
}

describe("makePdf", () => {
  it("writes one A4 page whose text, with å ä ö Å Ä Ö é, reads back through pdf.js", async () => {
    const bytes = makePdf({
      title: "Medlemsansökan – Brf Sjöutsikten",
      lines: [
        "Sökande: Åsa Öberg och René Ängström",
        "Lägenhet 1102, 3 rok, 74 kvm (pris 3 450 000 kr)",
        "",
        "Parenteser (så här) och snedstreck \\ klarar sig.",
      ],
    });
    const pdf = await readPdf(bytes);

    expect(pdf.numPages).toBe(1);
    expect(Math.round(pdf.width)).toBe(595);
    expect(Math.round(pdf.height)).toBe(842);
    expect(pdf.items).toEqual([
      "Medlemsansökan – Brf Sjöutsikten",
      "Sökande: Åsa Öberg och René Ängström",
      "Lägenhet 1102, 3 rok, 74 kvm (pris 3 450 000 kr)",
      "Parenteser (så här) och snedstreck \\ klarar sig.",
    ]);
    expect((pdf.metadata.info as { Title?: string }).Title).toBe("Medlemsansökan – Brf Sjöutsikten");
  });

  it("keeps the content stream ASCII by writing letters outside it as octal escapes", () => {
    expect(pdfTextString("åäö ÅÄÖ é")).toBe("(\\345\\344\\366 \\305\\304\\326 \\351)");
    expect(pdfTextString("a(b)c\\")).toBe("(a\\(b\\)c\\\\)");
    expect(pdfTextString("€ – ”")).toBe("(\\200 \\226 \\224)");
    expect(pdfTextString("漢")).toBe("(?)");
  });

  it("has a cross-reference table whose offsets point at each object", () => {
    const bytes = makePdf({ title: "Gåvobrev", lines: ["Gåva av bostadsrätt"] });
    const text = latin1(bytes);

    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.endsWith("%%EOF\n")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe("xref\n");

    const section = /^xref\n0 (\d+)\n([\s\S]*?)trailer\n/.exec(text.slice(startxref));
    expect(section).not.toBeNull();
    const count = Number(section![1]);
    const entries = section![2]!.match(/.{20}/gs) ?? [];
    expect(entries).toHaveLength(count);
    expect(entries[0]).toBe("0000000000 65535 f \n");
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n \n$/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain(`/Size ${count} /Root 1 0 R`);

    const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)endstream/.exec(text);
    expect(Number(stream?.[1])).toBe(stream?.[2]?.length);
    expect(stream?.[2]).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it("wraps long lines and refuses text that needs a second page", async () => {
    const long = "Föreningen har tagit del av överlåtelseavtalet och ".repeat(6).trim();
    const pdf = await readPdf(makePdf({ title: "Avtal", lines: [long] }));
    expect(pdf.items.length).toBeGreaterThan(2);
    expect(pdf.items[0]).toBe("Avtal");
    expect(pdf.items.slice(1).join(" ")).toBe(long);

    expect(() =>
      makePdf({ title: "För långt", lines: Array.from({ length: 60 }, (_, i) => `Rad ${i}`) }),
    ).toThrow(RangeError);
  });
});
