import crypto from "node:crypto";
import type { DocumentCategory } from "~/lib/transfer";
import { CreateDocumentSchema } from "~/schemas/documents";
import { userOf, type UseCaseContext } from "../core/context.server";
import { DomainError, invalid } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { storageKeyOf } from "../documents/uploads.server";
import { answerDocumentOf, answerOffered, draftAnswerOf, notPending, requestOf } from "./answer-state.server";

/**
 * POST …/answers/document {fileName} and the answer's upload form: a document row for the answer, in the request's
 * category, whose bytes follow (by PUT to the upload URL, or at once in the form post). One document at a time
 * ('Det går endast att komplettera med ett dokument åt gången.'): a second is refused until the first is removed.
 */
export async function createAnswerDocument(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; fileName: unknown },
  mode: "awaitingPut" | "receiving",
): Promise<{ documentId: string; storageKey: string; fileName: string }> {
  const actor = userOf(ctx);
  const { fileName } = parse(CreateDocumentSchema.pick({ fileName: true }), { fileName: input.fileName });
  const documentId = crypto.randomUUID();
  const storageKey = storageKeyOf(input.transferId, documentId);
  let category: DocumentCategory = "Other";
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      category = requestOf(facts, input.requestId).category;
      return answerOffered(input.requestId)(viewer, facts, now);
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.answerDocument",
      before: null,
      after: { documentId, fileName },
    }),
    write: async (trx, row, at) => {
      const answer = await draftAnswerOf(trx, input.requestId, at);
      if (await answerDocumentOf(trx, answer)) throw invalid({ file: ["supplements.oneDocument"] });
      await trx
        .insertInto("documents")
        .values({
          id: documentId,
          transfer_id: row.id,
          file_name: fileName,
          category,
          status: mode === "awaitingPut" ? "UploadNotStarted" : "UploadProgressing",
          document_type: "pdf",
          size_in_bytes: null,
          belongs_to: null,
          sensitive: category === "PersonalGuarantee" || category === "EstateInventory" ? 1 : 0,
          storage_key: storageKey,
          uploaded_by_user_id: actor.viewer.id,
          supplement_answer_id: answer.id,
          created_at: at,
          verified_at: null,
          data_erased_at: null,
          archived_at: null,
        })
        .execute();
      const claimed = await trx
        .updateTable("supplement_answers")
        .set({ document_id: documentId })
        .where("id", "=", answer.id)
        .where("status", "=", "Draft")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw notPending();
    },
  });
  return { documentId, storageKey, fileName };
}

/** DELETE …/answers/document: the draft answer's document goes (row and file), so another can be uploaded. */
export async function removeAnswerDocument(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string },
): Promise<{ fileName: string }> {
  userOf(ctx);
  let fileName = "";
  await run(ctx, input.transferId, {
    offered: answerOffered(input.requestId),
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.removeAnswerDocument",
      before: { fileName },
      after: null,
    }),
    write: async (trx, _row, at) => {
      const answer = await draftAnswerOf(trx, input.requestId, at);
      const document = await answerDocumentOf(trx, answer);
      if (!document) throw new DomainError("NotFound", "supplements.noDocument");
      fileName = document.file_name;
      await trx.deleteFrom("documents").where("id", "=", document.id).execute();
      await trx
        .updateTable("supplement_answers")
        .set({ document_id: null })
        .where("id", "=", answer.id)
        .execute();
      if (document.storage_key) await ctx.storage.delete(document.storage_key);
    },
  });
  return { fileName };
}
