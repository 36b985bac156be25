import type { Db } from "../../db/kysely.server";
import { signLink } from "../../platform/signed-links.server";
import type { Viewer } from "../transfers/facts.server";
import { findScopedTransfer } from "../transfers/scope.server";

/**
 * A document as a viewer may reach it: through a transfer in their scope, and only a document of that transfer.
 * Anything else (missing, out of scope, another transfer's document) is null, which pages answer as not found.
 */
export async function documentForViewer(db: Db, viewer: Viewer, transferId: string, documentId: string) {
  const transfer = await findScopedTransfer(db, viewer, transferId);
  if (!transfer) return null;
  const document = await db
    .selectFrom("documents")
    .select(["id", "transfer_id", "file_name", "status", "storage_key", "data_erased_at"])
    .where("id", "=", documentId)
    .where("transfer_id", "=", transfer.id)
    .executeTakeFirst();
  if (!document) return null;
  return {
    id: document.id,
    transferId: document.transfer_id,
    fileName: document.file_name,
    erased: document.data_erased_at !== null || document.storage_key === null,
    ready: document.status === "UploadVerified",
  };
}

/** What the signed file route needs (after the signature, not the session, said yes). */
export async function storedDocument(db: Db, documentId: string) {
  return db
    .selectFrom("documents")
    .select(["id", "file_name", "storage_key", "data_erased_at", "status"])
    .where("id", "=", documentId)
    .executeTakeFirst();
}

/** How long the signed link a document opens through stays valid: minutes, as whoever holds it may use it. */
export const DOCUMENT_LINK_TTL_MS = 5 * 60_000;

/** The signed link a document opens through; made only after the caller checked the viewer's scope. */
export function documentLink(documentId: string): string {
  return signLink(`/api/documents/${encodeURIComponent(documentId)}/file`, DOCUMENT_LINK_TTL_MS);
}
