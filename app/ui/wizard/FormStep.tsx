import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { applicationFormSchema } from "~/schemas/application";
import type { FormStepData } from "~/schemas/wizard-form";
import { ErrorSummary } from "../error-summary";
import { lastResultOf, usePageForm } from "../use-page-form";
import { AcquirersSection } from "./form/AcquirersSection";
import { AgreementSection } from "./form/AgreementSection";
import { Hidden } from "./form/fields";
import { GuarantorsSection } from "./form/GuarantorsSection";
import { useFocusOnListChange, useRecipientFollowsAcquirers } from "./form/hooks";
import { FORM_ID, fieldOrder, type RawFormMetadata, type RawValue } from "./form/raw-form";
import { RecipientField } from "./form/RecipientField";
import { TransferorsSection } from "./form/TransferorsSection";
import { StepHeading, type StepProps } from "./step";

/**
 * The wizard's step 2, `Uppgifter` (spec 03 §5.2-5.5): one form, a fieldset with a legend per person, conform's
 * insert and remove buttons for acquirers and guarantors (real submit buttons: without JavaScript the server renders
 * the step again with the list changed), and `Fortsätt`, which saves on the server. The server half is
 * app/server/web/wizard/form.server.ts; the form's sections and fields are in ./form.
 */

export function FormStep({ data, wizard }: StepProps<FormStepData>) {
  const { t } = useTranslation("wizard");
  const actionData = useActionData();
  const navigation = useNavigation();
  const schema = useMemo(() => applicationFormSchema(data.context), [data.context]);
  const [form, fields] = usePageForm(schema, {
    id: FORM_ID,
    lastResult: lastResultOf(actionData),
    defaultValue: data.value,
  }) as unknown as [RawFormMetadata, ReturnType<RawFormMetadata["getFieldset"]>];
  const value = (form.value ?? {}) as RawValue;
  const transferorList = fields.transferors.getFieldList();
  const acquirerList = fields.acquirers.getFieldList();
  const guarantorList = fields.guarantors.getFieldList();
  const busy = navigation.state !== "idle";

  const counts = { acquirers: acquirerList.length, guarantors: guarantorList.length };
  const focusNew = useFocusOnListChange(lastResultOf(actionData), counts);
  const options = useRecipientFollowsAcquirers(form, fields, acquirerList, value);

  return (
    <>
      <ErrorSummary form={form} order={fieldOrder(value)} />
      <StepHeading wizard={wizard} />
      {data.analysisFailed ? (
        <div className="notice" role="status">
          <p>{t("analysisFailed")}</p>
        </div>
      ) : data.prefilled ? (
        <div className="notice" role="status">
          <p>{t("form.prefilled")}</p>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="wizard-form">
        <Hidden field={fields.version} />

        <TransferorsSection fields={fields} list={transferorList} data={data} />

        <AcquirersSection
          form={form}
          fields={fields}
          list={acquirerList}
          value={value}
          data={data}
          focusNew={(i) => focusNew("acquirers", i)}
        />

        <GuarantorsSection
          form={form}
          fields={fields}
          list={guarantorList}
          data={data}
          focusNew={(i) => focusNew("guarantors", i)}
        />

        <AgreementSection fields={fields} data={data} />

        <RecipientField field={fields.paymentNoticeRecipient} options={options} value={value} data={data} />

        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {t("continue")}
          </button>
        </div>
      </Form>
    </>
  );
}
