import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReviewData, ReviewPerson, WizardDocumentView, WizardStepName } from "~/lib/wizard";
import { SubmitApplicationFormSchema } from "~/schemas/wizard";
import { ErrorSummary, useMessage } from "~/ui/error-summary";
import { Checkbox } from "~/ui/forms";
import { usePageForm } from "~/ui/use-page-form";
import { FileName } from "~/ui/documents/DocumentList";
import { DocumentsFailed, replyFor } from "./documents";
import { StepHeading, type StepProps } from "./step";

/**
 * Step 4, `Skicka in` (GOV.UK check answers): each saved part with `Ändra` back to its step, what is left to do,
 * the three confirmations and the submit button.
 */
export function ReviewStep({ data, wizard }: StepProps<ReviewData>) {
  const { t } = useTranslation(["wizard", "transfer"]);
  const message = useMessage();
  const actionData = useActionData();
  const navigation = useNavigation();
  const [form, fields] = usePageForm(SubmitApplicationFormSchema, {
    id: "submit-application",
    lastResult: replyFor(actionData, "submit-application"),
  });
  const change = (step: WizardStepName, what: string) => (
    <Link to={wizard.paths.steps[step]}>
      {t("wizard:review.change")}
      <span className="visually-hidden"> {what}</span>
    </Link>
  );
  const a = data.agreement;
  const notGiven = t("wizard:review.notGiven");
  return (
    <>
      <ErrorSummary form={form} order={["correct", "signed", "singleDocument"]} />
      <StepHeading wizard={wizard}>{t("wizard:review.title")}</StepHeading>
      <DocumentsFailed failed={data.documentsFailed} />

      <SummarySection
        id="review-documents"
        title={t("wizard:steps.requiredDocuments")}
        action={change("requiredDocuments", t("wizard:steps.requiredDocuments"))}
      >
        <dl className="summary-list">
          <div>
            <dt>{t("wizard:review.labels.transferType")}</dt>
            <dd>{t(`transfer:transferType.${data.transferType}`)}</dd>
          </div>
        </dl>
        <DocumentNames documents={data.requiredDocuments} />
      </SummarySection>

      <SummarySection
        id="review-people"
        title={t("wizard:review.peopleTitle")}
        action={change("form", t("wizard:review.peopleTitle"))}
      >
        <People title={t("wizard:review.transferors")} people={data.transferors} />
        <People title={t("wizard:review.acquirers")} people={data.acquirers} />
        {data.guarantors.length > 0 ? (
          <People title={t("wizard:review.guarantors")} people={data.guarantors} />
        ) : null}
      </SummarySection>

      <SummarySection
        id="review-agreement"
        title={t("wizard:review.agreementTitle")}
        action={change("form", t("wizard:review.agreementTitle"))}
      >
        <dl className="summary-list">
          <div>
            <dt>{t("wizard:review.labels.purchasePrice")}</dt>
            <dd>{a.purchasePrice ?? notGiven}</dd>
          </div>
          <div>
            <dt>{t("wizard:review.labels.contractDate")}</dt>
            <dd>{a.contractDate ?? notGiven}</dd>
          </div>
          <div>
            <dt>{t("wizard:review.labels.entryDate")}</dt>
            <dd>{a.entryDate ?? notGiven}</dd>
          </div>
          <div>
            <dt>{t("wizard:review.labels.paymentNoticeRecipient")}</dt>
            <dd>{data.paymentNoticeRecipient ?? notGiven}</dd>
          </div>
        </dl>
      </SummarySection>

      <SummarySection
        id="review-optional"
        title={t("wizard:steps.optionalDocuments")}
        action={change("optionalDocuments", t("wizard:steps.optionalDocuments"))}
      >
        {data.optionalDocuments.length === 0 ? (
          <p>{t("wizard:optional.none")}</p>
        ) : (
          <DocumentNames documents={data.optionalDocuments} />
        )}
      </SummarySection>

      {data.validation.isValid ? null : (
        <section aria-labelledby="remaining-title" className="notice notice--error" id="remaining">
          <h2 id="remaining-title">{t("transfer:application.remainingTitle")}</h2>
          <ul>
            {data.validation.errors.map((e) => (
              <li key={`${e.property}:${e.message}`}>
                <Link to={wizard.paths.steps[e.step]}>{message(e.message)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Form method="post" {...getFormProps(form)} className="wizard__submit">
        <input type="hidden" name="intent" value="submit" />
        <input type="hidden" name="version" value={data.version} />
        <fieldset>
          <legend className="field__label">{t("wizard:review.confirm.legend")}</legend>
          <Checkbox field={fields.correct} label={t("wizard:review.confirm.correct.label")} />
          <Checkbox field={fields.signed} label={t("wizard:review.confirm.signed.label")} />
          <Checkbox field={fields.singleDocument} label={t("wizard:review.confirm.singleDocument.label")} />
        </fieldset>
        <button
          type="submit"
          className="button"
          disabled={!data.validation.isValid}
          aria-describedby={data.validation.isValid ? undefined : "remaining-title"}
          aria-disabled={navigation.state !== "idle" || undefined}
        >
          {t("wizard:review.submit")}
        </button>
      </Form>
    </>
  );
}

function SummarySection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="wizard__summary">
      <div className="wizard__summary-heading">
        <h2 id={`${id}-title`}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function DocumentNames({ documents }: { documents: WizardDocumentView[] }) {
  const { t } = useTranslation(["wizard", "transfer", "review"]);
  if (documents.length === 0) return <p>{t("wizard:review.noDocuments")}</p>;
  return (
    <dl className="summary-list">
      {documents.map((d) => (
        <div key={d.id}>
          <dt>{t(`transfer:category.${d.category}`)}</dt>
          <dd>
            {d.erased ? (
              t("review:document.erasedTitle")
            ) : (
              // Spec 02 §2.5: a name is shown at 25 characters keeping its suffix, as on the Dokument tab.
              <>
                <FileName name={d.fileName} /> ({t(`review:documents.status.${d.status}`)})
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function People({ title, people }: { title: string; people: ReviewPerson[] }) {
  const { t } = useTranslation("wizard");
  return (
    <>
      <h3>{title}</h3>
      {people.length === 0 ? <p>{t("review.nobody")}</p> : null}
      {people.map((p, index) => (
        <dl className="summary-list" key={`${p.identifier}-${index}`}>
          <div>
            <dt>{t("review.labels.name")}</dt>
            <dd>
              {p.name}, {p.identifier}
            </dd>
          </div>
          {p.rows.map((r) => (
            <div key={r.label}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      ))}
    </>
  );
}
