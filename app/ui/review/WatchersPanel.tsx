import { useTranslation } from "react-i18next";
import { personDisplayName } from "~/lib/person";

/** Who else has the transfer open (live with JavaScript, from recent page loads without). */
export function WatchersPanel({ watchers }: { watchers: Array<{ firstName: string; lastName: string }> }) {
  const { t } = useTranslation("review");
  return (
    <section aria-labelledby="watching" aria-live="polite">
      <h2 id="watching">{t("watching.title")}</h2>
      {watchers.length === 0 ? (
        <p>{t("watching.nobody")}</p>
      ) : (
        <ul className="watch-list">
          {watchers.map((w) => (
            <li key={`${w.firstName} ${w.lastName}`}>{personDisplayName(w)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
