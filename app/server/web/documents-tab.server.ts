import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import {
  ChangeCategoryFormSchema,
  MAX_UPLOAD_BYTES,
  RemoveDocumentFormSchema,
  UploadFormSchema,
} from "~/schemas/documents";
import {
  changeDocumentCategory,
  createDocument,
  receiveUpload,
  removeDocument,
  type ReceiveOutcome,
} from "../domain/documents/uploads.server";
import { documentsTab } from "../domain/documents/views.server";
import { mediaType } from "../platform/body.server";
import { getT, svT } from "../platform/i18n.server";
import { getLog } from "../platform/log.server";
import { readUploadForm } from "../platform/multipart.server";
import { uploadFailed, uploadFormRefusal, uploadPostTooLarge, type UploadStage } from "./documents.server";
import { formError, handleIntent, parseForm, readPageForm } from "./forms.server";
import {
  notFoundPage,
  reviewNavigation,
  reviewOf,
  reviewPage,
  reviewPath,
  type ReviewSide,
} from "./review-page.server";
import { domainFieldErrors, refuse, replyForm, toastBack } from "./refusal.server";
import { redirectWithToast } from "./toast.server";

/**
 * The Dokument tab's server half (spec 02 §2.5, decision 018), shared by the review side (/transfers/{id}/documents)
 * and the private party's (/transfers/private/{id}/documents): the loader's data, and the action's upload (a
 * multipart post streamed into storage, checked as it arrives), change of category and removal. Which of them a
 * user may do is the policies' answer for the side's viewer; the action checks it again in the domain.
 */

/** Room for the form's own fields beside the file in a multipart post. */
const FORM_SLACK_BYTES = 1024 * 1024;

export async function documentsTabLoader(request: Request, transferId: string, side: ReviewSide) {
  const page = await reviewPage(request, side);
  const t = await getT(request, "review");
  const now = new Date();
  const [review, tab] = await Promise.all([
    reviewOf(page, transferId, "documents", now),
    documentsTab({ db: page.db, viewer: page.viewer, now, t: svT() }, transferId),
  ]);
  if (!tab) throw notFoundPage();
  const search = new URL(request.url).searchParams;
  const known = (id: string | null) => (id && tab.documents.some((d) => d.id === id) ? id : null);
  return json(
    {
      title: t("tabs.documents"),
      review,
      role: page.user.role,
      side,
      liveSince: now.getTime(),
      ...reviewNavigation(side, review.id),
      ...tab,
      preview: known(search.get("preview")),
      remove: known(search.get("remove")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type UploadResult = { kind: "received"; received: ReceiveOutcome; fileName: string } | { kind: "invalid" };

export async function documentsTabAction(request: Request, transferId: string, side: ReviewSide) {
  const { db, context: ctx } = await reviewPage(request, side);
  const here = reviewPath(side, transferId, "documents");

  if (mediaType(request) === "multipart/form-data") {
    let fields: FormData = new FormData();
    const reply = (extra: Record<string, string[]>, status = 400, formErrors?: string[]) => {
      const submission = parseForm(fields, UploadFormSchema);
      const result: SubmissionResult<string[]> = submission.reply({ fieldErrors: extra, formErrors });
      return json({ result }, { status });
    };
    let outcome;
    const at = { stage: "create" as UploadStage, fileName: "" };
    try {
      outcome = await readUploadForm<UploadResult>(
        request,
        MAX_UPLOAD_BYTES + FORM_SLACK_BYTES,
        async (seen, file) => {
          fields = seen;
          at.fileName = file.fileName;
          const submission = parseForm(seen, UploadFormSchema);
          if (submission.status !== "success") return { kind: "invalid" };
          const created = await createDocument(
            ctx,
            { transferId, fileName: file.fileName, category: submission.value.category },
            "receiving",
          );
          Object.assign(at, { stage: "upload", fileName: created.fileName });
          const received = await receiveUpload(ctx, created.documentId, file.stream);
          return { kind: "received", received, fileName: created.fileName };
        },
      );
    } catch (error) {
      const failed = (cause: unknown) => {
        const answer = uploadFailed(at.stage, at.fileName, cause);
        return reply(answer.fieldErrors, answer.status, answer.formErrors);
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
      return reply(submission.status === "success" ? { file: ["documents.fileRequired"] } : {}, 400);
    }
    if (file.kind === "invalid") return reply({}, 400);
    const notChecked = uploadFormRefusal(file.received, file.fileName);
    if (notChecked) return reply(notChecked.errors, notChecked.status);
    return redirectWithToast(
      here,
      { key: "review:toast.documentUploaded", values: { fileName: file.fileName } },
      { request },
    );
  }

  const form = await readPageForm(request);
  return handleIntent(form, {
    changeCategory: async () => {
      const submission = parseForm(form, ChangeCategoryFormSchema);
      if (submission.status !== "success") return formError(submission);
      try {
        await changeDocumentCategory(ctx, { transferId, ...submission.value });
      } catch (error) {
        const failed = "review:documents.failed.category";
        return refuse(error, {
          notFound: "page",
          validation: replyForm(submission),
          otherwise: toastBack(request, here, { failed }),
          failure: failedBack(request, here, failed, error),
        });
      }
      const name =
        (
          await db
            .selectFrom("documents")
            .select("file_name")
            .where("id", "=", submission.value.documentId)
            .executeTakeFirst()
        )?.file_name ?? "";
      return redirectWithToast(
        here,
        { key: "review:toast.documentCategoryChanged", values: { fileName: name } },
        { request },
      );
    },
    remove: async () => {
      const submission = parseForm(form, RemoveDocumentFormSchema);
      if (submission.status !== "success") return formError(submission);
      try {
        const removed = await removeDocument(ctx, {
          transferId,
          documentId: submission.value.documentId,
        });
        const key =
          removed.kind === "erased" ? "review:toast.documentErased" : "review:toast.documentRemoved";
        return redirectWithToast(here, { key, values: { fileName: removed.fileName } }, { request });
      } catch (error) {
        // Spec 02 §8: a removal the policy refuses, any other refusal, and a failure of ours.
        return refuse(error, {
          notFound: "page",
          forbidden: toastBack(request, here, { failed: "review:documents.failed.removeRefused" }),
          otherwise: toastBack(request, here, { failed: "review:documents.failed.remove" }),
          failure: failedBack(request, here, "review:documents.failed.removeError", error),
        });
      }
    },
  });
}

/** A failure of ours (logged): back to the tab with the step's failure text (the page has nothing typed to keep). */
function failedBack(request: Request, here: string, key: string, error: unknown) {
  return () => {
    getLog().error({ err: error }, "a document could not be changed");
    return redirectWithToast(here, { key, type: "error" }, { request });
  };
}
