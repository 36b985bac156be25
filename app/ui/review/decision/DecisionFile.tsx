import { useTranslation } from "react-i18next";
import { useMessage } from "~/ui/error-summary";
import { lastResultOf } from "~/ui/use-page-form";

/** The decision file (a PDF under the limit): its errors come from the server only, which judges the bytes. */
export function DecisionFile({ formId, actionData }: { formId: string; actionData: unknown }) {
  const { t } = useTranslation("review");
  const { t: tc } = useTranslation();
  const text = useMessage();
  const error = (lastResultOf(actionData)?.error?.decisionDocument ?? undefined)?.[0];
  const id = `${formId}-decisionDocument`;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={id} className="field__label">
        {t("decision.decisionDocument")}
      </label>
      <div id={`${id}-hint`} className="field__hint">
        {t("decision.decisionDocumentHint")}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          <span className="visually-hidden">{tc("validation.errorPrefix")} </span>
          {text(error)}
        </p>
      ) : null}
      <input
        id={id}
        name="decisionDocument"
        type="file"
        accept="application/pdf,.pdf"
        className="field__file"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
    </div>
  );
}
