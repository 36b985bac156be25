import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * What a full page load gives a screen reader, after a client-side navigation: the new page's title is said (a
 * polite live region), and focus moves to the page's start, its error summary when it has one, else its <h1>, or
 * the part of the page the link named (`#…`). A page that took focus itself while it loaded (a toast, a message
 * opened from the worklist) keeps it. Only a new page counts (another path), or a link to a part of the same page
 * whose focus was lost with the control that led there: a form answered on its own page, a list's new query and a
 * disclosure's toggle leave focus where it is.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const navigation = useNavigation();
  const [announcement, setAnnouncement] = useState<{ id: number; text: string } | null>(null);
  // Where focus was when the navigation started: focus anywhere else afterwards was put there by the new page.
  const focusBefore = useRef<Element | null>(null);
  const previous = useRef<{ key: string; pathname: string } | null>(null);
  // Only with JavaScript: without it every page is a full load that the browser announces, and an empty status
  // region in every server-rendered page would only be one more region for the reader (and the tests) to skip.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (navigation.state !== "idle" && focusBefore.current === null)
      focusBefore.current = document.activeElement;
  }, [navigation.state]);

  useEffect(() => {
    const before = previous.current;
    previous.current = { key: location.key, pathname: location.pathname };
    const startedFrom = focusBefore.current;
    focusBefore.current = null;
    // The first render is the page load itself; a render of the same location is no navigation.
    if (!before || before.key === location.key) return;
    const newPage = before.pathname !== location.pathname;
    const part = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (!newPage && !part) return;
    if (newPage) setAnnouncement((a) => ({ id: (a?.id ?? 0) + 1, text: document.title }));
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    // On a new page the link that led there no longer counts; on the same page it keeps focus (a disclosure).
    if (!lost && (!newPage || active !== startedFrom)) return;
    const target =
      part ??
      document.querySelector<HTMLElement>("#main .error-summary") ??
      document.querySelector<HTMLElement>("#main h1") ??
      document.getElementById("main");
    if (!target) return;
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: !part });
  }, [location.key, location.pathname, location.hash]);

  if (!hydrated) return null;
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement ? <p key={announcement.id}>{announcement.text}</p> : null}
    </div>
  );
}
