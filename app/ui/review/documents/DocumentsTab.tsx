import { Form, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useInterval, useLiveRevalidate, useTransferEvents } from "~/islands/live/transfer-events";
import { uploadByPut } from "~/islands/upload";
import { UploadFormClientSchema } from "~/schemas/documents";
import type { DocumentView, TransferReview } from "~/schemas/transfer-views";
import { BoardDocumentList, DocumentTable, RemoveConfirmation } from "~/ui/documents/DocumentList";
import { ErrorSummary } from "~/ui/error-summary";
import { FileInput, Select } from "~/ui/forms";
import { ReviewHeader, type ReviewTab } from "~/ui/review/ReviewHeader";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * The Dokument tab (spec 02 §2.5, decision 018), for the review side and the private party alike. Property managers
 * get the table (status, category, name, uploaded, archived, a row that opens its preview, removal with a
 * confirmation, change of category) and the upload form; everyone else the list and the retention notice, and the
 * private party also the upload form and the removal of their own uploads. What each may do comes from the server
 * (`upload`, `canBeRemoved`, `removals`). Every form works without JavaScript: the upload is a multipart post
 * streamed into storage (checked as it arrives), the others are plain posts. While a document is being verified
 * the page refreshes itself (a meta refresh without JavaScript; live events and a 15 s poll with it).
 */

const PENDING_REFRESH_SECONDS = 15;

export interface DocumentsTabData {
  review: TransferReview;
  role: "PropertyManager" | "BoardMember";
  /** Where the tabs are, and which (null: the review side's own). */
  basePath: string;
  tabs: ReviewTab[] | null;
  documents: DocumentView[];
  /** The viewer's uploads of the last day that were rejected or timed out, each as its sentence. */
  uploadFailures: string[];
  removals: Record<string, "erase" | "withdraw">;
  upload: { disabled: boolean; reason: string | null } | null;
  categories: Array<{ value: string; label: string }>;
  preview: string | null;
  remove: string | null;
  /** When the data was read: the live join replays what happened since (islands/live/transfer-events). */
  liveSince: number;
}

export function DocumentsTab({ data }: { data: DocumentsTabData }) {
  const {
    review,
    role,
    basePath,
    tabs,
    documents,
    uploadFailures,
    removals,
    upload,
    categories,
    preview,
    remove,
    liveSince,
  } = data;
  const { t } = useTranslation("review");
  const actionData = useActionData();
  const navigation = useNavigation();
  const liveReload = useLiveRevalidate();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const pending = documents.some((d) => d.dataErasedAt === null && d.status !== "UploadVerified");
  const refresh = liveReload;
  useTransferEvents(
    review.id,
    ["documentVerified", "documentRejected", "documentUploadTimeout", "transferSummaryDocumentUpdated"],
    refresh,
    { since: liveSince },
  );
  useInterval(pending, PENDING_REFRESH_SECONDS * 1000, refresh);
  const single = categories.length === 1 ? categories[0]!.value : undefined;
  const [uploadForm, uploadFields] = usePageForm(UploadFormClientSchema, {
    id: "upload",
    lastResult: lastResultOf(actionData),
    // The category's default is the one a fresh page shows (the only category, else `Välj kategori`): a reset after
    // an upload selects it again, where a field without a default would be left with no option selected.
    defaultValue: { category: single ?? "" },
  });
  const submit = useSubmit();
  const fallback = useRef(false);
  const [progress, setProgress] = useState<{ fileName: string; percent: number } | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const removing = remove ? documents.find((d) => d.id === remove) : undefined;
  const here = `${basePath}/documents`;
  return (
    <div className="page page--wide review">
      {pending ? (
        // Without JavaScript the page reloads itself while a document is verified; with it, live events do.
        <noscript>
          <meta httpEquiv="refresh" content={String(PENDING_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <ErrorSummary form={uploadForm} order={["category", "file"]} />
      <ReviewHeader
        review={review}
        role={role}
        current="documents"
        basePath={basePath}
        tabs={tabs ?? undefined}
      />
      <section aria-labelledby="documents-title" className="documents">
        <h2 id="documents-title">{t("documents.title")}</h2>
        {pending ? (
          <p className="muted" role="status">
            {t("documents.pendingRefresh")}
          </p>
        ) : null}
        {uploadFailures.length > 0 ? (
          <ul className="notice notice--error" role="status">
            {uploadFailures.map((text, index) => (
              <li key={`${index}:${text}`}>{text}</li>
            ))}
          </ul>
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
          <BoardDocumentList transferId={review.id} documents={documents} here={here} />
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
