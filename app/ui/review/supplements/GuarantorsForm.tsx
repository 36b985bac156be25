import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { SupplementView } from "~/schemas/transfer-views";
import { useMessage } from "~/ui/error-summary";
import { shownIdentifier } from "./shown-identifier";
import type { LastResult } from "./types";

/**
 * The guarantors of a personal guarantee, saved as typed; the server's validation result shows per guarantor (the
 * first two messages, the rest as `+N`). Removing is offered when there is more than one; the last one is reset.
 */
export function GuarantorsForm({
  s,
  here,
  lastResult,
}: {
  s: SupplementView;
  here: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("review");
  const message = useMessage();
  const formId = `guarantors-${s.id}`;
  const typed = (lastResult?.initialValue as { guarantors?: Array<Record<string, string>> } | undefined)
    ?.guarantors;
  const stored = s.answer?.guarantors ?? [];
  const rows =
    typed ??
    (stored.length > 0
      ? stored.map((g) => ({
          id: g.id,
          identifier: shownIdentifier(g.identifier.value),
          firstName: g.firstName,
          lastName: g.lastName,
        }))
      : [{ id: "", identifier: "", firstName: "", lastName: "" }]);
  const formErrors = lastResult?.error?.[""] ?? lastResult?.error?.guarantors ?? [];
  return (
    <Form
      method="post"
      action={here}
      id={formId}
      aria-labelledby={`${formId}-title`}
      className="guarantors-form"
    >
      <h5 id={`${formId}-title`}>{t("additionals.answer.guarantors")}</h5>
      {formErrors.length > 0 ? (
        // The step's failure text and then its reason (spec 02 §8), or the form's one error.
        <p className="field__error" id={formId}>
          {formErrors.map((m, i) => (
            <Fragment key={m}>
              {i > 0 ? <br /> : null}
              {message(m)}
            </Fragment>
          ))}
        </p>
      ) : null}
      <input type="hidden" name="requestId" value={s.id} />
      {/* Enter in a field saves: the first submit button of the form. */}
      <button
        type="submit"
        name="intent"
        value="saveGuarantors"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {t("additionals.answer.saveGuarantors")}
      </button>
      {rows.map((row, index) => {
        const view = stored.find((g) => g.id === row.id);
        const errors = view?.validationResult.errors ?? [];
        const errorId = `${formId}-${index}-errors`;
        const has = (property: string) => errors.some((e) => e.property === property);
        const input = (name: "identifier" | "firstName" | "lastName", label: string, hint?: string) => (
          <div className="field">
            <label htmlFor={`${formId}-${index}-${name}`} className="field__label">
              {label}
            </label>
            {hint ? (
              <div className="field__hint" id={`${formId}-${index}-${name}-hint`}>
                {hint}
              </div>
            ) : null}
            <input
              id={`${formId}-${index}-${name}`}
              name={`guarantors[${index}].${name}`}
              defaultValue={row[name] ?? ""}
              className="field__input field__input--medium"
              autoComplete="off"
              aria-invalid={has(name) || undefined}
              aria-describedby={
                [hint ? `${formId}-${index}-${name}-hint` : null, has(name) ? errorId : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            />
          </div>
        );
        return (
          <fieldset key={row.id || index} className="guarantor">
            <legend>{t("additionals.answer.guarantor", { n: index + 1 })}</legend>
            {row.id ? <input type="hidden" name={`guarantors[${index}].id`} value={row.id} /> : null}
            {errors.length > 0 ? (
              <ul
                className="field__error"
                id={errorId}
                aria-label={t("additionals.answer.guarantorErrors", { n: index + 1 })}
              >
                {errors.slice(0, 2).map((e) => (
                  <li key={e.property + e.message}>{e.message}</li>
                ))}
                {errors.length > 2 ? (
                  <li>{t("additionals.answer.moreErrors", { count: errors.length - 2 })}</li>
                ) : null}
              </ul>
            ) : null}
            {input("identifier", t("additionals.answer.identifier"), t("additionals.answer.identifierHint"))}
            {input("firstName", t("additionals.answer.firstName"))}
            {input("lastName", t("additionals.answer.lastName"))}
            {row.id ? (
              <button
                type="submit"
                name="intent"
                value={`removeGuarantor:${row.id}`}
                className="button button--secondary"
              >
                {rows.length > 1
                  ? t("additionals.answer.removeGuarantor", { n: index + 1 })
                  : t("additionals.answer.resetGuarantor", { n: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <div className="button-row">
        <button type="submit" name="intent" value="saveGuarantors" className="button button--secondary">
          {t("additionals.answer.saveGuarantors")}
        </button>
        <button type="submit" name="intent" value="addGuarantor" className="button button--secondary">
          {t("additionals.answer.addGuarantor")}
        </button>
      </div>
    </Form>
  );
}
