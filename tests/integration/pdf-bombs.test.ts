import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import { documentAnalysisOf, requiredDocumentChanged } from "~/server/domain/documents/analysis.server";
import { verifyDocument } from "~/server/domain/documents/lifecycle.server";
import { buildUseCaseContext } from "~/server/context/use-case.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import "~/server/jobs/handlers/documents.server";
import { startFreshApp } from "../support/app";
import { addDocument } from "../support/documents";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";
import { deflateBombPdf, hugeImagePdf, manyPagesPdf, objectStreamBombPdf } from "../support/pdfs";

/**
 * Decompression bombs (decision 044): files of a few hundred kilobytes that pdf.js would inflate to hundreds of
 * megabytes, or whose pages are many. The verification refuses each, the analysis of one that got past it fails,
 * and the process's memory stays near where it was: pdf.js reads them in the PDF worker, within its limits.
 */

const NOW = new Date("2026-11-25T10:00:00.000Z");
const MB = 1024 * 1024;
/** How far the process's resident memory may rise while the bombs are read. */
const HEADROOM = 150 * MB;
const APPLICATION = makePdf({
  title: "Ansökan om medlemskap",
  lines: ["Sökande: Erik Lind, 19850709-9805", "Andel som förvärvas: 100 %"],
});

const bombs: Record<string, Uint8Array> = {};

/** A document of Maria's upload in the given status, its bytes in the storage. */
function upload(transferId: string, id: string, category: string, bytes: Uint8Array, status: string) {
  return addDocument(
    id,
    transferId,
    {
      file_name: `${id}.pdf`,
      category,
      status,
      uploaded_by_user_id: "user-maria",
      created_at: NOW.toISOString(),
    },
    bytes,
  );
}

/** The highest resident memory above the level before `work`, sampled every few milliseconds. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
  try {
    await work();
  } finally {
    clearInterval(sample);
  }
  return Math.max(peak, process.memoryUsage.rss()) - baseline;
}

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
  // Each inflates to at least 256 MB (the image's pixels too: 16384²), and the pages are 40 times the limit.
  bombs.deflate = await deflateBombPdf(256);
  bombs.objectStreams = await objectStreamBombPdf(200);
  bombs.pages = manyPagesPdf(20_000);
  bombs.image = await hugeImagePdf(16_384);
  for (const name of Object.keys(bombs)) {
    for (const use of ["verify", "analyse"]) {
      await insertTransfer(getDb(), {
        id: `bomb-${use}-${name}`,
        objectId: WORLD.objectA,
        transfer_type: "Purchase",
        status: "Draft",
      });
    }
  }
}, 120_000);

describe("PDF bombs", () => {
  it("are small files, far below the upload limit", () => {
    for (const bytes of Object.values(bombs)) expect(bytes.byteLength).toBeLessThan(3 * MB);
  });

  it("are rejected by the verification as too complex, the process's memory staying within 150 MB", async () => {
    const outcomes: Record<string, unknown> = {};
    const growth = await peakGrowth(async () => {
      for (const [name, bytes] of Object.entries(bombs)) {
        await upload(
          `bomb-verify-${name}`,
          `bomb-verify-${name}`,
          "TransferAgreement",
          bytes,
          "UploadPending",
        );
        const ctx = buildUseCaseContext(getDb(), "system", { now: NOW });
        outcomes[name] = await verifyDocument(ctx, `bomb-verify-${name}`);
      }
    });
    expect(outcomes).toEqual({
      deflate: { outcome: "rejected", reason: "tooComplex" },
      objectStreams: { outcome: "rejected", reason: "tooComplex" },
      pages: { outcome: "rejected", reason: "tooComplex" },
      image: { outcome: "rejected", reason: "tooComplex" },
    });
    expect(growth).toBeLessThan(HEADROOM);
    // Rejected as any unreadable upload is: the row and the file gone, the reason audited.
    const ids = Object.keys(bombs).map((name) => `bomb-verify-${name}`);
    expect(await getDb().selectFrom("documents").select("id").where("id", "in", ids).execute()).toEqual([]);
    const audited = await getDb()
      .selectFrom("audit_log")
      .select(["entity_id", "after"])
      .where("action", "=", "document.rejected")
      .where("entity_id", "in", ids)
      .orderBy("entity_id")
      .execute();
    expect(audited.map((row) => [row.entity_id, JSON.parse(row.after ?? "{}").reason])).toEqual(
      [...ids].sort().map((id) => [id, "tooComplex"]),
    );
  }, 120_000);

  it("fail the analysis when they were verified (TooComplex), the process's memory staying within 150 MB", async () => {
    const runner = createJobRunner({ db: getDb(), kind: "sqlite", pollMs: 10, now: () => NOW });
    const analyses: Record<string, unknown> = {};
    const growth = await peakGrowth(async () => {
      for (const [name, bytes] of Object.entries(bombs)) {
        const transferId = `bomb-analyse-${name}`;
        await upload(transferId, `${transferId}-agreement`, "TransferAgreement", bytes, "UploadPending");
        await upload(
          transferId,
          `${transferId}-application`,
          "MembershipApplication",
          APPLICATION,
          "UploadVerified",
        );
        // Verified as an older release would have: the analysis is bounded on its own, not only behind the check.
        await getDb()
          .updateTable("documents")
          .set({ status: "UploadVerified" })
          .where("id", "=", `${transferId}-agreement`)
          .execute();
        const ctx = buildUseCaseContext(getDb(), "system", { now: NOW });
        await getDb()
          .transaction()
          .execute((trx) => requiredDocumentChanged(ctx.jobs, trx, transferId, ["TransferAgreement"], NOW));
        await runner.drain();
        analyses[name] = (await documentAnalysisOf(getDb(), transferId))?.failure;
      }
    });
    expect(analyses).toEqual({
      deflate: "TooComplex",
      objectStreams: "TooComplex",
      pages: "TooComplex",
      image: "TooComplex",
    });
    expect(growth).toBeLessThan(HEADROOM);
  }, 240_000);
});
