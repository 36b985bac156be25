import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OfferedAction } from "~/ui/review/ActionPanel";

/**
 * The membership decision's actions (spec 02 §4: ApproveMembership, RejectMembership, shown only when offered,
 * disabled with their reason). A board member signs (`Godkänn medlemskap`, `Avslå medlemskap`); a property manager
 * announces the board's decision (`Meddela godkännande`, `Meddela avslag`). Each leads to the decision's own page,
 * a plain link that works without JavaScript (docs/spec-choices.md, Membership decision).
 */
export function DecisionActions({
  transferId,
  actions,
  announce,
}: {
  transferId: string;
  actions: OfferedAction[];
  announce: boolean;
}) {
  const { t } = useTranslation("review");
  const offered = actions.filter((a) => a.type === "ApproveMembership" || a.type === "RejectMembership");
  if (offered.length === 0) return null;
  const base = `/transfers/${encodeURIComponent(transferId)}/decision`;
  return (
    <section aria-labelledby="decision-actions">
      <h2 id="decision-actions">{t("decision.actionsTitle")}</h2>
      <ul className="action-list">
        {offered.map((a) => {
          const kind = a.type === "ApproveMembership" ? "Approve" : "Reject";
          const label = t(announce ? `decision.announce.${kind}` : `decision.board.${kind}`);
          const reasonId = a.disabled && a.disabledReason ? `reason-${a.type}` : undefined;
          const className = kind === "Approve" ? "button" : "button button--secondary";
          return (
            <li key={a.type}>
              {a.disabled ? (
                <button type="button" className={className} disabled aria-describedby={reasonId}>
                  {label}
                </button>
              ) : (
                <Link className={className} to={`${base}?d=${kind === "Approve" ? "approve" : "reject"}`}>
                  {label}
                </Link>
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
