import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SupplementView } from "~/schemas/transfer-views";
import { useMessage } from "~/ui/error-summary";
import { GuarantorsForm } from "./GuarantorsForm";
import { DisabledReason } from "./offered-actions";
import type { Action, LastResult } from "./types";

/** The answering party's draft: the one document, the guarantors of a personal guarantee, and `Skicka svar`. */
export function AnswerForms({
  s,
  action,
  here,
  busy,
  lastResult,
  failedIntent,
}: {
  s: SupplementView;
  action: Action;
  here: string;
  busy: boolean;
  lastResult: LastResult;
  failedIntent: string | null;
}) {
  const { t } = useTranslation("review");
  const message = useMessage();
  const document = s.answer?.transferDocument ?? null;
  const uploadError = failedIntent === "uploadDocument" ? lastResult?.error?.file?.[0] : undefined;
  const formError = lastResult?.error?.[""]?.[0];
  const uploadId = `upload-${s.id}`;
  const guarantee = s.category === "PersonalGuarantee";
  if (action.disabled) return <DisabledReason action={action} />;
  return (
    <>
      {formError && failedIntent === "submit" ? (
        <p className="field__error" id={`answer-${s.id}-error`}>
          {message(formError)}
        </p>
      ) : null}
      {document ? (
        <div className="button-row">
          <p>
            {t("additionals.answer.document")}: {document.fileName} (
            {t(`additionals.answer.documentStatus.${document.status}`)})
          </p>
          {document.status === "UploadVerified" ? null : (
            <p className="muted">{t("additionals.answer.pendingHint")}</p>
          )}
          <Form method="post" action={here}>
            <input type="hidden" name="intent" value="removeDocument" />
            <input type="hidden" name="requestId" value={s.id} />
            <button type="submit" className="button button--secondary">
              {t("additionals.answer.removeDocument")}
              <span className="visually-hidden"> {document.fileName}</span>
            </button>
          </Form>
        </div>
      ) : (
        <Form
          method="post"
          action={here}
          encType="multipart/form-data"
          id={uploadId}
          aria-label={t("additionals.answer.upload")}
        >
          <input type="hidden" name="intent" value="uploadDocument" />
          <input type="hidden" name="requestId" value={s.id} />
          <div className={`field${uploadError ? " field--error" : ""}`}>
            <label htmlFor={`${uploadId}-file`} className="field__label">
              {t("additionals.answer.file")}
            </label>
            <div id={`${uploadId}-file-hint`} className="field__hint">
              {t("additionals.answer.fileHint")}
            </div>
            {uploadError ? (
              <p id={`${uploadId}-file-error`} className="field__error">
                {message(uploadError)}
              </p>
            ) : null}
            <input
              id={`${uploadId}-file`}
              name="file"
              type="file"
              accept="application/pdf,.pdf"
              className="field__file"
              aria-invalid={uploadError ? true : undefined}
              aria-describedby={[`${uploadId}-file-hint`, uploadError ? `${uploadId}-file-error` : null]
                .filter(Boolean)
                .join(" ")}
            />
          </div>
          <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
            {t("additionals.answer.upload")}
          </button>
        </Form>
      )}
      {guarantee ? (
        <GuarantorsForm
          s={s}
          here={here}
          lastResult={
            failedIntent?.endsWith("Guarantor") || failedIntent === "saveGuarantors" ? lastResult : undefined
          }
        />
      ) : null}
      <Form method="post" action={here}>
        <input type="hidden" name="intent" value="submit" />
        <input type="hidden" name="requestId" value={s.id} />
        {s.validToSubmit ? null : (
          <p className="muted" id={`answer-${s.id}-hint`}>
            {t("additionals.answer.notValidYet", {
              guarantors: guarantee ? t("additionals.answer.notValidGuarantors") : "",
            })}
          </p>
        )}
        <button
          type="submit"
          className="button"
          disabled={!s.validToSubmit}
          aria-describedby={s.validToSubmit ? undefined : `answer-${s.id}-hint`}
        >
          {t("additionals.answer.submit")}
        </button>
      </Form>
    </>
  );
}
