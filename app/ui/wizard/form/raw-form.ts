import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { FormStepData } from "~/schemas/wizard-form";

/** The raw form of the wizard's step 2 as conform sees it, and what the page reads from it. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of the raw form
export type Field = FieldMetadata<any, any, string[]>;
export type Row = Record<string, unknown> | null | undefined;
export type Address = { street: string; postalCode: string; city: string; country: string };
type Contact = { emailAddress: string; phoneNumber: string };
/** The raw form as conform sees it (the schema's input reads any value; these are the fields the page has). */
export type RawForm = {
  version: string;
  transferors: Array<{ id: string; transferShare: string; newAddress: Address } & Contact>;
  acquirers: Array<
    {
      id: string;
      isTransferor: string;
      transferorId: string;
      enabled: string;
      firstName: string;
      lastName: string;
      identifier: string;
      address: Address;
      transferShare: string;
    } & Contact
  >;
  guarantors: Array<{ id: string; identifier: string; firstName: string; lastName: string } & Contact>;
  paymentNoticeRecipient: string;
  agreement: { purchasePrice: string; contractDate: string; entryDate: string };
};
export type RawFormMetadata = FormMetadata<RawForm, string[]>;

export const FORM_ID = "application";
export const str = (value: unknown) => (typeof value === "string" ? value : "");
export type RawFields = ReturnType<RawFormMetadata["getFieldset"]>;
/** The form's current value, as far as the page reads it. */
export type RawValue = {
  transferors?: Row[];
  acquirers?: Row[];
  guarantors?: Row[];
  paymentNoticeRecipient?: unknown;
};

/** A transferor's name by id, or empty. */
export const transferorName = (data: FormStepData, id: unknown) =>
  data.transferors.find((tr) => tr.id === str(id))?.name ?? "";

/** The form's field names in the order the page shows them (the error summary's order). */
export function fieldOrder(value: {
  transferors?: unknown[];
  acquirers?: unknown[];
  guarantors?: unknown[];
}) {
  const address = (p: string) => ["street", "postalCode", "city", "country"].map((f) => `${p}.${f}`);
  const names: string[] = ["transferors"];
  (value.transferors ?? []).forEach((_, i) => {
    const p = `transferors[${i}]`;
    names.push(`${p}.id`, `${p}.transferShare`, ...address(`${p}.newAddress`), `${p}.emailAddress`);
    names.push(`${p}.phoneNumber`);
  });
  names.push("acquirers");
  (value.acquirers ?? []).forEach((_, i) => {
    const p = `acquirers[${i}]`;
    names.push(`${p}.id`, `${p}.transferorId`, `${p}.enabled`, `${p}.firstName`, `${p}.lastName`);
    names.push(`${p}.identifier`, `${p}.transferShare`, ...address(`${p}.address`), `${p}.emailAddress`);
    names.push(`${p}.phoneNumber`);
  });
  names.push("guarantors");
  (value.guarantors ?? []).forEach((_, i) => {
    const p = `guarantors[${i}]`;
    names.push(`${p}.id`, `${p}.identifier`, `${p}.firstName`, `${p}.lastName`, `${p}.emailAddress`);
    names.push(`${p}.phoneNumber`);
  });
  names.push(
    "paymentNoticeRecipient",
    "agreement.purchasePrice",
    "agreement.contractDate",
    "agreement.entryDate",
    "version",
  );
  return names;
}
