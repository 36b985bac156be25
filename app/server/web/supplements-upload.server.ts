import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import { AnswerUploadFormSchema } from "~/schemas/supplements";
import { receiveUpload } from "../domain/documents/uploads.server";
import { createAnswerDocument } from "../domain/supplements/answer-document.server";
import type { UseCaseContext } from "../domain/core/context.server";
import { readUploadForm } from "../platform/multipart.server";
import { anchor, refusalsOf } from "./supplements-refusals.server";
import { domainFieldErrors, refuse } from "./refusal.server";
import { uploadFormRefusal, uploadPostTooLarge } from "./documents.server";
import { parseForm } from "./forms.server";
import { redirectWithToast } from "./toast.server";

// The Kompletteringar tab's upload of an answer's document (a multipart post), beside its forms.

/** Room for the form's own fields beside the file in a multipart post. */
const FORM_SLACK_BYTES = 1024 * 1024;

type Uploaded =
  | {
      kind: "received";
      outcome: Awaited<ReturnType<typeof receiveUpload>>;
      fileName: string;
      requestId: string;
    }
  | { kind: "invalid" };

/** The answer's document, a multipart post streamed into storage (one document at a time). */
export async function uploadAnswer(request: Request, ctx: UseCaseContext, transferId: string, here: string) {
  let fields = new FormData();
  const reply = (extra: Record<string, string[]>, status = 400) => {
    const submission = parseForm(fields, AnswerUploadFormSchema);
    const result: SubmissionResult<string[]> = submission.reply({ fieldErrors: extra });
    return json({ result }, { status });
  };
  let outcome;
  try {
    outcome = await readUploadForm<Uploaded>(
      request,
      MAX_UPLOAD_BYTES + FORM_SLACK_BYTES,
      async (seen, file) => {
        fields = seen;
        const submission = parseForm(seen, AnswerUploadFormSchema);
        if (submission.status !== "success" || seen.get("intent") !== "uploadDocument")
          return { kind: "invalid" };
        const { requestId } = submission.value;
        const created = await createAnswerDocument(
          ctx,
          { transferId, requestId, fileName: file.fileName },
          "receiving",
        );
        const received = await receiveUpload(ctx, created.documentId, file.stream);
        return { kind: "received", outcome: received, fileName: created.fileName, requestId };
      },
    );
  } catch (error) {
    return refuse(
      error,
      refusalsOf(request, here, {
        validation: (refusal) => reply(domainFieldErrors(refusal, { fileName: "file" })),
      }),
    );
  }
  if (outcome.fields === null) {
    const tooLarge = uploadPostTooLarge("review:additionals.answer.file");
    return reply(tooLarge.errors, tooLarge.status);
  }
  fields = outcome.fields;
  if (outcome.file === null) return reply({ file: ["documents.fileRequired"] });
  if (outcome.file.kind === "invalid") return reply({}, 400);
  const { outcome: received, fileName, requestId } = outcome.file;
  const refused = uploadFormRefusal(received, fileName);
  if (refused) return reply(refused.errors, refused.status);
  return redirectWithToast(
    `${here}${anchor(requestId)}`,
    { key: "review:additionals.toast.documentUploaded", values: { fileName } },
    { request },
  );
}
