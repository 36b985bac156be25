import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmPanel } from "~/ui/ConfirmPanel";

export interface OfferedAction {
  type: string;
  disabled: boolean;
  disabledReason?: string | null;
}

/** Actions that open a page of their own (the application wizard) rather than post. */
export const LINK_ACTIONS: Record<string, (transferId: string) => string> = {
  CreateApplication: (id) => `/transfers/${encodeURIComponent(id)}/application`,
};

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
              {LINK_ACTIONS[a.type] && !a.disabled ? (
                <Link to={LINK_ACTIONS[a.type]!(transferId)} className={className}>
                  {t(`actions.${a.type}`)}
                </Link>
              ) : DESTRUCTIVE_ACTIONS.has(a.type) && !a.disabled ? (
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
  return (
    <ConfirmPanel
      id="confirm"
      title={t(`confirm.${action.type}.title`)}
      text={t(`confirm.${action.type}.text`)}
      fields={{ intent: action.type, version, confirmed: "yes" }}
      yes={t(`confirm.${action.type}.yes`)}
      no={t(`confirm.${action.type}.no`)}
      back={back}
      busy={busy}
    />
  );
}
