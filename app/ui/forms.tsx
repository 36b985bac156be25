import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "./error-summary";

/**
 * The form components every page uses (decision 014), bound to conform's field metadata. Errors are locale keys
 * (common.json, or domain.json for the domain's schemas) and are translated here. Each field ties its hint and
 * error to the control with aria-describedby, marks an invalid control with aria-invalid, and takes its value
 * from the last submission, so what the user typed comes back after a failed post with or without JavaScript.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any schema
type Field = FieldMetadata<any, any, string[]>;

function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

function FieldError({ field }: { field: Field }) {
  const { t } = useTranslation();
  const message = useMessage();
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p id={field.errorId} className="field__error">
      <span className="visually-hidden">{t("validation.errorPrefix")} </span>
      {message(error)}
    </p>
  );
}

function Hint({ field, hint }: { field: Field; hint?: ReactNode }) {
  return hint ? (
    <div id={field.descriptionId} className="field__hint">
      {hint}
    </div>
  ) : null;
}

function controlAria(field: Field, hint: unknown, extra?: string) {
  const invalid = Boolean(field.errors?.length);
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy(hint ? field.descriptionId : null, invalid && field.errorId, extra),
  } as const;
}

/** A control's own id and name (the label's `for` and the summary's link point at the id). */
function controlOf(field: Field) {
  return { id: field.id, name: field.name };
}

function initialString(field: Field): string | undefined {
  const value = field.initialValue as unknown;
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}

function initialList(field: Field): string[] {
  const value = field.initialValue as unknown;
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/** Label, hint and error above a control, in the GOV.UK order; the control is the child. */
function LabelledField({ field, label, hint, className, children }: BaseProps & { children: ReactNode }) {
  return (
    <div className={fieldClass(field, className)}>
      <label htmlFor={field.id} className="field__label">
        {label}
      </label>
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
      {children}
    </div>
  );
}

interface BaseProps {
  field: Field;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

export function TextField({
  field,
  label,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  width,
  className,
  focusOnLoad,
}: BaseProps & {
  type?: "text" | "email" | "tel" | "search";
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
  width?: "short" | "medium";
  /** Only where the user just asked for this field (a row added by a post without JavaScript). */
  focusOnLoad?: boolean;
}) {
  return (
    <LabelledField field={field} label={label} hint={hint} className={className}>
      <input
        key={field.key}
        {...controlOf(field)}
        type={type}
        defaultValue={initialString(field)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- see the prop: focus goes where the user asked for it
        autoFocus={focusOnLoad}
        className={width ? `field__input field__input--${width}` : "field__input"}
        {...controlAria(field, hint)}
      />
    </LabelledField>
  );
}

/** A date as the browser's date control (yyyy-mm-dd, which is also what it posts without JavaScript). */
export function DateField({
  field,
  label,
  hint,
  max,
  min,
  className,
}: BaseProps & { max?: string; min?: string }) {
  return (
    <LabelledField field={field} label={label} hint={hint} className={className}>
      <input
        key={field.key}
        {...controlOf(field)}
        type="date"
        min={min}
        max={max}
        defaultValue={initialString(field)}
        className="field__input field__input--short"
        {...controlAria(field, hint)}
      />
    </LabelledField>
  );
}

/**
 * A textarea; with `maxLength` (the spec's limit) it counts characters in the GOV.UK way: a hint that says the
 * limit without JavaScript, a live count (announced politely, after typing pauses) with it. The limit is not
 * enforced by the browser, so a pasted long text stays visible with the error instead of being cut.
 */
export function TextArea({
  field,
  label,
  hint,
  rows = 5,
  maxLength,
  className,
}: BaseProps & { rows?: number; maxLength?: number }) {
  const { t } = useTranslation();
  // The count is of what was typed into this control: a reset of the form (a saved note) makes a new one (its key).
  const [typed, setTyped] = useState<{ key: unknown; length: number } | null>(null);
  const length = typed && typed.key === field.key ? typed.length : null;
  const [announced, setAnnounced] = useState<number | null>(null);
  useEffect(() => {
    if (length === null) {
      setAnnounced(null);
      return;
    }
    const timer = setTimeout(() => setAnnounced(length), 1000);
    return () => clearTimeout(timer);
  }, [length]);
  const countId = `${field.id}-count`;
  const count = (n: number) =>
    n <= maxLength!
      ? t("forms.charactersLeft", { count: maxLength! - n })
      : t("forms.charactersTooMany", { count: n - maxLength! });
  return (
    <LabelledField field={field} label={label} hint={hint} className={className}>
      <textarea
        key={field.key}
        {...controlOf(field)}
        rows={rows}
        defaultValue={initialString(field)}
        className="field__input"
        onInput={
          maxLength
            ? (event) => setTyped({ key: field.key, length: event.currentTarget.value.length })
            : undefined
        }
        {...controlAria(field, hint, maxLength ? countId : undefined)}
      />
      {maxLength ? (
        <>
          <p
            id={countId}
            className={
              length !== null && length > maxLength ? "field__count field__count--over" : "field__count"
            }
            aria-hidden={length !== null || undefined}
          >
            {length === null ? t("forms.charactersMax", { count: maxLength }) : count(length)}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {announced === null ? "" : count(announced)}
          </p>
        </>
      ) : null}
    </LabelledField>
  );
}

export interface Choice {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** Radios or checkboxes in a fieldset with a legend; the first option carries the field's id (summary link). */
function ChoiceGroup({
  field,
  label,
  hint,
  options,
  type,
  className,
}: BaseProps & { options: Choice[]; type: "radio" | "checkbox" }) {
  const chosen = initialList(field);
  return (
    <fieldset
      className={fieldClass(field, className)}
      aria-describedby={describedBy(
        hint ? field.descriptionId : null,
        field.errors?.length ? field.errorId : null,
      )}
    >
      <legend className="field__label">{label}</legend>
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
      <div className={type === "radio" ? "radios" : "checkboxes"}>
        {options.map((option, index) => {
          const id = index === 0 ? field.id : `${field.id}-${index}`;
          const hintId = option.hint ? `${id}-hint` : undefined;
          return (
            <div className={type === "radio" ? "radio" : "checkbox"} key={option.value}>
              <input
                key={field.key}
                id={id}
                type={type}
                name={field.name}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                aria-invalid={field.errors?.length ? true : undefined}
                aria-describedby={hintId}
              />
              <label htmlFor={id}>{option.label}</label>
              {option.hint ? (
                <p id={hintId} className="field__hint">
                  {option.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function Radios(props: BaseProps & { options: Choice[] }) {
  return <ChoiceGroup {...props} type="radio" />;
}

export function Checkboxes(props: BaseProps & { options: Choice[] }) {
  return <ChoiceGroup {...props} type="checkbox" />;
}

/** One checkbox that posts "on" (a consent, a flag). */
export function Checkbox({ field, label, hint, className }: BaseProps) {
  return (
    <div className={fieldClass(field, className)}>
      <FieldError field={field} />
      <div className="checkbox">
        <input
          key={field.key}
          id={field.id}
          type="checkbox"
          name={field.name}
          value="on"
          defaultChecked={initialString(field) === "on"}
          {...controlAria(field, hint)}
        />
        <label htmlFor={field.id}>{label}</label>
        <Hint field={field} hint={hint} />
      </div>
    </div>
  );
}

export function Select({
  field,
  label,
  hint,
  options,
  placeholder,
  className,
}: BaseProps & { options: Choice[]; placeholder?: string }) {
  return (
    <LabelledField field={field} label={label} hint={hint} className={className}>
      <select
        key={field.key}
        {...controlOf(field)}
        defaultValue={initialString(field) ?? ""}
        className="field__input field__select"
        {...controlAria(field, hint)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** A file input (PDF uploads post as multipart to the page's action); a file is never echoed back. */
export function FileInput({
  field,
  label,
  hint,
  accept = "application/pdf,.pdf",
  multiple,
  className,
}: BaseProps & { accept?: string; multiple?: boolean }) {
  return (
    <LabelledField field={field} label={label} hint={hint} className={className}>
      <input
        key={field.key}
        {...controlOf(field)}
        type="file"
        accept={accept}
        multiple={multiple}
        className="field__file"
        {...controlAria(field, hint)}
      />
    </LabelledField>
  );
}

function fieldClass(field: Field, extra?: string): string {
  return ["field", field.errors?.length ? "field--error" : null, extra].filter(Boolean).join(" ");
}
