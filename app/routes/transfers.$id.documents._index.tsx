import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSubmit,
} from "@remix-run/react";
import { useRef, useState } from "react";
import { uploadByPut } from "~/islands/upload";
import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import {
  ChangeCategoryFormSchema,
  MAX_UPLOAD_BYTES,
  RemoveDocumentFormSchema,
  UploadFormClientSchema,
  UploadFormSchema,
} from "~/schemas/documents";
import { withValues } from "~/lib/messages";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import {
  changeDocumentCategory,
  createDocument,
  receiveUpload,
  removeDocument,
  type ReceiveOutcome,
} from "~/server/domain/documents/uploads.server";
import { isDomainError, type DomainError } from "~/server/domain/transfers/errors.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { documentsTab, getTransferForReview } from "~/server/domain/transfers/views.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { mediaType } from "~/server/platform/body.server";
import { getT, svT } from "~/server/platform/i18n.server";
import { readUploadForm } from "~/server/platform/multipart.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { refusalKey, refusalStatus } from "~/server/web/documents.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor, domainErrorText, domainKey } from "~/server/web/transfer-api.server";
import { useTransferEvents, useInterval } from "~/islands/live/transfer-events";
import { ErrorSummary } from "~/ui/error-summary";
import { FileInput, Select } from "~/ui/forms";
import { pageTitle } from "~/ui/page-title";
import { BoardDocumentList, DocumentTable, RemoveConfirmation } from "~/ui/documents/DocumentList";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import { ReviewHeader } from "~/ui/review/ReviewHeader";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import type { SubmissionResult } from "@conform-to/react";

/**
 * The Dokument tab (spec 02 §2.5, issue 14). Property managers get the table (status, category, name, uploaded,
 * archived, a row that opens its preview, removal with a confirmation, change of category) and the upload form;
 * board members the list and the retention notice. Every form works without JavaScript: the upload is a
 * multipart post streamed into storage (checked as it arrives), the others are plain posts. While a document is
 * being verified the page refreshes itself (a meta refresh without JavaScript; live events and a 15 s poll with it).
 */

/** Room for the form's own fields beside the file in a multipart post. */
const FORM_SLACK_BYTES = 1024 * 1024;
const PENDING_REFRESH_SECONDS = 15;

async function context(request: Request) {
  const user = await requireUser(request, { role: ["PropertyManager", "BoardMember"] });
  const db = getDb();
  const viewer = await viewerFor(db, user);
  return { user, db, viewer };
}

const notFoundPage = () => json({ title: svT()("review:notFoundTitle") }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db, viewer } = await context(request);
  const t = await getT(request, "review");
  const now = new Date();
  const ctx = { db, viewer, now, t: svT() };
  const [review, tab] = await Promise.all([
    getTransferForReview(ctx, params.id ?? ""),
    documentsTab(ctx, params.id ?? ""),
  ]);
  if (!review || !tab) throw notFoundPage();
  const search = new URL(request.url).searchParams;
  const known = (id: string | null) => (id && tab.documents.some((d) => d.id === id) ? id : null);
  return json(
    {
      title: t("tabs.documents"),
      review,
      role: user.role,
      ...tab,
      preview: known(search.get("preview")),
      remove: known(search.get("remove")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type UploadResult = { kind: "received"; received: ReceiveOutcome; fileName: string } | { kind: "invalid" };

/** A domain refusal inside a form: the page's 404, field errors kept with the values, or the reason as a toast. */
function refusal(error: unknown, here: string, request: Request) {
  if (!isDomainError(error)) throw error;
  if (error.code === "NotFound") throw notFoundPage();
  return redirectWithToast(
    here,
    { key: "review:toast.refused", values: { reason: domainErrorText(error) }, type: "error" },
    { request },
  );
}

function fieldErrorsOf(error: DomainError, rename: Record<string, string> = {}) {
  const fields: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(error.fieldErrors))
    (fields[rename[field] ?? field] ??= []).push(...keys.map(domainKey));
  return fields;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, viewer, db } = await context(request);
  const transferId = params.id ?? "";
  const here = `/transfers/${encodeURIComponent(transferId)}/documents`;
  const ctx = contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName });

  if (mediaType(request) === "multipart/form-data") {
    let fields: FormData = new FormData();
    const reply = (extra: Record<string, string[]>, status = 400, formErrors?: string[]) => {
      const submission = parseForm(fields, UploadFormSchema);
      const result: SubmissionResult<string[]> = submission.reply({ fieldErrors: extra, formErrors });
      return json({ result }, { status });
    };
    let outcome;
    try {
      outcome = await readUploadForm<UploadResult>(
        request,
        MAX_UPLOAD_BYTES + FORM_SLACK_BYTES,
        async (seen, file) => {
          fields = seen;
          const submission = parseForm(seen, UploadFormSchema);
          if (submission.status !== "success") return { kind: "invalid" };
          const created = await createDocument(
            ctx,
            { transferId, fileName: file.fileName, category: submission.value.category },
            "receiving",
          );
          const received = await receiveUpload(db, getStorage(), created.documentId, file.stream);
          return { kind: "received", received, fileName: created.fileName };
        },
      );
    } catch (error) {
      if (isDomainError(error) && error.code === "Validation")
        return reply(fieldErrorsOf(error, { fileName: "file" }));
      return refusal(error, here, request);
    }
    if (outcome.fields === null) {
      return reply(
        { file: [withValues("documents.tooLarge", { file: svT()("review:documents.upload.file") })] },
        413,
      );
    }
    fields = outcome.fields;
    const file = outcome.file;
    if (file === null) {
      const submission = parseForm(fields, UploadFormSchema);
      return reply(submission.status === "success" ? { file: ["documents.fileRequired"] } : {}, 400);
    }
    if (file.kind === "invalid") return reply({}, 400);
    const received = file.received;
    if (received.outcome === "pending") {
      return redirectWithToast(
        here,
        { key: "review:toast.documentUploaded", values: { fileName: file.fileName } },
        { request },
      );
    }
    const reason = received.outcome === "refused" ? received.reason : "broken";
    if (received.outcome === "notAwaiting")
      return reply({ file: [withValues("documents.uploadBroken", { file: file.fileName })] });
    return reply({ file: [withValues(refusalKey(reason), { file: file.fileName })] }, refusalStatus(reason));
  }

  const form = await readPageForm(request);
  return handleIntent(form, {
    changeCategory: async () => {
      const submission = parseForm(form, ChangeCategoryFormSchema);
      if (submission.status !== "success") return formError(submission);
      try {
        await changeDocumentCategory(ctx, { transferId, ...submission.value });
      } catch (error) {
        if (isDomainError(error) && error.code === "Validation")
          return formError(submission, { formErrors: Object.values(fieldErrorsOf(error)).flat() });
        return refusal(error, here, request);
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
        const removed = await removeDocument(ctx, getStorage(), {
          transferId,
          documentId: submission.value.documentId,
        });
        const key =
          removed.kind === "erased" ? "review:toast.documentErased" : "review:toast.documentRemoved";
        return redirectWithToast(here, { key, values: { fileName: removed.fileName } }, { request });
      } catch (error) {
        return refusal(error, here, request);
      }
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function TransferDocuments() {
  const data = useLoaderData<typeof loader>();
  const { review, role, documents, removals, upload, categories, preview, remove } = data;
  const { t } = useTranslation("review");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const pending = documents.some((d) => d.dataErasedAt === null && d.status !== "UploadVerified");
  const refresh = () => {
    if (revalidator.state === "idle") revalidator.revalidate();
  };
  useTransferEvents(
    review.id,
    ["documentVerified", "documentRejected", "documentUploadTimeout", "transferSummaryDocumentUpdated"],
    refresh,
  );
  useInterval(pending, PENDING_REFRESH_SECONDS * 1000, refresh);
  const single = categories.length === 1 ? categories[0]!.value : undefined;
  const [uploadForm, uploadFields] = usePageForm(UploadFormClientSchema, {
    id: "upload",
    lastResult: lastResultOf(actionData),
    defaultValue: single ? { category: single } : undefined,
  });
  const submit = useSubmit();
  const fallback = useRef(false);
  const [progress, setProgress] = useState<{ fileName: string; percent: number } | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const removing = remove ? documents.find((d) => d.id === remove) : undefined;
  const here = `/transfers/${review.id}/documents`;
  return (
    <div className="page page--wide review">
      {pending ? (
        // Without JavaScript the page reloads itself while a document is verified; with it, live events do.
        <noscript>
          <meta httpEquiv="refresh" content={String(PENDING_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <ErrorSummary form={uploadForm} order={["category", "file"]} />
      <ReviewHeader review={review} role={role} current="documents" />
      <section aria-labelledby="documents-title" className="documents">
        <h2 id="documents-title">{t("documents.title")}</h2>
        {pending ? (
          <p className="muted" role="status">
            {t("documents.pendingRefresh")}
          </p>
        ) : null}
        {removing && removals[removing.id] ? (
          <RemoveConfirmation document={removing} kind={removals[removing.id]!} cancelTo={here} busy={busy} />
        ) : null}
        {documents.length === 0 ? (
          <p>{t("documents.empty")}</p>
        ) : role === "PropertyManager" ? (
          <DocumentTable
            transferId={review.id}
            documents={documents}
            categories={categories}
            preview={preview}
            here={here}
            busy={busy}
          />
        ) : (
          <BoardDocumentList transferId={review.id} documents={documents} />
        )}
        {role !== "PropertyManager" ? (
          <div className="notice" role="note">
            {t("documents.retention")}
          </div>
        ) : null}
      </section>
      {upload ? (
        <section aria-labelledby="upload-title" className="documents__upload">
          <h2 id="upload-title">{t("documents.upload.title")}</h2>
          {upload.disabled ? (
            <p>{t("documents.upload.notAllowed", { reason: upload.reason })}</p>
          ) : (
            <Form
              method="post"
              encType="multipart/form-data"
              aria-labelledby="upload-title"
              {...getFormProps(uploadForm)}
              onSubmit={(event) => {
                uploadForm.onSubmit(event);
                if (event.defaultPrevented || fallback.current) {
                  fallback.current = false;
                  return;
                }
                // With JavaScript: the spec's flow (create, then PUT with progress); see islands/upload.
                event.preventDefault();
                const formElement = event.currentTarget;
                const data = new FormData(formElement);
                const file = data.get("file");
                if (!(file instanceof File)) return;
                setProgress({ fileName: file.name, percent: 0 });
                void uploadByPut(review.id, file, String(data.get("category") ?? ""), (fraction) =>
                  setProgress({ fileName: file.name, percent: Math.floor((fraction * 100) / 10) * 10 }),
                ).then((result) => {
                  setProgress(null);
                  if (result.outcome === "stored") {
                    setUploaded(file.name);
                    uploadForm.reset();
                    refresh();
                  } else {
                    // Refused: the same form, sent as without JavaScript, brings the server's exact errors.
                    fallback.current = true;
                    submit(formElement);
                  }
                });
              }}
            >
              <Select
                field={uploadFields.category}
                label={t("documents.upload.category")}
                options={categories}
                placeholder={single ? undefined : t("documents.upload.chooseCategory")}
              />
              <FileInput
                field={uploadFields.file}
                label={t("documents.upload.file")}
                hint={t("documents.upload.fileHint")}
              />
              {progress ? (
                <p className="upload-progress">
                  <progress max={100} value={progress.percent} aria-hidden="true" />{" "}
                  <span role="status">
                    {t("documents.upload.progress", {
                      fileName: progress.fileName,
                      percent: progress.percent,
                    })}
                  </span>
                </p>
              ) : uploaded ? (
                <p role="status" className="notice notice--success">
                  {t("toast.documentUploaded", { fileName: uploaded })}
                </p>
              ) : null}
              <button type="submit" className="button" aria-disabled={busy || progress !== null || undefined}>
                {busy && navigation.formEncType === "multipart/form-data"
                  ? t("documents.upload.uploading")
                  : t("documents.upload.submit")}
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
