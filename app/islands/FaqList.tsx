import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/ui/use-hydrated";

export interface FaqEntry {
  id: string;
  question: string;
  answer: string[];
}

/**
 * Baseline without JavaScript: every entry is a <details>; its answer carries the #index id, so the browser opens
 * the entry a fragment link points into (auto-expanding details), and :has(:target) highlights it; each entry has
 * a plain link to itself.
 * With JavaScript: the hash opens and highlights its entry, opening sets the hash, closing removes it, and a button
 * copies the entry's link.
 */
export function FaqList({ entries, copiedText }: { entries: FaqEntry[]; copiedText: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const listRef = useRef<HTMLDivElement>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [copiedId, setCopiedId] = useState<string | null>(null);

  useEffect(() => {
    const openFromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const details = id ? document.getElementById(id)?.closest("details") : null;
      if (details && listRef.current?.contains(details)) {
        details.open = true;
        setHighlighted(id);
        details.scrollIntoView({ block: "start" });
        details.querySelector("summary")?.focus({ preventScroll: true });
      }
    };
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, []);

  const onToggle = (id: string) => (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const url = new URL(window.location.href);
    if (event.currentTarget.open) {
      url.hash = id;
      setHighlighted(id);
    } else if (url.hash === `#${id}`) {
      url.hash = "";
      setHighlighted(null);
    } else {
      return;
    }
    window.history.replaceState(
      window.history.state,
      "",
      url.hash ? url.toString() : url.pathname + url.search,
    );
  };

  const copy = async (id: string) => {
    const url = new URL(window.location.href);
    url.hash = id;
    try {
      await navigator.clipboard.writeText(url.toString());
    } catch {
      // Clipboard refused (permissions on locked-down machines): the address bar still holds the link.
      window.history.replaceState(window.history.state, "", url.toString());
    }
    setCopiedId(id);
  };

  return (
    <div className="faq" ref={listRef}>
      {entries.map((entry) => (
        <details
          key={entry.id}
          id={`fraga-${entry.id}`}
          className={highlighted === entry.id ? "faq__entry faq__entry--highlighted" : "faq__entry"}
          onToggle={hydrated ? onToggle(entry.id) : undefined}
        >
          <summary>{entry.question}</summary>
          <div className="faq__answer" id={entry.id}>
            {entry.answer.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <p className="faq__link">
              {hydrated ? (
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t("faqPage.copyLinkNamed", { question: entry.question })}
                  onClick={() => void copy(entry.id)}
                >
                  {t("faqPage.copyLink")}
                </button>
              ) : (
                <a href={`#${entry.id}`}>{t("faqPage.linkToQuestion")}</a>
              )}
            </p>
          </div>
        </details>
      ))}
      <p role="status" className="visually-hidden-until-filled">
        {copiedId ? copiedText : ""}
      </p>
    </div>
  );
}
