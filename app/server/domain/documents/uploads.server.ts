import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import { CreateDocumentSchema, DocumentCategorySchema } from "~/schemas/documents";
import type { DocumentCategory, TransferType } from "~/lib/transfer";
import { forbidden, invalid, notFound } from "../core/errors.server";
import {
  documentCanBeRemoved,
  documentCanBeWithdrawn,
  documentCategoryCanBeChanged,
  documentUploadAction,
  uploadableCategories,
} from "./policies.server";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";
import { run } from "../core/pipeline.server";
import { parse } from "../core/parse.server";
import { userOf, type JobQueue, type UseCaseContext } from "../core/context.server";
import { checkedUpload, UploadRefusal, type UploadRefusalReason } from "./upload.server";
import { takeUploadSlot } from "../../platform/upload-slots.server";
import { meters } from "../../platform/meters.server";
import { requiredDocumentChanged } from "./analysis.server";

/**
 * Uploading, recategorising and removing a transfer's documents (decision 018; spec 02 §4 "Document upload", §7
 * "Documents"). Every change goes through the transfer pipeline (`run`): the transfer is read through the
 * viewer's scope, the documents policy is asked, an audit row is written. A document row is made before its bytes
 * arrive (UploadNotStarted for the JavaScript flow's PUT, UploadProgressing for a form post), so an upload that
 * never completes is a row the timeout job removes, never a file nobody knows of. The bytes are checked as they
 * stream (checkedUpload), written atomically by the storage, and the row moves to UploadPending with the
 * verification job enqueued in the same transaction.
 */

/** The verification job's type (jobs/handlers/documents.server registers it). */
export const VERIFY_DOCUMENT_JOB = "document.verify";

/** Document names of one category are sensitive when they hold more than the parties (spec 02 §3 "Document"). */
const SENSITIVE_CATEGORIES: ReadonlySet<DocumentCategory> = new Set(["EstateInventory", "PersonalGuarantee"]);

export function storageKeyOf(transferId: string, documentId: string): string {
  return `transfers/${transferId}/${documentId}.pdf`;
}

/** The ids the server makes; a storage key is built from them and nothing else. */
function newDocumentId(): string {
  return crypto.randomUUID();
}

/**
 * A transfer type's document requirements (GET api/core/transfers/{id}/documentrequirements; spec 03 §3, §5.6):
 * the required slots (one MembershipApplication, one of the type's agreement categories) and the optional
 * documents, at most 25 of them in the wizard's step 3.
 */
export function documentRequirements(type: TransferType) {
  return {
    transferType: type,
    required: [
      { restriction: "SingleDocumentOfCategory" as const, categories: ["MembershipApplication"] },
      { restriction: "SingleDocumentOfCategory" as const, categories: [...REQUIRED_DOCUMENT_BY_TYPE[type]] },
    ],
    optional: [{ restriction: "MultipleDocumentsOfCategory" as const, categories: ["PersonalGuarantee"] }],
    maxOptionalDocuments: 25,
    uploadableCategories: uploadableCategories(type),
  };
}

/**
 * A new document row for an upload the viewer may make, in a category the transfer takes. `awaitingPut`: the
 * JavaScript flow, whose bytes come later by PUT; `receiving`: a form post whose bytes follow at once.
 */
export async function createDocument(
  ctx: UseCaseContext,
  input: { transferId: string; fileName: unknown; category: unknown },
  mode: "awaitingPut" | "receiving",
): Promise<{ documentId: string; storageKey: string; fileName: string; category: DocumentCategory }> {
  const data = parse(CreateDocumentSchema, { fileName: input.fileName, category: input.category });
  const actor = userOf(ctx);
  const documentId = newDocumentId();
  const storageKey = storageKeyOf(input.transferId, documentId);
  await run(ctx, input.transferId, {
    offered: (viewer, facts) => {
      const upload = documentUploadAction(viewer, facts);
      if (upload && !upload.disabled && !uploadableCategories(facts.transferType).includes(data.category)) {
        throw invalid({ category: ["documents.categoryNotAllowed"] });
      }
      return upload;
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "document",
      entityId: documentId,
      action: "document.create",
      before: null,
      after: { fileName: data.fileName, category: data.category },
    }),
    write: async (trx, row, at) => {
      await trx
        .insertInto("documents")
        .values({
          id: documentId,
          transfer_id: row.id,
          file_name: data.fileName,
          category: data.category,
          status: mode === "awaitingPut" ? "UploadNotStarted" : "UploadProgressing",
          document_type: "pdf",
          size_in_bytes: null,
          belongs_to: null,
          sensitive: SENSITIVE_CATEGORIES.has(data.category) ? 1 : 0,
          storage_key: storageKey,
          uploaded_by_user_id: actor.viewer.id,
          supplement_answer_id: null,
          created_at: at,
          verified_at: null,
          data_erased_at: null,
          archived_at: null,
        })
        .execute();
    },
  });
  return { documentId, storageKey, fileName: data.fileName, category: data.category };
}

export type ReceiveOutcome =
  | { outcome: "pending"; sizeInBytes: number }
  | { outcome: "refused"; reason: UploadRefusalReason }
  /** The document is not waiting for bytes (gone, already received, erased). */
  | { outcome: "notAwaiting" }
  /** The stream broke off: what was written is gone, the row waits for a retry or the timeout job. */
  | { outcome: "broken" };

async function deleteRefused(db: Db, documentId: string, transferId: string, reason: string, at: string) {
  meters()?.uploadRefused(reason);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("documents").where("id", "=", documentId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return;
    await trx
      .insertInto("audit_log")
      .values({
        id: crypto.randomUUID(),
        transfer_id: transferId,
        entity: "document",
        entity_id: documentId,
        action: "document.refused",
        user_id: null,
        at,
        before: null,
        after: JSON.stringify({ reason }),
      })
      .execute();
  });
}

/**
 * Refuses a document's upload before reading it (a declared length over the limit): the row goes as a refused
 * upload would. False when the document was not waiting for bytes.
 */
export async function refuseUpload(
  db: Db,
  documentId: string,
  reason: UploadRefusalReason,
  { now = new Date() }: { now?: Date } = {},
): Promise<boolean> {
  const document = await db
    .selectFrom("documents")
    .select(["id", "transfer_id", "status"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (!document || !["UploadNotStarted", "UploadProgressing"].includes(document.status)) return false;
  await deleteRefused(db, document.id, document.transfer_id, reason, now.toISOString());
  return true;
}

/** The name an upload's messages call the file by. */
export async function uploadFileName(db: Db, documentId: string): Promise<string | null> {
  const row = await db
    .selectFrom("documents")
    .select("file_name")
    .where("id", "=", documentId)
    .executeTakeFirst();
  return row?.file_name ?? null;
}

/** Marks the document UploadPending and enqueues its verification, in one transaction. */
async function markReceived(
  { db, jobs }: { db: Db; jobs: JobQueue },
  documentId: string,
  sizeInBytes: number,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("documents")
      .set({ status: "UploadPending", size_in_bytes: sizeInBytes })
      .where("id", "=", documentId)
      .where("status", "in", ["UploadNotStarted", "UploadProgressing"])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await jobs.enqueue(
      trx,
      { type: VERIFY_DOCUMENT_JOB, payload: { documentId }, dedupeKey: `verify:${documentId}` },
      now,
    );
    return true;
  });
}

/**
 * The bytes of a document that waits for them, streamed through the upload checks into storage. A refused file
 * (not a PDF, over 25 MB, empty) leaves neither file nor row; a stream that breaks off leaves no file and the
 * row UploadProgressing, so the same upload may be retried and the timeout job removes it otherwise. An uploader
 * who already has the most uploads streaming is refused (`tooMany`) before a byte is read.
 */
export async function receiveUpload(
  ctx: UseCaseContext,
  documentId: string,
  body: ReadableStream<Uint8Array>,
): Promise<ReceiveOutcome> {
  const { db } = ctx;
  const now = ctx.now ?? new Date();
  const document = await db
    .selectFrom("documents")
    .select(["id", "transfer_id", "status", "storage_key", "uploaded_by_user_id"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (!document?.storage_key || !["UploadNotStarted", "UploadProgressing"].includes(document.status)) {
    await body.cancel().catch(() => undefined);
    return { outcome: "notAwaiting" };
  }
  const slot = takeUploadSlot(document.uploaded_by_user_id ?? `document:${document.id}`);
  if (!slot) {
    await body.cancel().catch(() => undefined);
    await deleteRefused(db, document.id, document.transfer_id, "tooMany", now.toISOString());
    return { outcome: "refused", reason: "tooMany" };
  }
  try {
    return await receiveInto(ctx, { ...document, storage_key: document.storage_key }, body, now);
  } finally {
    slot.release();
  }
}

async function receiveInto(
  ctx: UseCaseContext,
  document: { id: string; transfer_id: string; storage_key: string },
  body: ReadableStream<Uint8Array>,
  now: Date,
): Promise<ReceiveOutcome> {
  const { db, storage } = ctx;
  const documentId = document.id;
  await db
    .updateTable("documents")
    .set({ status: "UploadProgressing" })
    .where("id", "=", documentId)
    .where("status", "=", "UploadNotStarted")
    .execute();
  const checked = checkedUpload();
  let sizeInBytes: number;
  try {
    ({ sizeInBytes } = await storage.put(document.storage_key, body.pipeThrough(checked.stream)));
  } catch (error) {
    await storage.delete(document.storage_key).catch(() => false);
    if (error instanceof UploadRefusal) {
      await body.cancel().catch(() => undefined);
      await deleteRefused(db, document.id, document.transfer_id, error.reason, now.toISOString());
      return { outcome: "refused", reason: error.reason };
    }
    return { outcome: "broken" };
  }
  if (!(await markReceived(ctx, document.id, sizeInBytes, now))) {
    // Removed meanwhile (the timeout job, a withdrawal): the bytes have no row, so they go too.
    await storage.delete(document.storage_key).catch(() => false);
    return { outcome: "notAwaiting" };
  }
  meters()?.uploadStored(sizeInBytes);
  return { outcome: "pending", sizeInBytes };
}

/**
 * The JavaScript flow with S3: the browser has PUT the file to a presigned URL, so the server only learns of it
 * here (or from the timeout sweep): when the object is there, the document goes to UploadPending and is verified
 * like any other (type, size and readability are the verification job's to judge).
 */
export async function confirmStoredUpload(ctx: UseCaseContext, documentId: string): Promise<boolean> {
  const { db, storage } = ctx;
  const document = await db
    .selectFrom("documents")
    .select(["id", "status", "storage_key"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  // Only a document whose bytes were to come by presigned PUT: one we stream ourselves is marked as it is stored.
  if (!document?.storage_key || document.status !== "UploadNotStarted") return false;
  if (!(await storage.exists(document.storage_key))) return false;
  return markReceived(ctx, document.id, 0, ctx.now ?? new Date());
}

/** The document of a transfer in the viewer's scope, or NotFound (another transfer's id is missing too). */
async function scopedDocument(ctx: UseCaseContext, transferId: string, documentId: string) {
  const document = await ctx.db
    .selectFrom("documents")
    .select(["id", "transfer_id", "category", "storage_key", "status", "file_name"])
    .where("id", "=", documentId)
    .where("transfer_id", "=", transferId)
    .executeTakeFirst();
  if (!document) throw notFound();
  return document;
}

/** A new category for a document (PUT …/documents/{documentId}/category), one the transfer takes. */
export async function changeDocumentCategory(
  ctx: UseCaseContext,
  input: { transferId: string; documentId: string; category: unknown },
): Promise<{ category: DocumentCategory }> {
  const { category } = parse(DocumentCategorySchema, { category: input.category });
  userOf(ctx);
  let before: string | null = null;
  await run(ctx, input.transferId, {
    offered: (viewer, facts) => {
      const document = facts.documents.find((d) => d.id === input.documentId);
      if (!document) throw notFound();
      before = document.category;
      if (!documentCategoryCanBeChanged(viewer, facts, input.documentId)) throw forbidden();
      if (!uploadableCategories(facts.transferType).includes(category)) {
        throw invalid({ category: ["documents.categoryNotAllowed"] });
      }
      return { type: "ChangeCategory", disabled: false, reason: null };
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "document",
      entityId: input.documentId,
      action: "document.category",
      before: { category: before },
      after: { category },
    }),
    write: async (trx, _row, at) => {
      await trx
        .updateTable("documents")
        .set({ category, sensitive: SENSITIVE_CATEGORIES.has(category) ? 1 : 0 })
        .where("id", "=", input.documentId)
        .where("transfer_id", "=", input.transferId)
        .execute();
      await requiredDocumentChanged(ctx.jobs, trx, input.transferId, [before, category], new Date(at));
    },
  });
  return { category };
}

export type RemovalKind = "withdrawn" | "erased";

/**
 * DELETE …/documents/{documentId}: the property manager's erasure once the retention time after the decision has
 * passed (`documentCanBeRemoved`: the row stays as `Raderat dokument`, the file goes), or the uploader withdrawing
 * their own upload before it counts (`documentCanBeWithdrawn`: row and file go). The file is deleted last inside
 * the transaction, so a storage failure leaves the document as it was (and the request fails) rather than a row
 * whose file is gone.
 */
export async function removeDocument(
  ctx: UseCaseContext,
  input: { transferId: string; documentId: string },
): Promise<{ kind: RemovalKind; fileName: string }> {
  userOf(ctx);
  const document = await scopedDocument(ctx, input.transferId, input.documentId);
  let kind: RemovalKind = "erased";
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      if (!facts.documents.some((d) => d.id === input.documentId)) throw notFound();
      if (documentCanBeRemoved(viewer, facts, input.documentId, now)) kind = "erased";
      else if (documentCanBeWithdrawn(viewer, facts, input.documentId)) kind = "withdrawn";
      else throw forbidden("errors.documentNotRemovable");
      return { type: "RemoveDocument", disabled: false, reason: null };
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "document",
      entityId: input.documentId,
      action: kind === "erased" ? "document.erase" : "document.withdraw",
      before: { fileName: document.file_name, category: document.category, storageKey: document.storage_key },
      after: { kind },
    }),
    write: async (trx, _row, at) => {
      const query =
        kind === "erased"
          ? trx
              .updateTable("documents")
              .set({ data_erased_at: at, storage_key: null })
              .where("id", "=", input.documentId)
              .where("data_erased_at", "is", null)
          : trx.deleteFrom("documents").where("id", "=", input.documentId);
      await query.execute();
      // A removed or erased required document makes the analysis stale (decision 020).
      await requiredDocumentChanged(ctx.jobs, trx, input.transferId, [document.category], new Date(at));
      if (document.storage_key) await ctx.storage.delete(document.storage_key);
    },
  });
  return { kind, fileName: document.file_name };
}
