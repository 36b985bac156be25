import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Radios } from "~/ui/forms";
import type { NewTransferData } from "./types";

/**
 * The objects found, one radio each, and `Skapa överlåtelse`: the create post carries the identifier searched for
 * and the search's request id (the transfer's id, so a double click makes one transfer). With JavaScript, choosing
 * an object asks for its possible duplicates at once (`onChoose`).
 */
export function ObjectChoiceForm({
  form,
  field,
  found,
  identifierType,
  identifierValue,
  busy,
  hydrated,
  onChoose,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the create form of NewTransferCreateSchema
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- its objectId field
  field: FieldMetadata<any, any, string[]>;
  found: NonNullable<NewTransferData["search"]>;
  identifierType: string;
  identifierValue: string;
  busy: boolean;
  hydrated: boolean;
  onChoose: (objectId: string) => void;
}) {
  const { t } = useTranslation("transfer");
  return (
    <Form
      method="post"
      className="new-transfer__objects"
      {...getFormProps(form)}
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (hydrated && target.name === "objectId" && target.checked) onChoose(target.value);
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="identifierType" value={identifierType} />
      <input type="hidden" name="identifier" value={identifierValue} />
      <input type="hidden" name="requestId" value={found.requestId} />
      <Radios
        field={field}
        label={t("create.chooseObject")}
        options={found.objects.map((o) => ({
          value: o.objectId,
          label: o.name,
          ...(o.association
            ? {
                hint: `${o.association} · ${o.description ?? ""} · ${t("create.owners", { names: (o.owners ?? []).join(", ") })}`,
              }
            : {}),
        }))}
      />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {t("create.create")}
      </button>
    </Form>
  );
}
