import { useTranslation } from "react-i18next";
import { isTransferorRow, type FormStepData } from "~/schemas/wizard-form";
import { Radios } from "~/ui/forms";
import { str, transferorName, type Field, type RawValue } from "./raw-form";

/** Who gets the payment notices: one of the options (`Type:index`), each named by the person it stands for. */
export function RecipientField({
  field,
  options,
  value,
  data,
}: {
  field: Field;
  options: string[];
  value: RawValue;
  data: FormStepData;
}) {
  const { t } = useTranslation("wizard");
  const recipientLabel = (option: string) => {
    const [type, index] = option.split(":");
    const i = Number(index);
    if (type === "Transferor")
      return t("form.recipient.transferor", { name: transferorName(data, value.transferors?.[i]?.id) });
    const row = value.acquirers?.[i];
    const name = isTransferorRow(row)
      ? transferorName(data, row?.transferorId)
      : `${str(row?.firstName)} ${str(row?.lastName)}`.trim();
    return t("form.recipient.acquirer", { name: name || t("form.acquirers.legend", { n: i + 1 }) });
  };
  return (
    <Radios
      field={field}
      label={t("form.recipient.legend")}
      hint={t("form.recipient.hint")}
      options={options.map((option) => ({ value: option, label: recipientLabel(option) }))}
    />
  );
}
