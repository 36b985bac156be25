import { inPdfWorker, type PositionedText } from "./sandbox.server";

/**
 * The text layer of a PDF, read with pdf.js (its legacy build, the one that runs on Node 20) in the PDF worker
 * (sandbox.server, decision 044), page by page and line by line: text items that sit on the same baseline make one
 * line, left to right; lines run top to bottom. A page without text items (a scanned image) is an empty list of
 * lines.
 */

export interface PdfText {
  pages: string[][];
}

export class PdfUnreadable extends Error {
  override readonly name = "PdfUnreadable";
}

/** The file broke a limit of the reading (decoded bytes, pages, text items, memory, time): too complex to read. */
export class PdfTooComplex extends Error {
  override readonly name = "PdfTooComplex";
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
 * The text of every page; throws PdfUnreadable when pdf.js cannot open the bytes (or they are encrypted), and
 * PdfTooComplex when reading them broke a limit. `handOver`: the bytes move to the worker (the caller's buffer is
 * detached) instead of being copied, as in the analysis, which reads each file for this alone.
 */
export async function readPdfText(
  bytes: Uint8Array,
  { handOver = false }: { handOver?: boolean } = {},
): Promise<PdfText> {
  const answer = await inPdfWorker("text", bytes, { handOver });
  switch (answer.kind) {
    case "text":
      return { pages: answer.pages.map(linesOf) };
    case "unreadable":
      throw new PdfUnreadable(answer.message);
    case "encrypted":
      throw new PdfUnreadable("encrypted");
    case "limit":
      throw new PdfTooComplex(answer.limit);
    case "timeout":
    case "crashed":
      throw new PdfTooComplex(answer.kind);
  }
}
