import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  NEW_ACQUIRER,
  NEW_GUARANTOR,
  TRANSFEROR_CAN_ACQUIRE,
  applicationFormSchema,
} from "~/schemas/application";
import { isTransferorRow, recipientOptions, type FormStepData } from "~/schemas/wizard-form";
import { ErrorSummary, useMessage } from "../error-summary";
import { Checkbox, Radios, TextField } from "../forms";
import { lastResultOf, usePageForm } from "../use-page-form";
import { StepHeading, type StepProps } from "./step";

/**
 * The wizard's step 2, `Uppgifter` (spec 03 §5.2-5.5): one form, a fieldset with a legend per person, conform's
 * insert and remove buttons for acquirers and guarantors (real submit buttons: without JavaScript the server renders
 * the step again with the list changed), and `Fortsätt`, which saves on the server. The server half is
 * app/server/web/wizard/form.server.ts.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of the raw form
type Field = FieldMetadata<any, any, string[]>;
type Row = Record<string, unknown> | null | undefined;
type Address = { street: string; postalCode: string; city: string; country: string };
type Contact = { emailAddress: string; phoneNumber: string };
/** The raw form as conform sees it (the schema's input reads any value; these are the fields the page has). */
type RawForm = {
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
type RawFormMetadata = FormMetadata<RawForm, string[]>;

const FORM_ID = "application";
const str = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's field names in the order the page shows them (the error summary's order). */
function fieldOrder(value: { transferors?: unknown[]; acquirers?: unknown[]; guarantors?: unknown[] }) {
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

function Hidden({ field }: { field: Field }) {
  return <input type="hidden" key={field.key} name={field.name} defaultValue={str(field.initialValue)} />;
}

/** An error of a whole list (the sum rule, too many people), under the list's heading; the summary links here. */
function ListError({ field }: { field: Field }) {
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

function AddressFields({
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

function ShareField({ field, label, hint }: { field: Field; label: string; hint: string }) {
  return (
    <TextField field={field} label={label} hint={hint} inputMode="decimal" autoComplete="off" width="short" />
  );
}

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
  const value = (form.value ?? {}) as {
    transferors?: Row[];
    acquirers?: Row[];
    guarantors?: Row[];
    paymentNoticeRecipient?: unknown;
  };
  const transferorList = fields.transferors.getFieldList();
  const acquirerList = fields.acquirers.getFieldList();
  const guarantorList = fields.guarantors.getFieldList();
  const precision = data.sharePrecision;
  const transferorName = (id: unknown) => data.transferors.find((tr) => tr.id === str(id))?.name ?? "";
  const optional = (label: string) => t("form.optional", { label });
  const transferorsAcquire = TRANSFEROR_CAN_ACQUIRE.includes(data.transferType);
  const busy = navigation.state !== "idle";

  // A person added: the focus goes to their first field (GOV.UK's "add another"). Without JavaScript the server's
  // page after the insert marks that field autofocus; with it, conform adds the row here and an effect moves focus.
  const reply = lastResultOf(actionData);
  const inserted = reply?.intent?.type === "insert" ? String(reply.intent.payload.name ?? "") : null;
  const counts = { acquirers: acquirerList.length, guarantors: guarantorList.length };
  const previousCounts = useRef(counts);
  useEffect(() => {
    const before = previousCounts.current;
    previousCounts.current = counts;
    const shrunk = (["acquirers", "guarantors"] as const).find((name) => counts[name] < before[name]);
    // A person removed: their button is gone, so the focus goes to the top of the list rather than the page's.
    if (shrunk) document.getElementById(`${FORM_ID}-${shrunk}`)?.focus();
    const grown = (["acquirers", "guarantors"] as const).find((name) => counts[name] > before[name]);
    if (!grown) return;
    const field = grown === "acquirers" ? "firstName" : "identifier";
    document.getElementById(`${FORM_ID}-${grown}[${counts[grown] - 1}].${field}`)?.focus();
    // The counts are the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [counts.acquirers, counts.guarantors]);
  const focusNew = (name: "acquirers" | "guarantors", index: number) =>
    inserted === name && index === counts[name] - 1;

  // The payment-notice recipient follows the acquirer it named as rows come and go, and falls back to the first
  // option when that person is gone (spec 03 §4.3). Without JavaScript the server does the same on a removal.
  const options = recipientOptions({
    acquirers: value.acquirers ?? [],
    transferors: value.transferors ?? [],
  } as never);
  const acquirerKeys = acquirerList.map((a) => a.key ?? "");
  const previousKeys = useRef(acquirerKeys);
  const chosen = str(value.paymentNoticeRecipient);
  const signature = `${acquirerKeys.join(",")}|${options.join(",")}|${chosen}`;
  useEffect(() => {
    const before = previousKeys.current;
    previousKeys.current = acquirerKeys;
    let next = chosen;
    const match = /^Acquirer:(\d+)$/.exec(chosen);
    if (match) {
      const at = acquirerKeys.indexOf(before[Number(match[1])] ?? "");
      next = at === -1 ? "" : `Acquirer:${at}`;
    }
    if (!options.includes(next)) next = options[0] ?? "";
    if (next !== chosen) form.update({ name: fields.paymentNoticeRecipient.name, value: next });
    // `signature` stands for the keys, the options and the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  const recipientLabel = (option: string) => {
    const [type, index] = option.split(":");
    const i = Number(index);
    if (type === "Transferor")
      return t("form.recipient.transferor", { name: transferorName(value.transferors?.[i]?.id) });
    const row = value.acquirers?.[i];
    const name = isTransferorRow(row)
      ? transferorName(row?.transferorId)
      : `${str(row?.firstName)} ${str(row?.lastName)}`.trim();
    return t("form.recipient.acquirer", { name: name || t("form.acquirers.legend", { n: i + 1 }) });
  };

  const email = (field: Field, required: boolean) => (
    <TextField
      field={field}
      label={required ? t("form.emailAddress") : optional(t("form.emailAddress"))}
      type="email"
      autoComplete="off"
      width="medium"
    />
  );
  const phone = (field: Field, required: boolean) => (
    <TextField
      field={field}
      label={required ? t("form.phoneNumber") : optional(t("form.phoneNumber"))}
      type="tel"
      autoComplete="off"
      width="medium"
    />
  );
  const dateHint = t("transfer:application.dateHint");
  const agreement = fields.agreement.getFieldset();
  const purchase = data.transferType === "Purchase";
  const guarantorsGiven = guarantorList.length > 0;

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

        <h2>{t("form.transferors.heading")}</h2>
        <ListError field={fields.transferors} />
        {transferorList.map((row, i) => {
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
              {email(f.emailAddress, false)}
              {phone(f.phoneNumber, false)}
            </fieldset>
          );
        })}

        <h2>{t("form.acquirers.heading")}</h2>
        {transferorsAcquire ? <p>{t("form.acquirers.transferorsIntro")}</p> : null}
        <ListError field={fields.acquirers} />
        {acquirerList.map((row, i) => {
          const f = row.getFieldset();
          const asTransferor = isTransferorRow(value.acquirers?.[i] ?? row.initialValue);
          const name = transferorName(f.transferorId.initialValue);
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
                    focusOnLoad={focusNew("acquirers", i)}
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
              {email(f.emailAddress, data.context.rules.requireEmail)}
              {phone(f.phoneNumber, data.context.rules.requirePhoneNumber)}
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

        <h2>{t("form.guarantors.heading")}</h2>
        <p className="field__hint">{t("form.guarantors.intro")}</p>
        {guarantorsGiven && !data.guaranteeVerified ? (
          <div className="notice">
            <p>{t("form.guarantors.guaranteeNeeded")}</p>
          </div>
        ) : null}
        <ListError field={fields.guarantors} />
        {guarantorList.map((row, i) => {
          const f = row.getFieldset();
          return (
            <fieldset key={row.key} className="wizard-form__person">
              <legend className="wizard-form__legend">{t("form.guarantors.legend", { n: i + 1 })}</legend>
              <Hidden field={f.id} />
              <TextField
                field={f.identifier}
                label={t("form.personalNumber")}
                hint={t("form.personalNumberHint")}
                focusOnLoad={focusNew("guarantors", i)}
                autoComplete="off"
                width="medium"
              />
              <TextField field={f.firstName} label={t("form.firstName")} autoComplete="off" />
              <TextField field={f.lastName} label={t("form.lastName")} autoComplete="off" />
              {email(f.emailAddress, false)}
              {phone(f.phoneNumber, false)}
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

        <Radios
          field={fields.paymentNoticeRecipient}
          label={t("form.recipient.legend")}
          hint={t("form.recipient.hint")}
          options={options.map((option) => ({ value: option, label: recipientLabel(option) }))}
        />

        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {t("continue")}
          </button>
        </div>
      </Form>
    </>
  );
}
