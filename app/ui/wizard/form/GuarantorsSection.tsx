import { useTranslation } from "react-i18next";
import { NEW_GUARANTOR } from "~/schemas/application";
import type { FormStepData } from "~/schemas/wizard-form";
import { TextField } from "~/ui/forms";
import { ContactFields, Hidden, ListError } from "./fields";
import type { RawFields, RawFormMetadata } from "./raw-form";

/** `Borgensmän`: the guarantors, each a fieldset that can be removed; `Lägg till borgensman` inserts a row. */
export function GuarantorsSection({
  form,
  fields,
  list,
  data,
  focusNew,
}: {
  form: RawFormMetadata;
  fields: RawFields;
  list: ReturnType<RawFields["guarantors"]["getFieldList"]>;
  data: FormStepData;
  /** Whether row `index` is the one just added (its first field takes the focus). */
  focusNew: (index: number) => boolean;
}) {
  const { t } = useTranslation("wizard");
  const guarantorsGiven = list.length > 0;
  return (
    <>
      <h2>{t("form.guarantors.heading")}</h2>
      <p className="field__hint">{t("form.guarantors.intro")}</p>
      {guarantorsGiven && !data.guaranteeVerified ? (
        <div className="notice">
          <p>{t("form.guarantors.guaranteeNeeded")}</p>
        </div>
      ) : null}
      <ListError field={fields.guarantors} />
      {list.map((row, i) => {
        const f = row.getFieldset();
        return (
          <fieldset key={row.key} className="wizard-form__person">
            <legend className="wizard-form__legend">{t("form.guarantors.legend", { n: i + 1 })}</legend>
            <Hidden field={f.id} />
            <TextField
              field={f.identifier}
              label={t("form.personalNumber")}
              hint={t("form.personalNumberHint")}
              focusOnLoad={focusNew(i)}
              autoComplete="off"
              width="medium"
            />
            <TextField field={f.firstName} label={t("form.firstName")} autoComplete="off" />
            <TextField field={f.lastName} label={t("form.lastName")} autoComplete="off" />
            <ContactFields
              email={f.emailAddress}
              phone={f.phoneNumber}
              emailRequired={false}
              phoneRequired={false}
            />
            <button
              {...form.remove.getButtonProps({ name: fields.guarantors.name, index: i })}
              className="button button--secondary"
            >
              {t("form.guarantors.remove", { n: i + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button
        {...form.insert.getButtonProps({ name: fields.guarantors.name, defaultValue: NEW_GUARANTOR })}
        className="button button--secondary"
      >
        {t("form.guarantors.add")}
      </button>
    </>
  );
}
