import { useTranslation } from "react-i18next";
import type { FormStepData } from "~/schemas/wizard-form";
import { TextField } from "~/ui/forms";
import type { RawFields } from "./raw-form";

/** `Avtal`: the purchase price (required for a purchase), the contract date and the entry date. */
export function AgreementSection({ fields, data }: { fields: RawFields; data: FormStepData }) {
  const { t } = useTranslation("wizard");
  const optional = (label: string) => t("form.optional", { label });
  const dateHint = t("transfer:application.dateHint");
  const agreement = fields.agreement.getFieldset();
  const purchase = data.transferType === "Purchase";
  return (
    <>
      <h2>{t("form.agreement.heading")}</h2>
      <TextField
        field={agreement.purchasePrice}
        label={purchase ? t("form.purchasePrice") : optional(t("form.purchasePrice"))}
        hint={t("form.purchasePriceHint")}
        inputMode="numeric"
        autoComplete="off"
        width="medium"
      />
      <TextField
        field={agreement.contractDate}
        label={t("form.contractDate")}
        hint={dateHint}
        autoComplete="off"
        width="short"
      />
      <TextField
        field={agreement.entryDate}
        label={t("form.entryDate")}
        hint={dateHint}
        autoComplete="off"
        width="short"
      />
    </>
  );
}
