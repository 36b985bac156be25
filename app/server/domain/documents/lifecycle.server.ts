import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { FileStorage } from "../../integrations/storage/types.server";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import type { UseCaseContext } from "../core/context.server";
import { transferGroup } from "../core/events.server";
import { collectUpTo } from "../../platform/body.server";
import { verifyPdf } from "./verify.server";
import { confirmStoredUpload } from "./uploads.server";
import { requiredDocumentChanged } from "./analysis.server";

/**
 * A document after its bytes are stored (spec 02 §4 "Document upload"): UploadPending until the verification job
 * has opened it; then UploadVerified (`documentVerified`), or removed with its reason (`documentRejected`). An
 * upload that never completed is removed after UPLOAD_TIMEOUT_MS (`documentUploadTimeout`). Removal deletes the
 * stored file first, then the row, and writes an audit row; each step is safe to repeat.
 */

export const UPLOAD_TIMEOUT_MS = 30 * 60_000;

export type VerifyOutcome =
  | { outcome: "verified"; pages: number }
  | {
      outcome: "rejected";
      reason: "unreadable" | "encrypted" | "noPages" | "tooComplex" | "missing" | "tooLarge";
    }
  | { outcome: "skipped" };

/** The stored file whole, read into one buffer of the size the upload recorded (0 when unknown: S3's PUT). */
async function readWhole(
  storage: FileStorage,
  key: string,
  expectedSize: number,
): Promise<Uint8Array | "missing" | "tooLarge"> {
  const stream = await storage.get(key);
  if (!stream) return "missing";
  return (await collectUpTo(stream, MAX_UPLOAD_BYTES, { expectedSize })) ?? "tooLarge";
}

interface RemovedDocument {
  id: string;
  transfer_id: string;
  storage_key: string | null;
  file_name: string;
  uploaded_by_user_id: string | null;
}

/**
 * Removes the file and the row; the audit row keeps the file's name and uploader, so that the uploader's Dokument tab
 * can say what became of it (views.server uploadFailures).
 */
async function removeDocument(
  db: Db,
  storage: FileStorage,
  document: RemovedDocument,
  action: string,
  reason: string,
  at: string,
) {
  if (document.storage_key) await storage.delete(document.storage_key);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("documents").where("id", "=", document.id).execute();
    await trx
      .insertInto("audit_log")
      .values({
        id: crypto.randomUUID(),
        transfer_id: document.transfer_id,
        entity: "document",
        entity_id: document.id,
        action,
        user_id: null,
        at,
        before: JSON.stringify({
          storageKey: document.storage_key,
          fileName: document.file_name,
          uploadedBy: document.uploaded_by_user_id,
        }),
        after: JSON.stringify({ reason }),
      })
      .execute();
  });
}

/** The verification job's work for one document; a document that is gone or no longer pending is skipped. */
export async function verifyDocument(ctx: UseCaseContext, documentId: string): Promise<VerifyOutcome> {
  const { db, storage, live } = ctx;
  const now = ctx.now ?? new Date();
  const document = await db
    .selectFrom("documents")
    .select([
      "id",
      "transfer_id",
      "storage_key",
      "status",
      "category",
      "size_in_bytes",
      "file_name",
      "uploaded_by_user_id",
    ])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (!document || document.status !== "UploadPending" || !document.storage_key)
    return { outcome: "skipped" };
  const bytes = await readWhole(storage, document.storage_key, document.size_in_bytes ?? 0);
  const sizeInBytes = typeof bytes === "string" ? 0 : bytes.byteLength;
  const result =
    typeof bytes === "string"
      ? ({ verified: false, reason: bytes } as const)
      : await verifyPdf(bytes, { handOver: true });
  const at = now.toISOString();
  if (result.verified) {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("documents")
        .set({ status: "UploadVerified", verified_at: at, size_in_bytes: sizeInBytes })
        .where("id", "=", document.id)
        .where("status", "=", "UploadPending")
        .executeTakeFirst();
      // The last required document verified starts the analysis (one run however many arrive together).
      if (Number(updated.numUpdatedRows) === 1) {
        await requiredDocumentChanged(ctx.jobs, trx, document.transfer_id, [document.category], now);
      }
    });
    await live?.publish(transferGroup(document.transfer_id), "documentVerified", {
      transferId: document.transfer_id,
      documentId: document.id,
    });
    return { outcome: "verified", pages: result.pages };
  }
  await removeDocument(db, storage, document, "document.rejected", result.reason, at);
  await live?.publish(transferGroup(document.transfer_id), "documentRejected", {
    transferId: document.transfer_id,
    documentId: document.id,
    reason: result.reason,
  });
  return { outcome: "rejected", reason: result.reason };
}

/** Uploads that were started but never completed, removed after the timeout; how many went. */
export async function expireStalledUploads(ctx: UseCaseContext): Promise<number> {
  const { db, storage, live } = ctx;
  const now = ctx.now ?? new Date();
  const cutoff = new Date(now.getTime() - UPLOAD_TIMEOUT_MS).toISOString();
  const stalled = await db
    .selectFrom("documents")
    .select(["id", "transfer_id", "storage_key", "file_name", "uploaded_by_user_id"])
    .where("status", "in", ["UploadNotStarted", "UploadProgressing"])
    .where("created_at", "<=", cutoff)
    .orderBy("id")
    .execute();
  let removed = 0;
  for (const document of stalled) {
    // A presigned S3 upload the browser completed without telling us is verified, not removed.
    if (await confirmStoredUpload(ctx, document.id)) continue;
    removed++;
    await removeDocument(db, storage, document, "document.uploadTimeout", "timeout", now.toISOString());
    await live?.publish(transferGroup(document.transfer_id), "documentUploadTimeout", {
      transferId: document.transfer_id,
      documentId: document.id,
    });
  }
  return removed;
}
