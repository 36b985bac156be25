import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";

/** The parts of the Granskning tab (spec 02 §2.6) that only show: the running review, and the lists of checks. */

export interface CheckItem {
  id: string;
  result: string;
  /** The text that applies (fail text for a deviation, accepted or not; else the pass text). */
  text: string;
  acceptedBy: { name: string } | null;
  acceptedAt: string | null;
}

/** The blocking notice while the AutomaticReview task runs; without JavaScript the page reloads itself. */
export function RunningReview({ refreshSeconds }: { refreshSeconds: number }) {
  const { t } = useTranslation("review");
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={String(refreshSeconds)} />
      </noscript>
      <div className="notice" role="status" aria-live="polite">
        <p>
          <strong>{t("analysis.running.title")}</strong>
        </p>
        <p>{t("analysis.running.text")}</p>
        <p className="muted">{t("analysis.running.refreshing")}</p>
      </div>
    </>
  );
}

/** Open deviations as text, when they cannot be accepted now (with the reason when the action is disabled). */
export function OpenDeviations({
  checks,
  disabledReason,
}: {
  checks: CheckItem[];
  disabledReason: string | null;
}) {
  const { t } = useTranslation("review");
  if (checks.length === 0) return null;
  return (
    <>
      <ul className="checks">
        {checks.map((c) => (
          <li key={c.id}>{c.text}</li>
        ))}
      </ul>
      {disabledReason ? <p>{t("analysis.accept.notAllowed", { reason: disabledReason })}</p> : null}
    </>
  );
}

/** Accepted deviations, each with who accepted it and when. */
export function AcceptedDeviations({ checks }: { checks: CheckItem[] }) {
  const { t } = useTranslation("review");
  if (checks.length === 0) return null;
  return (
    <ul className="checks checks--accepted">
      {checks.map((c) => {
        const date = c.acceptedAt ? formatDateTime(c.acceptedAt) : null;
        return (
          <li key={c.id}>
            <strong className="tag">{t("analysis.accepted.tag")}</strong> {c.text}
            {date ? (
              <p className="muted">
                {c.acceptedBy?.name
                  ? t("analysis.accepted.by", { name: c.acceptedBy.name, date })
                  : t("analysis.accepted.at", { date })}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The approved checks with their pass texts. */
export function ApprovedChecks({ checks }: { checks: CheckItem[] }) {
  const { t } = useTranslation("review");
  return (
    <section aria-labelledby="approved-title">
      <h3 id="approved-title">
        {t("analysis.approved.title")} ({checks.length})
      </h3>
      {checks.length === 0 ? (
        <p>{t("analysis.approved.none")}</p>
      ) : (
        <ul className="checks">
          {checks.map((c) => (
            <li key={c.id}>{c.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
