import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RequiredDocumentsData } from "~/lib/wizard";
import { TransferTypeSchema } from "~/schemas/application";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { Radios } from "~/ui/forms";
import { usePageForm } from "~/ui/use-page-form";
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
 * Step 1, `Obligatoriska dokument` (spec 03 §5.6): the transfer type, then a slot per required document with its
 * documents and, while the slot is empty, its upload form; `Fortsätt` moves on once both hold a verified document.
 */
export function RequiredDocumentsStep({ data, wizard }: StepProps<RequiredDocumentsData>) {
  const { t } = useTranslation(["wizard", "transfer"]);
  const actionData = useActionData();
  // A new page (after every post) shows the saved type again: a type that could not be set is not left chosen.
  const { key: locationKey } = useLocation();
  const pending = data.slots.some((s) => s.documents.some((d) => !d.erased && d.status !== "UploadVerified"));
  const type = data.transferType.selectedTransferType;
  const summary = isStepFormReply(actionData) ? replyForm(actionData.formId, actionData.result) : null;
  return (
    <>
      {summary ? <ErrorSummary form={summary} order={["type", "category", "file"]} /> : null}
      <StepHeading wizard={wizard} />
      <DocumentsFailed failed={data.documentsFailed} />
      <p className="lead">{t(`wizard:required.help.${wizard.side}.${type}`)}</p>
      <TypeForm key={locationKey} data={data} lastResult={replyFor(actionData, "transfer-type")} />
      {data.slots.map((slot) => {
        const live = slot.documents.filter((d) => !d.erased);
        const title = slot.categories.map((c) => t(`transfer:category.${c}`)).join(` ${t("wizard:or")} `);
        const reply = replyFor(actionData, slot.formId);
        const missingError = reply?.error?.file?.[0];
        return (
          <section key={slot.key} aria-labelledby={`${slot.formId}-title`} className="wizard__slot">
            <h2 id={`${slot.formId}-title`}>{title}</h2>
            <p className="field__hint">{t(slotHintKey(wizard.side, slot.key, type))}</p>
            <WizardDocumentList documents={slot.documents} />
            {live.length === 0 ? (
              <UploadForm
                formId={slot.formId}
                categories={slot.categories}
                lastResult={reply}
                label={title}
              />
            ) : missingError ? (
              // The slot's document is not verified yet: the summary's link lands here.
              <p id={`${slot.formId}-file`} tabIndex={-1} className="field__error">
                {t("transfer:application.missingRequiredDocuments")}
              </p>
            ) : null}
          </section>
        );
      })}
      <DocumentsStepFoot pending={pending} wizard={wizard} />
    </>
  );
}

function TypeForm({
  data,
  lastResult,
}: {
  data: RequiredDocumentsData;
  lastResult: ReturnType<typeof replyFor>;
}) {
  const { t } = useTranslation(["wizard", "transfer"]);
  const [form, fields] = usePageForm(TransferTypeSchema, {
    id: "transfer-type",
    lastResult,
    defaultValue: { type: data.transferType.selectedTransferType },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="wizard__type">
      <input type="hidden" name="intent" value="setType" />
      <Radios
        field={fields.type}
        label={t("wizard:required.typeLegend")}
        options={data.transferType.possibleTransferTypes.map((type) => ({
          value: type,
          label: t(`transfer:transferType.${type}`),
        }))}
      />
      <button type="submit" className="button button--secondary">
        {t("wizard:required.saveType")}
      </button>
    </Form>
  );
}

/**
 * A slot's hint: the private party's agreement says what its type's document must be (spec 03 §5.6: a signed
 * transfer agreement, gift letter or property-division agreement, a registered estate inventory).
 */
function slotHintKey(side: string, key: string, type: string): string {
  return side === "private" && key === "agreement"
    ? `wizard:required.slotHint.private.agreement.${type}`
    : `wizard:required.slotHint.${side}.${key}`;
}
