import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getDbHandle } from "~/server/db/db.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import "~/server/jobs/handlers/documents.server";
import { markSaleStopped, removeSaleStop } from "~/server/domain/transfers/actions.server";
import { personDisplayName } from "~/lib/person";
import { startFreshApp } from "../../../../tests/support/app";
import {
  TRANSFER_SUMMARY_JOB,
  enqueueTransferSummary,
  generateTransferSummary,
  loadSummaryContent,
  renderSummaryPdf,
} from "./summary.server";

import { buildUseCaseContext } from "../../context/use-case.server";
import { jobQueue } from "../../context/job-queue.server";
const NOW = new Date("2026-11-25T09:30:00Z");

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The PDF as pdf.js reads it: all text, the document information, MarkInfo and the first page's structure. */
async function readBack(bytes: Uint8Array) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts =
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
      "standard_fonts",
    ) + "/";
  const doc = await getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    standardFontDataUrl: fonts,
    verbosity: 0,
  }).promise;
  try {
    let text = "";
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += content.items.map((item) => ("str" in item ? item.str : "")).join("\n") + "\n";
    }
    const { info } = (await doc.getMetadata()) as unknown as { info: Record<string, unknown> };
    const markInfo = await doc.getMarkInfo();
    const structTree = await (await doc.getPage(1)).getStructTree();
    return { text, info, markInfo, structTree, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

function roles(node: unknown): string[] {
  const n = node as { role?: string; children?: unknown[] };
  return [...(n.role ? [n.role] : []), ...(n.children ?? []).flatMap(roles)];
}

const jobsOf = (transferId: string) =>
  getDb()
    .selectFrom("jobs")
    .select(["id", "state", "dedupe_key"])
    .where("type", "=", TRANSFER_SUMMARY_JOB)
    .where("transfer_id", "=", transferId)
    .orderBy("created_at")
    .execute();

const transferOf = (id: string) =>
  getDb().selectFrom("transfers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A seeded transfer with a summary, a decision and the most acquirers. */
async function decidedTransfer() {
  const db = getDb();
  const rows = await db
    .selectFrom("transfers")
    .innerJoin("transfer_parties", "transfer_parties.transfer_id", "transfers.id")
    .select(["transfers.id", (eb) => eb.fn.countAll<number>().as("acquirers")])
    .where("transfers.status", "=", "MembershipApproved")
    .where("transfers.summary_document_id", "is not", null)
    .where("transfer_parties.kind", "=", "Acquirer")
    .groupBy("transfers.id")
    .orderBy("acquirers", "desc")
    .orderBy("transfers.id")
    .execute();
  return rows[0]!.id;
}

function runner(published: Array<{ group: string; event: string; payload: unknown }>) {
  const { db, kind } = getDbHandle();
  return createJobRunner({
    db,
    kind,
    now: () => NOW,
    log: () => undefined,
    live: {
      publish: async (group: string, event: string, payload: unknown) => {
        published.push({ group, event, payload });
      },
      publishToUser: async () => undefined,
      accessChanged: async () => undefined,
    },
  });
}

beforeAll(async () => {
  await startFreshApp();
});

describe("the transfer summary PDF", () => {
  it("holds the object number and every acquirer, in Swedish, with a title, a language and tags", async () => {
    const transferId = await decidedTransfer();
    const transfer = await transferOf(transferId);
    const acquirers = await getDb()
      .selectFrom("transfer_parties")
      .select(["first_name", "last_name"])
      .where("transfer_id", "=", transferId)
      .where("kind", "=", "Acquirer")
      .execute();
    expect(acquirers.length).toBeGreaterThan(0);

    const content = await loadSummaryContent(getDb(), transferId, NOW);
    const { text, info, markInfo, structTree } = await readBack(
      await bytesOf(renderSummaryPdf(content!, NOW)),
    );

    expect(text).toContain(transfer.object_number);
    for (const a of acquirers) {
      expect(text).toContain(personDisplayName({ firstName: a.first_name, lastName: a.last_name }));
    }
    // å, ä and ö survive the standard font's encoding.
    expect(text).toContain("Sammanställning av överlåtelsen");
    expect(text).toContain("Förvärvare");
    expect(text).toContain("Medlemskap godkänt");
    expect(text).toMatch(/\d{8}-\d{4}/); // personal numbers as the app shows them
    expect(text).toMatch(/100,00\s%|50,00\s%/);
    expect(info.Title).toBe("Sammanställning av överlåtelsen");
    expect(info.Language).toBe("sv-SE");
    expect(markInfo?.Marked).toBe(true);
    expect(roles(structTree)).toEqual(expect.arrayContaining(["Document", "H1", "H2", "P"]));
  });

  it("a long summary flows onto further pages, still tagged", async () => {
    const content = (await loadSummaryContent(getDb(), await decidedTransfer(), NOW))!;
    const many = Array.from({ length: 90 }, (_, i) => ({
      name: `Åsa Öberg-Näslund ${i + 1}`,
      identifier: "19900101-1234",
      ownerShare: null,
      transferShare: "1,111111 %",
    }));
    const bytes = await bytesOf(renderSummaryPdf({ ...content, acquirers: many }, NOW));
    const { text, markInfo, pages } = await readBack(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Åsa Öberg-Näslund 90");
    expect(text).toContain("Medlemskapsbeslut");
    expect(markInfo?.Marked).toBe(true);
  });

  it("the job stores a new summary, points the transfer at it, removes the old one and says so", async () => {
    const db = getDb();
    const storage = getStorage();
    const transferId = await decidedTransfer();
    const before = await transferOf(transferId);
    const old = await db
      .selectFrom("documents")
      .selectAll()
      .where("id", "=", before.summary_document_id!)
      .executeTakeFirstOrThrow();
    expect(await storage.exists(old.storage_key!)).toBe(true);

    await db.transaction().execute((trx) => enqueueTransferSummary(jobQueue, trx, transferId, NOW));
    const published: Array<{ group: string; event: string; payload: unknown }> = [];
    await runner(published).drain();

    const after = await transferOf(transferId);
    expect(after.summary_document_id).not.toBe(old.id);
    expect(after.version).toBe(before.version); // no one's open form is refused for it
    const created = await db
      .selectFrom("documents")
      .selectAll()
      .where("id", "=", after.summary_document_id!)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      transfer_id: transferId,
      category: "TransferSummary",
      status: "UploadVerified",
      document_type: "pdf",
      file_name: "Sammanställning av överlåtelsen.pdf",
      storage_key: `transfers/${transferId}/summary-${created.id}.pdf`,
    });
    const stored = await bytesOf((await storage.get(created.storage_key!))!);
    expect(created.size_in_bytes).toBe(stored.byteLength);
    expect((await readBack(stored)).text).toContain(before.object_number);

    expect(await storage.exists(old.storage_key!)).toBe(false);
    expect(
      await db.selectFrom("documents").select("id").where("id", "=", old.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(published).toEqual([
      {
        group: `transfer:${transferId}`,
        event: "transferSummaryDocumentUpdated",
        payload: { transferId, documentId: created.id, fileName: "Sammanställning av överlåtelsen.pdf" },
      },
    ]);
    expect((await jobsOf(transferId)).map((j) => j.state)).toEqual(["done"]);

    // Run again (a retry, or the next change): one summary still, the newest.
    const again = await generateTransferSummary(
      buildUseCaseContext(db, "system", { now: NOW, ports: { storage } }),
      transferId,
    );
    expect(again).toMatchObject({ outcome: "generated", replaced: 1 });
    const summaries = await db
      .selectFrom("documents")
      .select("id")
      .where("transfer_id", "=", transferId)
      .where("category", "=", "TransferSummary")
      .execute();
    expect(summaries.map((s) => s.id)).toEqual([(await transferOf(transferId)).summary_document_id]);
    expect(await storage.exists(created.storage_key!)).toBe(false);

    // Once retention erased the summary, no new one writes the personal data out again.
    const current = (await transferOf(transferId)).summary_document_id!;
    await db
      .updateTable("documents")
      .set({ data_erased_at: NOW.toISOString(), storage_key: null })
      .where("id", "=", current)
      .execute();
    expect(
      await generateTransferSummary(
        buildUseCaseContext(db, "system", { now: NOW, ports: { storage } }),
        transferId,
      ),
    ).toEqual({
      outcome: "skipped",
      reason: "erased",
    });
    expect((await transferOf(transferId)).summary_document_id).toBe(current);
  });

  it("a change of a transfer that has a summary enqueues one waiting job in the change's transaction", async () => {
    const db = getDb();
    const transfer = await db
      .selectFrom("transfers")
      .selectAll()
      .where("status", "=", "MembershipReviewInProgress")
      .where("sale_status", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const system = buildUseCaseContext(db, "system" as const, { now: NOW });
    expect(await jobsOf(transfer.id)).toEqual([]);

    // A refused change (another version) rolls back and leaves no job.
    await expect(
      markSaleStopped(system, { transferId: transfer.id, version: transfer.version + 7 }),
    ).rejects.toMatchObject({ code: "Conflict" });
    // Nor does a transaction that enqueued and then failed.
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueTransferSummary(jobQueue, trx, transfer.id, NOW);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await jobsOf(transfer.id)).toEqual([]);

    // Two changes before the job runs: one waiting job.
    const stopped = await markSaleStopped(system, { transferId: transfer.id, version: transfer.version });
    await removeSaleStop(system, { transferId: transfer.id, version: stopped.version });
    const waiting = await jobsOf(transfer.id);
    expect(waiting).toEqual([
      { id: expect.any(String), state: "queued", dedupe_key: `${TRANSFER_SUMMARY_JOB}:${transfer.id}` },
    ]);

    // Once the job ran (it gave its key up as it started), the next change makes a new one.
    await runner([]).drain();
    const latest = await transferOf(transfer.id);
    await markSaleStopped(system, { transferId: transfer.id, version: latest.version });
    expect((await jobsOf(transfer.id)).map((j) => j.state)).toEqual(["done", "queued"]);
    await runner([]).drain();
  });

  it("a transfer not yet sent to the association has no summary and gets no job", async () => {
    const db = getDb();
    const transfer = await db
      .selectFrom("transfers")
      .selectAll()
      .where("status", "in", ["Initiated", "Draft", "ApplicationSent", "TransferReviewInProgress"])
      .where("sale_status", "is", null)
      .where("summary_document_id", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await markSaleStopped(buildUseCaseContext(db, "system", { now: NOW }), {
      transferId: transfer.id,
      version: transfer.version,
    });
    expect(await jobsOf(transfer.id)).toEqual([]);
    expect(
      await generateTransferSummary(
        buildUseCaseContext(db, "system", { now: NOW, ports: { storage: getStorage() } }),
        transfer.id,
      ),
    ).toEqual({
      outcome: "skipped",
      reason: "noSummary",
    });
    expect((await transferOf(transfer.id)).summary_document_id).toBeNull();
  });
});
