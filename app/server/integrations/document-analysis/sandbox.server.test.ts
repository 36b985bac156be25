import { afterAll, describe, expect, it } from "vitest";
import { makePdf } from "~/server/demo/pdf.server";
import { closePdfWorkers, inPdfWorker, type PdfLimits } from "./sandbox.server";

/**
 * The PDF worker's outside limits (decision 044): the web process ends a read that takes too long or while which the
 * process's memory grows past the ceiling, and answers it as the document's failure, not as an error.
 */

const pdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg"] });
const LIMITS: PdfLimits = {
  decodedBytes: 48 * 1024 * 1024,
  pages: 500,
  textItems: 100_000,
  heapMb: 128,
  memoryBytes: 160 * 1024 * 1024,
  timeoutMs: 30_000,
};

afterAll(closePdfWorkers);

describe("inPdfWorker", () => {
  it("reads a PDF's text items within the limits, and verifies it", async () => {
    const text = await inPdfWorker("text", pdf, { limits: LIMITS });
    expect(text.kind).toBe("text");
    expect(JSON.stringify(text)).toContain("Åsa Öberg");
    expect(await inPdfWorker("verify", pdf, { limits: LIMITS })).toEqual({
      kind: "verify",
      result: { verified: true, pages: 1 },
    });
  });

  it("answers the document's own limits, pages and text items, and keeps the worker", async () => {
    const twoLines = makePdf({ title: "Avtal", lines: ["Säljare: Åsa Öberg", "Köpare: Erik Lind"] });
    expect(await inPdfWorker("text", twoLines, { limits: { ...LIMITS, textItems: 1 } })).toEqual({
      kind: "limit",
      limit: "textItems",
    });
    expect(await inPdfWorker("verify", pdf, { limits: { ...LIMITS, pages: 0 } })).toEqual({
      kind: "limit",
      limit: "pages",
    });
  });
  it("answers a read that outlives its time as a timeout", async () => {
    expect(await inPdfWorker("text", pdf, { limits: { ...LIMITS, timeoutMs: 1 } })).toEqual({
      kind: "timeout",
    });
  });

  it("answers a read while which the process grew past the ceiling as the memory limit", async () => {
    // A heap size no kept worker has: a new worker starts, and its start alone grows the process by megabytes.
    const answer = await inPdfWorker("text", pdf, { limits: { ...LIMITS, heapMb: 97, memoryBytes: 1 } });
    expect(answer).toEqual({ kind: "limit", limit: "memory" });
  });
});
