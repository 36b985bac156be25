import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/ui/error-summary";
import { TextField } from "~/ui/forms";
import { str, type Address, type Field, type RawForm } from "./raw-form";

/** The small fields of the wizard's step 2: hidden values, a list's error, an address, a share, the contact. */

export function Hidden({ field }: { field: Field }) {
  return <input type="hidden" key={field.key} name={field.name} defaultValue={str(field.initialValue)} />;
}

/** An error of a whole list (the sum rule, too many people), under the list's heading; the summary links here. */
export function ListError({ field }: { field: Field }) {
  const { t } = useTranslation();
  const message = useMessage();
  const error = field.errors?.[0];
  return (
    <div id={field.id} tabIndex={-1}>
      {error ? (
        <p id={field.errorId} className="field__error">
          <span className="visually-hidden">{t("validation.errorPrefix")} </span>
          {message(error)}
        </p>
      ) : null}
    </div>
  );
}

export function AddressFields({
  field,
  legend,
  hint,
  autoComplete,
}: {
  field: FieldMetadata<Address, RawForm, string[]>;
  legend: ReactNode;
  hint?: ReactNode;
  autoComplete: string;
}) {
  const { t } = useTranslation("wizard");
  const address = field.getFieldset();
  return (
    <fieldset className="wizard-form__group">
      <legend className="field__label">{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <TextField
        field={address.street}
        label={t("form.street")}
        autoComplete={`${autoComplete} address-line1`}
      />
      <TextField
        field={address.postalCode}
        label={t("form.postalCode")}
        autoComplete={`${autoComplete} postal-code`}
        width="short"
      />
      <TextField
        field={address.city}
        label={t("form.city")}
        autoComplete={`${autoComplete} address-level2`}
      />
      <TextField
        field={address.country}
        label={t("form.country")}
        autoComplete={`${autoComplete} country-name`}
        width="medium"
      />
    </fieldset>
  );
}

export function ShareField({ field, label, hint }: { field: Field; label: string; hint: string }) {
  return (
    <TextField field={field} label={label} hint={hint} inputMode="decimal" autoComplete="off" width="short" />
  );
}

/** A person's e-mail address and phone number, each optional unless the association's rules require it. */
export function ContactFields({
  email,
  phone,
  emailRequired,
  phoneRequired,
}: {
  email: Field;
  phone: Field;
  emailRequired: boolean;
  phoneRequired: boolean;
}) {
  const { t } = useTranslation("wizard");
  const optional = (label: string) => t("form.optional", { label });
  return (
    <>
      <TextField
        field={email}
        label={emailRequired ? t("form.emailAddress") : optional(t("form.emailAddress"))}
        type="email"
        autoComplete="off"
        width="medium"
      />
      <TextField
        field={phone}
        label={phoneRequired ? t("form.phoneNumber") : optional(t("form.phoneNumber"))}
        type="tel"
        autoComplete="off"
        width="medium"
      />
    </>
  );
}
