import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGE_MAX_LENGTH } from "~/schemas/messages";
import { NewSupplementFormSchema } from "~/schemas/supplements";
import { useMessage } from "~/ui/error-summary";
import { useHydrated } from "~/ui/use-hydrated";
import { usePageForm } from "~/ui/use-page-form";
import { NEW_FORM } from "./failed-form";
import type { LastResult, NewRequestData } from "./types";

/**
 * `Ny komplettering`: the type and the person it concerns, then the message (from the type's template). Without
 * JavaScript `Välj` posts the choice and the server renders the message; with it the message opens at once.
 */
export function NewRequestForm({
  data,
  here,
  busy,
  lastResult,
}: {
  data: NewRequestData;
  here: string;
  busy: boolean;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("review");
  const message = useMessage();
  const hydrated = useHydrated();
  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  const [category, setCategory] = useState<string | null>(str(typed.category) ?? data.chosen.category);
  const type = data.types.find((ty) => ty.value === category) ?? null;
  const matching = type ? data.persons.filter((p) => type.personTypes.includes(p.personType)) : [];
  const initialPerson = str(typed.personId) ?? data.chosen.personId;
  const [personId, setPersonId] = useState<string | null>(initialPerson);
  const person = matching.find((p) => p.id === personId) ?? (matching.length === 1 ? matching[0]! : null);
  const needsPerson = type !== null && type.personTypes.length > 0;
  const ready = type !== null && (!needsPerson || person !== null);
  const [form, fields] = usePageForm(NewSupplementFormSchema, {
    id: NEW_FORM,
    lastResult,
    defaultValue: { category: category ?? "", personId: person?.id ?? "", message: data.message },
  });
  const template = ready ? type.template.replaceAll("{fullName}", person?.name ?? "") : "";
  // Typed text survives a failed post; otherwise the message starts from the chosen type's template.
  const startMessage =
    typeof typed.message === "string" &&
    typed.category === category &&
    (typed.personId ?? "") === (person?.id ?? "")
      ? typed.message
      : hydrated
        ? template
        : data.message;
  const errorOf = (field: { errors?: string[] }) => field.errors?.[0];
  const messageHintId = `${fields.message.id}-hint`;

  return (
    <section aria-labelledby="ny-komplettering" className="supplement-form">
      <h3 id="ny-komplettering" tabIndex={-1}>
        {t("additionals.new")}
      </h3>
      <p>
        {t("additionals.newIntro")} {data.recipient}
      </p>
      <Form method="post" action={here} id={form.id} noValidate aria-labelledby="ny-komplettering">
        <div className={`field${errorOf(fields.category) ? " field--error" : ""}`}>
          <label htmlFor={fields.category.id} className="field__label">
            {t("additionals.type")}
          </label>
          {errorOf(fields.category) ? (
            <p id={fields.category.errorId} className="field__error">
              {message(errorOf(fields.category)!)}
            </p>
          ) : null}
          <select
            id={fields.category.id}
            name={fields.category.name}
            className="field__input field__select"
            value={category ?? ""}
            onChange={(e) => {
              setCategory(e.currentTarget.value || null);
              setPersonId(null);
            }}
            aria-invalid={errorOf(fields.category) ? true : undefined}
            aria-describedby={errorOf(fields.category) ? fields.category.errorId : undefined}
          >
            <option value="">{t("additionals.typePlaceholder")}</option>
            {data.types.map((ty) => (
              <option key={ty.value} value={ty.value}>
                {ty.label}
              </option>
            ))}
          </select>
        </div>
        {needsPerson ? (
          <div className={`field${errorOf(fields.personId) ? " field--error" : ""}`}>
            <label htmlFor={fields.personId.id} className="field__label">
              {t("additionals.person")}
            </label>
            {errorOf(fields.personId) ? (
              <p id={fields.personId.errorId} className="field__error">
                {message(errorOf(fields.personId)!)}
              </p>
            ) : null}
            <select
              id={fields.personId.id}
              name={fields.personId.name}
              className="field__input field__select"
              value={person?.id ?? ""}
              onChange={(e) => setPersonId(e.currentTarget.value || null)}
              aria-invalid={errorOf(fields.personId) ? true : undefined}
              aria-describedby={errorOf(fields.personId) ? fields.personId.errorId : undefined}
            >
              <option value="">{t("additionals.personPlaceholder")}</option>
              {matching.map((p) => (
                <option key={p.id} value={p.id}>
                  {t("additionals.personOption", {
                    name: p.name,
                    type: t(`additionals.personType.${p.personType}`),
                  })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {hydrated ? null : (
          <p>
            <button type="submit" name="intent" value="choose" className="button button--secondary">
              {t("additionals.choose")}
            </button>
          </p>
        )}
        <div className={`field${errorOf(fields.message) ? " field--error" : ""}`}>
          <label htmlFor={fields.message.id} className="field__label">
            {t("additionals.message")}
          </label>
          {ready ? null : (
            <div id={messageHintId} className="field__hint">
              {t("additionals.messageDisabledHint")}
            </div>
          )}
          {errorOf(fields.message) ? (
            <p id={fields.message.errorId} className="field__error">
              {message(errorOf(fields.message)!)}
            </p>
          ) : null}
          <textarea
            key={`${category}:${person?.id ?? ""}`}
            id={fields.message.id}
            name={fields.message.name}
            rows={6}
            className="field__input"
            defaultValue={ready ? startMessage : ""}
            disabled={!ready}
            aria-invalid={errorOf(fields.message) ? true : undefined}
            aria-describedby={
              [ready ? null : messageHintId, errorOf(fields.message) ? fields.message.errorId : null]
                .filter(Boolean)
                .join(" ") || undefined
            }
            data-max-length={MESSAGE_MAX_LENGTH}
          />
        </div>
        <div className="button-group">
          <button
            type="submit"
            name="intent"
            value="create"
            className="button"
            disabled={!ready}
            aria-disabled={busy || undefined}
          >
            {t("additionals.create")}
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            className="button button--secondary"
            disabled={!ready}
          >
            {t("additionals.preview")}
          </button>
          <Link to={here} className="button button--secondary">
            {t("additionals.cancelNew")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
