import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FileName } from "~/ui/documents/DocumentList";
import { useInterval } from "~/islands/live/transfer-events";
import type { WizardDocumentView, WizardShellData } from "~/lib/wizard";
import { UploadFormClientSchema } from "~/schemas/documents";
import { FileInput, Select } from "~/ui/forms";
import { usePageForm } from "~/ui/use-page-form";

/**
 * The document parts of the wizard's steps 1 and 3: a list of documents (the name opens a verified file in a new
 * tab, an erased one reads `Raderat dokument`, the uploader's own may be removed) and an upload form (a multipart
 * post to the step's action, the same with and without JavaScript; the category chosen, or preselected and locked
 * when only one applies).
 */

/** Said in place of a step's documents when they could not be read (spec 03 §8). */
export function DocumentsFailed({ failed }: { failed: boolean }) {
  const { t } = useTranslation("wizard");
  if (!failed) return null;
  return (
    <p className="notice notice--error" role="alert">
      {t("documents.fetchFailed")}
    </p>
  );
}

/** A failed reply of one of a step's forms (server/web/wizard/documents.server `StepFormReply`). */
export interface StepFormReply {
  result: SubmissionResult<string[]>;
  formId: string;
  also?: string[];
}

export function isStepFormReply(data: unknown): data is StepFormReply {
  return Boolean(data && typeof data === "object" && "formId" in data && "result" in data);
}

/** The reply of this form, when the last post was this form's (or named it too). */
export function replyFor(data: unknown, formId: string): SubmissionResult<string[]> | undefined {
  if (!isStepFormReply(data)) return undefined;
  if (data.formId === formId || data.also?.includes(formId)) return data.result;
  return undefined;
}

export function WizardDocumentList({ documents }: { documents: WizardDocumentView[] }) {
  const { t } = useTranslation(["wizard", "review", "transfer"]);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (documents.length === 0) return null;
  return (
    <ul className="document-list wizard__documents">
      {documents.map((d) => (
        <li key={d.id}>
          {d.erased ? (
            <>
              <strong>{t("review:document.erasedTitle")}</strong>{" "}
              <span className="muted">({t(`transfer:category.${d.category}`)})</span>
              <p className="field__hint">{t("review:document.erasedText")}</p>
            </>
          ) : (
            <>
              <span className="document-list__category">{t(`transfer:category.${d.category}`)}: </span>
              {d.url ? (
                <a href={d.url} target="_blank" rel="noreferrer">
                  <FileName name={d.fileName} />
                  <span className="visually-hidden"> {t("wizard:documents.opensInNewTab")}</span>
                </a>
              ) : (
                <FileName name={d.fileName} />
              )}{" "}
              <span className={`doc-status doc-status--${d.status}`}>
                ({t(`review:documents.status.${d.status}`)})
              </span>{" "}
              {d.removable ? (
                <Form method="post" className="inline-form" preventScrollReset>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="documentId" value={d.id} />
                  <button type="submit" className="button--link" aria-disabled={busy || undefined}>
                    {t("wizard:documents.remove")}
                    <span className="visually-hidden"> {d.fileName}</span>
                  </button>
                </Form>
              ) : null}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function UploadForm({
  formId,
  categories,
  lastResult,
  label,
  optional = false,
}: {
  formId: string;
  categories: string[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** The file input's label (the slot's name), "(Valfri)" added when optional. */
  label: string;
  optional?: boolean;
}) {
  const { t } = useTranslation(["wizard", "review", "transfer"]);
  const navigation = useNavigation();
  const single = categories.length === 1 ? categories[0]! : undefined;
  const [form, fields] = usePageForm(UploadFormClientSchema, {
    id: formId,
    lastResult,
    defaultValue: single ? { category: single } : undefined,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const uploading =
    navigation.state === "submitting" &&
    navigation.formEncType === "multipart/form-data" &&
    navigation.formData?.get("formId") === formId;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="wizard__upload"
      preventScrollReset
    >
      <input type="hidden" name="formId" value={formId} />
      {single ? (
        <p className="field">
          <span className="field__label">{t("review:documents.upload.category")}</span>{" "}
          {t(`transfer:category.${single}`)}
          <input type="hidden" name={fields.category.name} value={single} />
        </p>
      ) : (
        <Select
          field={fields.category}
          label={t("review:documents.upload.category")}
          options={categories.map((c) => ({ value: c, label: t(`transfer:category.${c}`) }))}
          placeholder={t("wizard:documents.chooseCategory")}
        />
      )}
      {/* The chosen file's name and a way to remove it again (JavaScript only; without it the browser's own). */}
      <div
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          if (input.type === "file") setChosen(Array.from(input.files ?? []).map((f) => f.name));
        }}
      >
        <FileInput
          field={fields.file}
          label={optional ? `${label} ${t("wizard:documents.optional")}` : label}
          hint={t("review:documents.upload.fileHint")}
        />
      </div>
      {chosen.length > 0 ? (
        <p className="wizard__chosen">
          {t("wizard:documents.chosen", { names: chosen.join(", ") })}{" "}
          <button
            type="button"
            className="button--link"
            onClick={() => {
              const input = document.getElementById(fields.file.id) as HTMLInputElement | null;
              if (input) input.value = "";
              setChosen([]);
            }}
          >
            {t("wizard:documents.removeChosen")}
          </button>
        </p>
      ) : null}
      <button type="submit" name="intent" value="upload" className="button button--secondary">
        {uploading ? t("review:documents.upload.uploading") : t("review:documents.upload.submit")}
      </button>
    </Form>
  );
}

/** While a document is verified the page looks again every few seconds with JavaScript; without, on request. */
const PENDING_REFRESH_SECONDS = 5;

/** The foot of steps 1 and 3: while a document is being verified, a refresh (with JavaScript, by itself); `Fortsätt`. */
export function DocumentsStepFoot({ pending, wizard }: { pending: boolean; wizard: WizardShellData }) {
  const { t } = useTranslation("wizard");
  const revalidator = useRevalidator();
  useInterval(pending, PENDING_REFRESH_SECONDS * 1000, () => {
    if (revalidator.state === "idle") revalidator.revalidate();
  });
  return (
    <>
      {pending ? (
        // Without JavaScript the page does not reload itself (a reload would take a file being chosen away).
        <p className="muted" role="status">
          {t("wizard:documents.pending")}{" "}
          <Link to={wizard.paths.steps[wizard.step]}>{t("wizard:waiting.refresh")}</Link>
        </p>
      ) : null}
      <Form method="post" className="wizard__continue">
        <input type="hidden" name="intent" value="continue" />
        <button type="submit" className="button">
          {t("wizard:continue")}
        </button>
      </Form>
    </>
  );
}
