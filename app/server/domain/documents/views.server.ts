import type { DocumentRow } from "../../db/schema.server";
import type { DocumentCategory, DocumentStatus, DocumentType } from "~/lib/transfer";
import type { DocumentView } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { blockerTextKey } from "../core/policy.server";
import type { TransferFacts } from "../transfers/facts.server";
import { transferInView } from "../transfers/views.server";
import {
  documentCanBeRemoved,
  documentCanBeWithdrawn,
  documentCategoryCanBeChanged,
  documentUploadAction,
  uploadableCategories,
} from "./policies.server";

export function documentView(ctx: ViewContext, facts: TransferFacts, d: DocumentRow): DocumentView {
  const erased = d.data_erased_at !== null;
  const base = `/transfers/${d.transfer_id}/documents/${d.id}`;
  return {
    id: d.id,
    fileName: d.file_name,
    category: d.category as DocumentCategory,
    translatedCategory: ctx.t(`transfer:category.${d.category}`),
    sizeInBytes: d.size_in_bytes,
    belongsTo: d.belongs_to,
    created: d.created_at,
    dataErasedAt: d.data_erased_at,
    archivedAt: d.archived_at,
    fileId: erased ? null : d.storage_key,
    sensitive: d.sensitive === 1,
    canBeRemoved:
      documentCanBeRemoved(ctx.viewer, facts, d.id, ctx.now) ||
      documentCanBeWithdrawn(ctx.viewer, facts, d.id),
    canChangeCategory: documentCategoryCanBeChanged(ctx.viewer, facts, d.id),
    status: d.status as DocumentStatus,
    uploadUrl: null,
    documentType: d.document_type as DocumentType,
    previewUrl: erased || d.status !== "UploadVerified" ? null : `${base}?preview`,
    downloadUrl: erased || d.status !== "UploadVerified" ? null : base,
  };
}
/** The transfer's documents, or null when the transfer is missing or outside the scope. */
export async function listDocuments(ctx: ViewContext, transferId: string): Promise<DocumentView[] | null> {
  const found = await transferInView(ctx, transferId);
  if (!found) return null;
  const rows = await ctx.db
    .selectFrom("documents")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("supplement_answer_id", "is", null)
    .orderBy("created_at")
    .execute();
  return rows.map((d) => documentView(ctx, found.facts, d));
}

/** How long the uploader is told that an upload of theirs was rejected or timed out. */
const UPLOAD_FAILURE_NOTICE_MS = 24 * 60 * 60_000;

const REJECTION_REASONS = ["unreadable", "encrypted", "noPages", "tooComplex", "missing", "tooLarge"];

function parsed(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? "{}");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The viewer's own uploads of the last day that were removed, newest first, as spec 02 §8 says them: `Det gick inte
 * ladda upp {file} på grund av att {reason}.` (the verification rejected the file) and `Uppladdningen av {file} tog
 * för lång tid och avbröts. Försök på nytt.` (it never completed). The row is gone; its audit row tells.
 */
export async function uploadFailures(ctx: ViewContext, transferId: string): Promise<string[]> {
  const since = new Date(ctx.now.getTime() - UPLOAD_FAILURE_NOTICE_MS).toISOString();
  const rows = await ctx.db
    .selectFrom("audit_log")
    .select(["action", "before", "after"])
    .where("transfer_id", "=", transferId)
    .where("at", ">=", since)
    .where("action", "in", ["document.rejected", "document.uploadTimeout"])
    .orderBy("at", "desc")
    .execute();
  return rows.flatMap((row) => {
    const { fileName, uploadedBy } = parsed(row.before);
    if (uploadedBy !== ctx.viewer.id || typeof fileName !== "string") return [];
    if (row.action === "document.uploadTimeout")
      return [ctx.t("domain:documents.uploadTimedOut", { file: fileName })];
    const { reason } = parsed(row.after);
    const known = typeof reason === "string" && REJECTION_REASONS.includes(reason) ? reason : "unreadable";
    return [
      ctx.t("domain:documents.rejected", {
        file: fileName,
        reason: ctx.t(`domain:documents.rejectedBecause.${known}`),
      }),
    ];
  });
}

/**
 * The Dokument tab (spec 02 §2.5): the documents, the viewer's uploads that were removed, whether the viewer may
 * upload (and if not, why), and the categories an upload may take; null when the transfer is missing or outside the
 * scope.
 */
export async function documentsTab(ctx: ViewContext, transferId: string) {
  const found = await transferInView(ctx, transferId);
  if (!found) return null;
  const documents = await listDocuments(ctx, transferId);
  const upload = documentUploadAction(ctx.viewer, found.facts);
  const removals: Record<string, "erase" | "withdraw"> = {};
  for (const d of documents ?? []) {
    if (documentCanBeRemoved(ctx.viewer, found.facts, d.id, ctx.now)) removals[d.id] = "erase";
    else if (documentCanBeWithdrawn(ctx.viewer, found.facts, d.id)) removals[d.id] = "withdraw";
  }
  return {
    documents: documents ?? [],
    uploadFailures: await uploadFailures(ctx, transferId),
    removals,
    upload: upload
      ? { disabled: upload.disabled, reason: upload.reason ? ctx.t(blockerTextKey(upload.reason)) : null }
      : null,
    categories: uploadableCategories(found.facts.transferType).map((category) => ({
      value: category,
      label: ctx.t(`transfer:category.${category}`),
    })),
  };
}
