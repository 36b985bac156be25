import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { splitMessage } from "~/lib/messages";

/**
 * The GOV.UK error summary of the one form path (decision 014) and the translation of form messages (locale keys,
 * with values after a bar), shared by the summary and the fields of ./forms.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form of any schema
type Form = FormMetadata<any, string[]>;

const MESSAGE_NS = ["common", "domain"];

/** A message key as Swedish text; the domain's schemas name their keys without namespace. */
export function useMessage() {
  const { t } = useTranslation();
  return (message: string) => {
    const { key, values } = splitMessage(message);
    return t(key, { ns: MESSAGE_NS, ...values });
  };
}

export interface ErrorItem {
  /** The id of the control the link moves focus to; null for an error of the whole form. */
  id: string | null;
  message: string;
}

/** The form's errors in field order: form-level errors first, then the first message of each field. */
export function errorItems(form: Pick<Form, "id" | "allErrors">, order: string[] = []): ErrorItem[] {
  const all = (form.allErrors ?? {}) as Record<string, string[] | null | undefined>;
  const names = Object.keys(all).filter((name) => all[name]?.length);
  const rank = (name: string) =>
    name === "" ? -1 : order.indexOf(name) === -1 ? order.length : order.indexOf(name);
  return names
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => ({ id: name === "" ? null : `${form.id}-${name}`, message: all[name]![0]! }));
}

/** A page without conform fields (a row of buttons) shows the errors of its last reply the same way. */
export function replyForm(
  id: string,
  result: { error?: Record<string, string[] | null> | null } | null | undefined,
): Pick<Form, "id" | "allErrors"> {
  return { id, allErrors: (result?.error ?? {}) as Record<string, string[]> };
}

/**
 * A row of buttons whose fields are all hidden (the version a button carries, a confirmation's answer): its errors
 * are shown as the form's own, since there is no field to move to.
 */
export function hiddenFieldsReply(
  id: string,
  result: { error?: Record<string, string[] | null> | null } | null | undefined,
): Pick<Form, "id" | "allErrors"> {
  const messages = Object.values(result?.error ?? {}).flatMap((list) => list ?? []);
  return { id, allErrors: messages.length ? { "": [...new Set(messages)] } : {} };
}

/**
 * GOV.UK error summary: at the top of the page, heading `Det finns fel i formuläret` (or the spec's own), a link
 * per error that moves focus to its field, focused itself when it appears. The page title carries `Fel: `
 * (root's FormAwareMeta reads the failed reply), so it is there without JavaScript too.
 */
export function ErrorSummary({
  form,
  order,
  title,
}: {
  form: Pick<Form, "id" | "allErrors">;
  order?: string[];
  title?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const ref = useRef<HTMLDivElement>(null);
  const items = errorItems(form, order);
  const signature = items.map((item) => `${item.id}:${item.message}`).join("|");
  const prefix = t("validation.titlePrefix", { title: "" });
  useEffect(() => {
    // Errors found in the browser never reach the server, so FormAwareMeta cannot see them: say Fel: here.
    if (!signature || document.title.startsWith(prefix)) return;
    const title = document.title;
    document.title = prefix + title;
    return () => {
      if (document.title === prefix + title) document.title = title;
    };
  }, [signature, prefix]);
  useEffect(() => {
    if (!signature) return;
    // conform focuses the first invalid field as it reports; the summary takes focus after it, as GOV.UK's does.
    const timer = setTimeout(() => ref.current?.focus());
    return () => clearTimeout(timer);
  }, [signature]);
  if (!items.length) return null;
  return (
    // Focused when it appears: autofocus for the server-rendered page without JavaScript, the effect after a
    // client-side post. Focus on an error summary is the GOV.UK pattern, not a surprise.
    <div
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the GOV.UK error summary takes focus when it appears
      autoFocus
      className="error-summary"
      aria-labelledby={`${form.id}-summary-title`}
      role="alert"
      tabIndex={-1}
      ref={ref}
    >
      <h2 id={`${form.id}-summary-title`} className="error-summary__title">
        {title ?? t("validation.errorSummary")}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.id}:${item.message}`}>
            {item.id ? (
              <a
                href={`#${item.id}`}
                onClick={(event) => {
                  const target = document.getElementById(item.id!);
                  if (!target) return;
                  event.preventDefault();
                  // The label or legend stays visible above the control (the GOV.UK behaviour).
                  (target.closest(".field") ?? target).scrollIntoView({ block: "start" });
                  target.focus({ preventScroll: true });
                }}
              >
                {message(item.message)}
              </a>
            ) : (
              message(item.message)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
