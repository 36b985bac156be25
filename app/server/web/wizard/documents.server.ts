import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { WizardDocumentView } from "~/lib/wizard";
import { MAX_UPLOAD_BYTES, RemoveDocumentFormSchema, UploadFormSchema } from "~/schemas/documents";
import { createDocument, receiveUpload, removeDocument } from "../../domain/documents/uploads.server";
import { loadTransferFacts } from "../../domain/transfers/load.server";
import { documentCanBeWithdrawn } from "../../domain/documents/policies.server";
import { findScopedTransfer } from "../../domain/transfers/scope.server";
import type { DomainError } from "../../domain/core/errors.server";
import { getLog } from "../../platform/log.server";
import { readUploadForm } from "../../platform/multipart.server";
import { uploadFailed, uploadFormRefusal, uploadPostTooLarge, type UploadStage } from "../documents.server";
import { parseForm } from "../forms.server";
import { domainFieldErrors, reasonKey, refuse } from "../refusal.server";
import { notFoundPage } from "../review-page.server";
import { stay, type WizardContext } from "./steps.server";

/**
 * The documents of the wizard's steps 1 and 3 (spec 03 §4.8, §5.6; spec 02 §4 "Document upload", §5 "Uploads"):
 * the transfer's documents as a step shows them, and the step's upload (a multipart post streamed into storage
 * through the same checks as the Dokument tab: PDF only, 25 MB, a clean file name) and removal. A step decides
 * which categories it takes and refuses more (`refuse`), the domain checks the policy again.
 */

/** Room for the form's own fields beside the file in a multipart post. */
const FORM_SLACK_BYTES = 1024 * 1024;

/** Every document of the transfer (not a supplement's); `url` is the document-link call, which opens it. */
export async function wizardDocuments(ctx: WizardContext): Promise<WizardDocumentView[]> {
  const row = await findScopedTransfer(ctx.db, ctx.viewer, ctx.transferId);
  if (!row) throw notFoundPage();
  const facts = await loadTransferFacts(ctx.db, row);
  const rows = await ctx.db
    .selectFrom("documents")
    .select(["id", "file_name", "category", "status", "data_erased_at", "supplement_answer_id"])
    .where("transfer_id", "=", row.id)
    .where("supplement_answer_id", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((d) => {
    const erased = d.data_erased_at !== null;
    return {
      id: d.id,
      fileName: d.file_name,
      category: d.category,
      status: d.status,
      erased,
      removable: documentCanBeWithdrawn(ctx.viewer, facts, d.id),
      url:
        !erased && d.status === "UploadVerified"
          ? `/api/core/transfers/${encodeURIComponent(row.id)}/documents/${encodeURIComponent(d.id)}`
          : null,
    };
  });
}

/** A failed form of one of a step's several forms: the reply, and which form it belongs to. */
export type StepFormReply = { result: SubmissionResult<string[]>; formId: string; also?: string[] };

/** `also`: further forms that show the same error (step 1's missing slots). */
export function stepFormError(
  formId: string,
  result: SubmissionResult<string[]>,
  status = 400,
  also: string[] = [],
) {
  return json({ result, formId, also } satisfies StepFormReply, { status });
}

/**
 * A step's upload form (multipart: `formId`, `category`, then `file`). `refuse(category, formId)` is the step's
 * own rule (a category it does not take, a slot already filled, too many documents): a message key, or null.
 * Success: back to the step with `… är uppladdad och granskas`; a refusal: the form's reply naming the file.
 */
export async function uploadFromForm(
  ctx: WizardContext,
  options: { formIds: readonly string[]; refuse: (category: string, formId: string) => string | null },
): Promise<Response> {
  let fields = new FormData();
  const formIdOf = (form: FormData) => {
    const id = form.get("formId");
    return typeof id === "string" && options.formIds.includes(id) ? id : options.formIds[0]!;
  };
  const reply = (extra: Record<string, string[]>, status = 400) => {
    const submission = parseForm(fields, UploadFormSchema);
    return stepFormError(formIdOf(fields), submission.reply({ fieldErrors: extra }), status);
  };
  let outcome;
  const at = { stage: "create" as UploadStage, fileName: "" };
  try {
    outcome = await readUploadForm(ctx.request, MAX_UPLOAD_BYTES + FORM_SLACK_BYTES, async (seen, file) => {
      fields = seen;
      at.fileName = file.fileName;
      const submission = parseForm(seen, UploadFormSchema);
      if (submission.status !== "success") return { kind: "invalid" as const };
      const refused = options.refuse(submission.value.category, formIdOf(seen));
      if (refused) {
        await file.stream.cancel().catch(() => undefined);
        return { kind: "refused" as const, key: refused };
      }
      const created = await createDocument(
        ctx.domain,
        { transferId: ctx.transferId, fileName: file.fileName, category: submission.value.category },
        "receiving",
      );
      Object.assign(at, { stage: "upload", fileName: created.fileName });
      const received = await receiveUpload(ctx.domain, created.documentId, file.stream);
      return { kind: "received" as const, received, fileName: created.fileName };
    });
  } catch (error) {
    const failed = (cause: unknown) => {
      const answer = uploadFailed(at.stage, at.fileName, cause);
      const submission = parseForm(fields, UploadFormSchema);
      const result = submission.reply({ fieldErrors: answer.fieldErrors, formErrors: answer.formErrors });
      return stepFormError(formIdOf(fields), result, answer.status);
    };
    return refuse(error, {
      notFound: "page",
      validation: (refusal) => reply(domainFieldErrors(refusal, { fileName: "file" })),
      otherwise: failed,
      failure: failed,
    });
  }
  if (outcome.fields === null) {
    const tooLarge = uploadPostTooLarge("review:documents.upload.file");
    return reply(tooLarge.errors, tooLarge.status);
  }
  fields = outcome.fields;
  const file = outcome.file;
  if (file === null) {
    const submission = parseForm(fields, UploadFormSchema);
    return reply(submission.status === "success" ? { file: ["documents.fileRequired"] } : {});
  }
  if (file.kind === "invalid") return reply({});
  if (file.kind === "refused") return reply({ file: [file.key] });
  const refused = uploadFormRefusal(file.received, file.fileName);
  if (refused) return reply(refused.errors, refused.status);
  return stay(ctx, { key: "review:toast.documentUploaded", values: { fileName: file.fileName } });
}

/** A step's removal of a document (`documentId`): withdrawn by its uploader; refused with its reason otherwise. */
export async function removeFromForm(ctx: WizardContext, form: FormData, formId: string): Promise<Response> {
  const submission = parseForm(form, RemoveDocumentFormSchema);
  if (submission.status !== "success") return stepFormError(formId, submission.reply());
  try {
    const removed = await removeDocument(ctx.domain, {
      transferId: ctx.transferId,
      documentId: submission.value.documentId,
    });
    const key = removed.kind === "erased" ? "review:toast.documentErased" : "review:toast.documentRemoved";
    return stay(ctx, { key, values: { fileName: removed.fileName } });
  } catch (error) {
    // Spec 02 §8: a removal the policy refuses, any other refusal, and a failure of ours (logged).
    const failed = (key: string) => (refusal: DomainError) =>
      stepFormError(formId, submission.reply({ formErrors: [key, reasonKey(refusal)] }), refusal.status);
    return refuse(error, {
      // Another transfer's document is this transfer's missing one.
      notFound: () =>
        stepFormError(formId, submission.reply({ formErrors: ["wizard:documents.notFound"] }), 404),
      forbidden: failed("review:documents.failed.removeRefused"),
      otherwise: failed("review:documents.failed.remove"),
      failure: (cause) => {
        getLog().error({ err: cause }, "a document could not be removed");
        const result = submission.reply({ formErrors: ["review:documents.failed.removeError"] });
        return stepFormError(formId, result, 500);
      },
    });
  }
}
