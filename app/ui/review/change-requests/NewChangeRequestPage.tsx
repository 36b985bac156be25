import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatSek } from "~/lib/format";
import {
  changeRequestFormClientSchema,
  type Agreement,
  type AgreementField,
  type ChangeableFields,
} from "~/schemas/change-requests";
import { ErrorSummary } from "~/ui/error-summary";
import { DateField, FileInput, TextField } from "~/ui/forms";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * `Ny ändringsbegäran` (spec 02 §2.7, §5; decision 026): one multipart post that works without JavaScript. Only
 * the values the transfer flags changeable are fields; the others are stated. A field left empty is not changed;
 * each hint gives the current value. The additional agreement is optional (spec 02 §5: it "can be attached"); its
 * input comes last, so the server has read the values before the file streams in. The browser checks with the same
 * rules as the server; what only the server can judge (the bytes are a PDF) comes back as the form's errors, with
 * every value typed kept; a chosen file must be chosen again, and its error says so.
 */

export interface NewChangeRequestData {
  review: { id: string; objectDescription: string };
  current: Agreement;
  changeable: ChangeableFields;
  disabledReason: string | null;
  back: string;
}

const ORDER = ["purchasePrice", "entryDate", "contractDate", "additionalAgreement"];

export function NewChangeRequestPage({ data }: { data: NewChangeRequestData }) {
  const { t } = useTranslation("review");
  const { review, current, changeable, disabledReason, back } = data;
  const actionData = useActionData();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const schema = useMemo(() => changeRequestFormClientSchema(current, changeable), [current, changeable]);
  const [form, fields] = usePageForm(schema, { id: "change-request", lastResult: lastResultOf(actionData) });
  const shown = (field: AgreementField) => {
    const value = current[field];
    if (value === null) return t("changeRequests.noValue");
    return field === "purchasePrice" ? formatSek(value as number) : formatDate(value as string);
  };
  const hint = (field: AgreementField, extra?: string) =>
    // Two sentences: the current value, then the field's own hint.
    [t("changeRequests.new.current", { value: shown(field) }), extra].filter(Boolean).join(". ");
  const fixed = (["purchasePrice", "entryDate", "contractDate"] as const).filter((f) => !changeable[f]);

  return (
    <div className="page page--narrow">
      <ErrorSummary form={form} order={ORDER} />
      <p>
        <Link to={back}>{t("changeRequests.new.back")}</Link>
      </p>
      <p className="muted">{review.objectDescription}</p>
      <h1>{t("changeRequests.new.title")}</h1>
      {disabledReason ? (
        <p className="notice" role="note">
          {t("changeRequests.new.disabled", { reason: disabledReason })}
        </p>
      ) : (
        <>
          <p>{t("changeRequests.new.intro")}</p>
          {fixed.map((field) => (
            <p key={field} className="muted">
              {t("changeRequests.new.notChangeable", {
                field: t(`changeRequests.fields.${field}`),
                value: shown(field),
              })}
            </p>
          ))}
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            {changeable.purchasePrice ? (
              <TextField
                field={fields.purchasePrice}
                label={t("changeRequests.fields.purchasePrice")}
                hint={hint("purchasePrice", t("changeRequests.new.priceHint"))}
                inputMode="numeric"
                width="medium"
              />
            ) : null}
            {changeable.entryDate ? (
              <DateField
                field={fields.entryDate}
                label={t("changeRequests.fields.entryDate")}
                hint={hint("entryDate")}
              />
            ) : null}
            {changeable.contractDate ? (
              <DateField
                field={fields.contractDate}
                label={t("changeRequests.fields.contractDate")}
                hint={hint("contractDate")}
              />
            ) : null}
            <FileInput
              field={fields.additionalAgreement}
              label={t("changeRequests.new.fileLabel")}
              hint={t("changeRequests.new.fileHint")}
            />
            <div className="button-row">
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {busy ? t("changeRequests.new.submitting") : t("changeRequests.new.submit")}
              </button>
              <Link to={back} className="button button--secondary">
                {t("changeRequests.new.cancel")}
              </Link>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
