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

/**
 * The Dokument tab (spec 02 §2.5): the documents, whether the viewer may upload (and if not, why), and the
 * categories an upload may take; null when the transfer is missing or outside the scope.
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
