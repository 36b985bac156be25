import { useTranslation } from "react-i18next";
import type { FormStepData } from "~/schemas/wizard-form";
import { AddressFields, ContactFields, Hidden, ListError, ShareField } from "./fields";
import { str, type RawFields } from "./raw-form";

/** `Överlåtare`: each transferor's share, new address and contact (the people themselves are the object's owners). */
export function TransferorsSection({
  fields,
  list,
  data,
}: {
  fields: RawFields;
  list: ReturnType<RawFields["transferors"]["getFieldList"]>;
  data: FormStepData;
}) {
  const { t } = useTranslation("wizard");
  const optional = (label: string) => t("form.optional", { label });
  const precision = data.sharePrecision;
  return (
    <>
      <h2>{t("form.transferors.heading")}</h2>
      <ListError field={fields.transferors} />
      {list.map((row, i) => {
        const f = row.getFieldset();
        const tr = data.transferors.find((x) => x.id === str(f.id.initialValue)) ?? data.transferors[i];
        return (
          <fieldset key={row.key} className="wizard-form__person">
            <legend className="wizard-form__legend">
              {t("form.transferors.legend", { n: i + 1, name: tr?.name ?? "" })}
            </legend>
            <Hidden field={f.id} />
            <p className="field__hint">
              {t("form.transferors.owns", {
                identifier: tr?.identifier ?? "",
                share: tr?.ownerShare ?? "",
              })}
            </p>
            <ShareField
              field={f.transferShare}
              label={t("form.transferShare")}
              hint={t("form.transferShareHint", { owned: tr?.ownerShare ?? "", n: precision })}
            />
            <AddressFields
              field={f.newAddress}
              legend={optional(t("form.newAddress"))}
              hint={t("form.newAddressHint")}
              autoComplete={`section-transferor-${i}`}
            />
            <ContactFields
              email={f.emailAddress}
              phone={f.phoneNumber}
              emailRequired={false}
              phoneRequired={false}
            />
          </fieldset>
        );
      })}
    </>
  );
}
