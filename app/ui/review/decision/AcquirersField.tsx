import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/ui/error-summary";
import type { DecisionAcquirer } from "./DecisionPage";

/**
 * An approval's acquirers, one checkbox each: members are pre-ticked and locked (sent as hidden fields), the others
 * ticked as chosen before (a failed post, or a signing that ended without a decision).
 */
export function AcquirersField({
  field,
  acquirers,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the acquirerIds field of the decision form
  field: FieldMetadata<any, any, string[]>;
  acquirers: DecisionAcquirer[];
}) {
  const { t } = useTranslation("review");
  const chosen = new Set(
    (field.initialValue as string[] | string | undefined) === undefined
      ? []
      : ([] as string[]).concat(field.initialValue as string[] | string),
  );
  const acquirerError = field.errors?.[0];
  return (
    <fieldset
      className={`field${acquirerError ? " field--error" : ""}`}
      aria-describedby={[`${field.descriptionId}`, acquirerError ? field.errorId : null]
        .filter(Boolean)
        .join(" ")}
    >
      <legend className="field__label">{t("decision.acquirers")}</legend>
      <p id={field.descriptionId} className="field__hint">
        {t("decision.acquirersHint")}
      </p>
      {acquirerError ? <AcquirerError id={field.errorId} message={acquirerError} /> : null}
      <div className="checkboxes">
        {acquirers.map((a, index) => {
          const id = index === 0 ? field.id : `${field.id}-${index}`;
          return (
            <div className="checkbox" key={a.id}>
              {a.member ? <input type="hidden" name="acquirerIds" value={a.id} /> : null}
              <input
                id={id}
                type="checkbox"
                name={a.member ? undefined : "acquirerIds"}
                value={a.id}
                defaultChecked={a.member || chosen.has(a.id)}
                disabled={a.member}
                aria-invalid={acquirerError ? true : undefined}
              />
              <label htmlFor={id}>
                {a.member ? t("decision.alreadyMember", { name: a.name }) : a.name}, {a.identifier}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function AcquirerError({ id, message }: { id: string; message: string }) {
  const { t } = useTranslation();
  const text = useMessage();
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">{t("validation.errorPrefix")} </span>
      {text(message)}
    </p>
  );
}
