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

  it("answers a read while which the process was past the ceiling as the memory limit", async () => {
    // A ceiling below any change of the process's memory: how far it grows during one read is not something a test
    // can hold still (a worker's start grows it by megabytes, a collection elsewhere in the same thread shrinks it),
    // and a ceiling of one byte failed when the collection came first. What is tested is what a breach does.
    const past = { ...LIMITS, memoryBytes: Number.NEGATIVE_INFINITY };
    expect(await inPdfWorker("text", pdf, { limits: past })).toEqual({ kind: "limit", limit: "memory" });
    // After a breach the next read still gets a worker and reads.
    expect((await inPdfWorker("text", pdf, { limits: LIMITS })).kind).toBe("text");
  });
});
