import { createRequire } from "node:module";
import path from "node:path";

/**
 * The text layer of a PDF, read with pdf.js (its legacy build, the one that runs on Node 20), page by page and
 * line by line: text items that sit on the same baseline make one line, left to right; lines run top to bottom.
 * A page without text items (a scanned image) is an empty list of lines.
 */

export interface PdfText {
  pages: string[][];
}

export class PdfUnreadable extends Error {
  override readonly name = "PdfUnreadable";
}

let standardFontDataUrl: string | undefined;
/** Where pdf.js finds the standard fonts on the server (the verification uses it too). */
export function pdfjsFontsUrl(): string {
  standardFontDataUrl ??=
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
      "standard_fonts",
    ) + "/";
  return standardFontDataUrl;
}

interface PositionedText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Items closer than this fraction of their height vertically are on the same line. */
const SAME_LINE = 0.5;

function linesOf(items: PositionedText[]): string[] {
  const sorted = items.filter((item) => item.str !== "").sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PositionedText[][] = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    const tolerance = Math.max(1, (line?.[0]?.height ?? item.height) * SAME_LINE);
    if (line && Math.abs(line[0]!.y - item.y) <= tolerance) line.push(item);
    else lines.push([item]);
  }
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      let text = "";
      let end: number | null = null;
      for (const item of line) {
        // A gap wider than a fraction of the font size between two items is a space the PDF did not write.
        if (end !== null && item.x - end > item.height * 0.2 && !/\s$/.test(text) && !/^\s/.test(item.str))
          text += " ";
        text += item.str;
        end = item.x + item.width;
      }
      return text.replace(/\s+/g, " ").trim();
    })
    .filter((line) => line !== "");
}

/**
 * The text of every page; throws PdfUnreadable when pdf.js cannot open the bytes. `handOver`: pdf.js takes the
 * caller's buffer (and detaches it) instead of a copy, as in the verification (documents/verify.server).
 */
export async function readPdfText(
  bytes: Uint8Array,
  { handOver = false }: { handOver?: boolean } = {},
): Promise<PdfText> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  let doc;
  try {
    doc = await getDocument({
      data: handOver ? bytes : bytes.slice(),
      isEvalSupported: false,
      standardFontDataUrl: pdfjsFontsUrl(),
      verbosity: 0,
    }).promise;
  } catch (error) {
    throw new PdfUnreadable((error as Error).message ?? "unreadable");
  }
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const [, , , d, x, y] = item.transform as number[];
        items.push({
          str: item.str,
          x: x ?? 0,
          y: y ?? 0,
          width: item.width,
          height: item.height || Math.abs(d ?? 0) || 1,
        });
      }
      pages.push(linesOf(items));
      page.cleanup();
    }
    return { pages };
  } catch (error) {
    throw new PdfUnreadable((error as Error).message ?? "unreadable");
  } finally {
    await doc.destroy();
  }
}
