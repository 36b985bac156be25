import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import type { UseCaseContext } from "../core/context.server";
import { VERIFY_DOCUMENT_JOB } from "../documents/uploads.server";

/**
 * The file of a decision a property manager announces (decision 028): stored while the form is read, kept with the
 * sign session while it is signed, and made the transfer's MembershipDecision document in the decision's own
 * transaction; a signing that ends without a decision deletes it.
 */

/** An announced decision's file, already streamed into storage (checked: a PDF under the limit). */
export interface StoredDecisionFile {
  storageKey: string;
  fileName: string;
  sizeInBytes: number;
}

/** The decision file as the transfer's document (category MembershipDecision), verified like any upload. */
export function decisionDocument(ctx: UseCaseContext, file: StoredDecisionFile, userId: string) {
  return async (trx: Db, row: TransferRow, at: string): Promise<string> => {
    const documentId = crypto.randomUUID();
    await trx
      .insertInto("documents")
      .values({
        id: documentId,
        transfer_id: row.id,
        file_name: file.fileName,
        category: "MembershipDecision",
        status: "UploadPending",
        document_type: "pdf",
        size_in_bytes: file.sizeInBytes,
        belongs_to: null,
        sensitive: 0,
        storage_key: file.storageKey,
        uploaded_by_user_id: userId,
        supplement_answer_id: null,
        created_at: at,
        verified_at: null,
        data_erased_at: null,
        archived_at: null,
      })
      .execute();
    await ctx.jobs.enqueue(
      trx,
      { type: VERIFY_DOCUMENT_JOB, payload: { documentId }, dedupeKey: `verify:${documentId}` },
      new Date(at),
    );
    return documentId;
  };
}

/** An ended signing's decision file has no use: the decision that would have kept it was never made. */
export async function dropDecisionFile(
  ctx: UseCaseContext,
  session: { decision_file_key: string | null },
): Promise<void> {
  if (session.decision_file_key) await ctx.storage.delete(session.decision_file_key).catch(() => false);
}
