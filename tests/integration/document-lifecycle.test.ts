import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import {
  expireStalledUploads,
  UPLOAD_TIMEOUT_MS,
  verifyDocument,
} from "~/server/domain/documents/lifecycle.server";
import type { LivePublisher } from "~/server/domain/core/events.server";
import { createDiskStorage } from "~/server/integrations/storage/index.server";
import { startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/** After the bytes are stored (decision 018): verification by the job, rejection and the upload timeout. */

const NOW = new Date("2026-11-25T10:00:00.000Z");
const storage = createDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "op-docs-")));
const events: Array<{ group: string; event: string; payload: unknown }> = [];
const live: LivePublisher = {
  async publish(group, event, payload) {
    events.push({ group, event, payload });
  },
  async publishToUser() {},
  async accessChanged() {},
};

async function document(id: string, status: string, bytes: Uint8Array | null, createdAgoMs = 0) {
  const key = `transfers/lc-1/${id}.pdf`;
  if (bytes) await storage.put(key, bytes);
  await getDb()
    .insertInto("documents")
    .values({
      id,
      transfer_id: "lc-1",
      file_name: `${id}.pdf`,
      category: "TransferAgreement",
      status,
      document_type: "pdf",
      size_in_bytes: null,
      sensitive: 0,
      storage_key: key,
      created_at: new Date(NOW.getTime() - createdAgoMs).toISOString(),
    })
    .execute();
  return key;
}

const row = (id: string) =>
  getDb()
    .selectFrom("documents")
    .select(["status", "verified_at", "size_in_bytes"])
    .where("id", "=", id)
    .executeTakeFirst();

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
  await insertTransfer(getDb(), { id: "lc-1", objectId: WORLD.objectA });
});

describe("verification", () => {
  it("verifies a readable PDF: status, time, size, and documentVerified to the transfer's group", async () => {
    const pdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg"] });
    await document("d-ok", "UploadPending", pdf);
    expect(
      await verifyDocument(
        buildUseCaseContext(getDb(), "system", { now: NOW, live, ports: { storage } }),
        "d-ok",
      ),
    ).toEqual({
      outcome: "verified",
      pages: 1,
    });
    expect(await row("d-ok")).toEqual({
      status: "UploadVerified",
      verified_at: NOW.toISOString(),
      size_in_bytes: pdf.byteLength,
    });
    expect(events.at(-1)).toEqual({
      group: "transfer:lc-1",
      event: "documentVerified",
      payload: { transferId: "lc-1", documentId: "d-ok" },
    });
    // A second run (a retried job) changes nothing.
    expect(
      await verifyDocument(
        buildUseCaseContext(getDb(), "system", { now: NOW, live, ports: { storage } }),
        "d-ok",
      ),
    ).toEqual({
      outcome: "skipped",
    });
  });

  it("rejects what pdf.js cannot read, and a file that is gone: row and file removed, audited, documentRejected", async () => {
    const key = await document("d-bad", "UploadPending", new TextEncoder().encode("%PDF-1.7 trasig"));
    await document("d-gone", "UploadPending", null);
    expect(
      await verifyDocument(
        buildUseCaseContext(getDb(), "system", { now: NOW, live, ports: { storage } }),
        "d-bad",
      ),
    ).toEqual({
      outcome: "rejected",
      reason: "unreadable",
    });
    expect(
      await verifyDocument(
        buildUseCaseContext(getDb(), "system", { now: NOW, live, ports: { storage } }),
        "d-gone",
      ),
    ).toEqual({
      outcome: "rejected",
      reason: "missing",
    });
    expect(await row("d-bad")).toBeUndefined();
    expect(await storage.exists(key)).toBe(false);
    expect(events.slice(-2).map((e) => [e.event, (e.payload as { reason: string }).reason])).toEqual([
      ["documentRejected", "unreadable"],
      ["documentRejected", "missing"],
    ]);
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["entity_id", "action"])
      .where("action", "=", "document.rejected")
      .orderBy("entity_id")
      .execute();
    expect(audit).toEqual([
      { entity_id: "d-bad", action: "document.rejected" },
      { entity_id: "d-gone", action: "document.rejected" },
    ]);
  });
});

describe("the upload timeout", () => {
  it("removes uploads started more than 30 minutes ago and never completed; newer ones and pending ones stay", async () => {
    const stalledKey = await document(
      "d-stalled",
      "UploadProgressing",
      makePdf({ title: "halv", lines: [] }),
      UPLOAD_TIMEOUT_MS + 1,
    );
    await document("d-fresh", "UploadNotStarted", null, UPLOAD_TIMEOUT_MS - 60_000);
    await document(
      "d-pending",
      "UploadPending",
      makePdf({ title: "väntar", lines: [] }),
      UPLOAD_TIMEOUT_MS * 2,
    );
    expect(
      await expireStalledUploads(
        buildUseCaseContext(getDb(), "system", { now: NOW, live, ports: { storage } }),
      ),
    ).toBe(1);
    expect(await row("d-stalled")).toBeUndefined();
    expect(await storage.exists(stalledKey)).toBe(false);
    expect(await row("d-fresh")).toBeDefined();
    expect(await row("d-pending")).toBeDefined();
    expect(events.at(-1)).toMatchObject({
      event: "documentUploadTimeout",
      payload: { documentId: "d-stalled" },
    });
    expect(
      await expireStalledUploads(
        buildUseCaseContext(getDb(), "system", { now: NOW, live, ports: { storage } }),
      ),
    ).toBe(0);
  });
});
