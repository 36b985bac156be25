import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OptionalDocumentsData } from "~/lib/wizard";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import {
  DocumentsFailed,
  DocumentsStepFoot,
  isStepFormReply,
  replyFor,
  UploadForm,
  WizardDocumentList,
} from "./documents";
import { StepHeading, type StepProps } from "./step";

/**
 * Step 3, `Övriga dokument`: the optional documents (the categories the server's requirements offer, one
 * preselected and locked when only one applies), at most 25, and `Fortsätt` once nothing is still uploading.
 */
export function OptionalDocumentsStep({ data, wizard }: StepProps<OptionalDocumentsData>) {
  const { t } = useTranslation(["wizard", "transfer"]);
  const actionData = useActionData();
  const live = data.documents.filter((d) => !d.erased);
  const pending = live.some((d) => d.status !== "UploadVerified");
  const summary = isStepFormReply(actionData) ? replyForm(actionData.formId, actionData.result) : null;
  const full = live.length >= data.maxDocuments;
  const label =
    data.categories.length === 1
      ? t(`transfer:category.${data.categories[0]}`)
      : t("wizard:optional.fileLabel");
  return (
    <>
      {summary ? <ErrorSummary form={summary} order={["category", "file"]} /> : null}
      <StepHeading wizard={wizard} />
      <DocumentsFailed failed={data.documentsFailed} />
      <p className="lead">{t("wizard:optional.help", { max: data.maxDocuments })}</p>
      <section aria-labelledby="optional-documents-title" className="wizard__slot">
        <h2 id="optional-documents-title">{t("wizard:optional.listTitle")}</h2>
        {data.documents.length === 0 && !data.documentsFailed ? <p>{t("wizard:optional.none")}</p> : null}
        <WizardDocumentList documents={data.documents} />
        <p className="field__hint">
          {t("wizard:optional.count", { n: live.length, max: data.maxDocuments })}
        </p>
        {full ? (
          <p>{t("wizard:documents.tooMany")}</p>
        ) : (
          <UploadForm
            formId="upload-optional"
            categories={data.categories}
            lastResult={replyFor(actionData, "upload-optional")}
            label={label}
            optional
          />
        )}
      </section>
      <DocumentsStepFoot pending={pending} wizard={wizard} />
    </>
  );
}
