import type { DocumentStatus } from "~/lib/transfer";
import { userOf, type UseCaseContext } from "../core/context.server";
import { forbidden, notFound } from "../core/errors.server";
import { loadTransferFacts } from "../transfers/load.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { documentUploadCanBeMarked } from "./policies.server";
import { confirmStoredUpload } from "./uploads.server";

/**
 * POST …/documents/{documentId}/uploaded: the browser says its presigned PUT answered (decision 018), and the
 * document goes to verification if its bytes are there. A transfer or document the viewer cannot see is missing;
 * a side that did not upload it is refused (`documentUploadCanBeMarked`). Answers the document's status after it.
 */
export async function markUploaded(
  ctx: UseCaseContext,
  input: { transferId: string; documentId: string },
): Promise<{ id: string; status: DocumentStatus | null }> {
  const actor = userOf(ctx);
  const row = await findScopedTransfer(ctx.db, actor.viewer, input.transferId);
  if (!row) throw notFound();
  const facts = await loadTransferFacts(ctx.db, row, ctx.now ?? new Date());
  if (!facts.documents.some((d) => d.id === input.documentId)) throw notFound();
  if (!documentUploadCanBeMarked(actor.viewer, facts, input.documentId)) throw forbidden();
  await confirmStoredUpload(ctx, input.documentId);
  const document = await ctx.db
    .selectFrom("documents")
    .select("status")
    .where("id", "=", input.documentId)
    .executeTakeFirst();
  return { id: input.documentId, status: (document?.status as DocumentStatus | undefined) ?? null };
}
