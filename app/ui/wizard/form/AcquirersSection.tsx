import { useTranslation } from "react-i18next";
import { NEW_ACQUIRER, TRANSFEROR_CAN_ACQUIRE } from "~/schemas/application";
import { isTransferorRow, type FormStepData } from "~/schemas/wizard-form";
import { Checkbox, TextField } from "~/ui/forms";
import { AddressFields, ContactFields, Hidden, ListError, ShareField } from "./fields";
import { transferorName, type RawFields, type RawFormMetadata, type RawValue } from "./raw-form";

/**
 * `Förvärvare`: the acquirers, each a fieldset; a transferor who may acquire is a row switched on or off (never
 * removed), anyone else is typed in and can be removed; `Lägg till förvärvare` inserts a row.
 */
export function AcquirersSection({
  form,
  fields,
  list,
  value,
  data,
  focusNew,
}: {
  form: RawFormMetadata;
  fields: RawFields;
  list: ReturnType<RawFields["acquirers"]["getFieldList"]>;
  value: RawValue;
  data: FormStepData;
  /** Whether row `index` is the one just added (its first field takes the focus). */
  focusNew: (index: number) => boolean;
}) {
  const { t } = useTranslation("wizard");
  const precision = data.sharePrecision;
  const transferorsAcquire = TRANSFEROR_CAN_ACQUIRE.includes(data.transferType);
  return (
    <>
      <h2>{t("form.acquirers.heading")}</h2>
      {transferorsAcquire ? <p>{t("form.acquirers.transferorsIntro")}</p> : null}
      <ListError field={fields.acquirers} />
      {list.map((row, i) => {
        const f = row.getFieldset();
        const asTransferor = isTransferorRow(value.acquirers?.[i] ?? row.initialValue);
        const name = transferorName(data, f.transferorId.initialValue);
        return (
          <fieldset key={row.key} className="wizard-form__person">
            <legend className="wizard-form__legend">
              {asTransferor
                ? t("form.acquirers.transferorLegend", { n: i + 1, name })
                : t("form.acquirers.legend", { n: i + 1 })}
            </legend>
            <Hidden field={f.id} />
            {asTransferor ? (
              <>
                <Hidden field={f.isTransferor} />
                <Hidden field={f.transferorId} />
                <Checkbox
                  field={f.enabled}
                  label={t("form.acquirers.enabled", { name })}
                  hint={t("form.acquirers.enabledHint")}
                />
              </>
            ) : (
              <>
                <TextField
                  field={f.firstName}
                  label={t("form.firstName")}
                  autoComplete="off"
                  focusOnLoad={focusNew(i)}
                />
                <TextField field={f.lastName} label={t("form.lastName")} autoComplete="off" />
                <TextField
                  field={f.identifier}
                  label={t("form.identifier")}
                  hint={t("form.identifierHint")}
                  autoComplete="off"
                  width="medium"
                />
              </>
            )}
            <ShareField
              field={f.transferShare}
              label={t("form.acquirerShare")}
              hint={t("form.acquirerShareHint", { n: precision })}
            />
            <AddressFields
              field={f.address}
              legend={t("form.address")}
              autoComplete={`section-acquirer-${i}`}
            />
            <ContactFields
              email={f.emailAddress}
              phone={f.phoneNumber}
              emailRequired={data.context.rules.requireEmail}
              phoneRequired={data.context.rules.requirePhoneNumber}
            />
            {asTransferor ? null : (
              <button
                {...form.remove.getButtonProps({ name: fields.acquirers.name, index: i })}
                className="button button--secondary"
              >
                {t("form.acquirers.remove", { n: i + 1 })}
              </button>
            )}
          </fieldset>
        );
      })}
      <button
        {...form.insert.getButtonProps({ name: fields.acquirers.name, defaultValue: NEW_ACQUIRER })}
        className="button button--secondary"
      >
        {t("form.acquirers.add")}
      </button>
    </>
  );
}
