import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface FieldErrorItem {
  id: string;
  message: string;
}

/** GOV.UK error summary: above the heading, links to each field, focused when it appears. */
export function ErrorSummary({ errors }: { errors: FieldErrorItem[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length) ref.current?.focus();
  }, [errors]);
  if (!errors.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="error-summary-title" className="error-summary__title">
        {t("validation.errorSummary")}
      </h2>
      <ul>
        {errors.map((e) => (
          <li key={e.id}>
            <a href={`#${e.id}`}>{t(e.message)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Label, hint, error message with a hidden "Fel:" prefix, then the input, wired with aria-describedby. */
export function TextField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  type = "text",
  autoComplete,
  inputProps,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={error ? "field field--error" : "field"}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          <span className="visually-hidden">{t("validation.errorPrefix")} </span>
          {t(error)}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className="field__input"
      />
    </div>
  );
}

/** Errors of a conform submission reply as summary items (first message per field). */
export function summaryItems(
  fieldErrors: Record<string, string[] | undefined> | undefined,
  idOf: (name: string) => string,
): FieldErrorItem[] {
  return Object.entries(fieldErrors ?? {})
    .filter(([, messages]) => messages && messages.length)
    .map(([name, messages]) => ({ id: idOf(name), message: messages![0]! }));
}
