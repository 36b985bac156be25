import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface OfferedAction {
  type: string;
  disabled: boolean;
  disabledReason?: string | null;
}

/** Actions that cannot be undone ask first, on a page of their own state (works without JavaScript). */
export const DESTRUCTIVE_ACTIONS = new Set(["AbortTransfer"]);

/**
 * The actions the server offers, each a form post; a disabled one says why. A destructive action is a link to
 * its confirmation, which posts with `confirmed`; the action refuses the post without it.
 */
export function ActionPanel({
  transferId,
  version,
  actions,
  confirm,
  busy,
}: {
  transferId: string;
  version: number;
  actions: OfferedAction[];
  confirm: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  const here = `/transfers/${encodeURIComponent(transferId)}/overview`;
  const confirming = actions.find((a) => a.type === confirm && !a.disabled);
  return (
    <section aria-labelledby="actions">
      <h2 id="actions">{t("actions.title")}</h2>
      {confirming ? <Confirmation action={confirming} version={version} back={here} busy={busy} /> : null}
      {actions.length === 0 ? <p>{t("actions.none")}</p> : null}
      <ul className="action-list">
        {actions.map((a) => {
          const reasonId = a.disabled && a.disabledReason ? `reason-${a.type}` : undefined;
          const className = DESTRUCTIVE_ACTIONS.has(a.type) ? "button button--secondary" : "button";
          return (
            <li key={a.type}>
              {DESTRUCTIVE_ACTIONS.has(a.type) && !a.disabled ? (
                <Link to={`${here}?confirm=${a.type}#confirm`} className={className} preventScrollReset>
                  {t(`actions.${a.type}`)}
                </Link>
              ) : (
                <Form method="post" replace preventScrollReset>
                  <input type="hidden" name="intent" value={a.type} />
                  <input type="hidden" name="version" value={version} />
                  <button
                    type="submit"
                    className={className}
                    aria-disabled={a.disabled || busy ? true : undefined}
                    disabled={a.disabled}
                    aria-describedby={reasonId}
                    onClick={(event) => {
                      if (busy) event.preventDefault();
                    }}
                  >
                    {t(`actions.${a.type}`)}
                  </button>
                </Form>
              )}
              {reasonId ? (
                <span className="field__hint" id={reasonId}>
                  {t("actions.disabledBecause", { reason: a.disabledReason })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Confirmation({
  action,
  version,
  back,
  busy,
}: {
  action: OfferedAction;
  version: number;
  back: string;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      className="confirm-panel"
      id="confirm"
      role="group"
      aria-labelledby="confirm-title"
      tabIndex={-1}
      ref={ref}
    >
      <h3 id="confirm-title">{t(`confirm.${action.type}.title`)}</h3>
      <p>{t(`confirm.${action.type}.text`)}</p>
      <Form method="post" replace className="button-row">
        <input type="hidden" name="intent" value={action.type} />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="button button--warning" aria-disabled={busy || undefined}>
          {t(`confirm.${action.type}.yes`)}
        </button>
        <Link to={back} preventScrollReset>
          {t(`confirm.${action.type}.no`)}
        </Link>
      </Form>
    </div>
  );
}
