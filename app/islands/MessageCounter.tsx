import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/ui/use-hydrated";
import { liveConnection } from "./live/connection";
import { useLiveConnection } from "./live/hooks";

/** Sent on `window` when the unhandled count changed or may have (a reconnect): lists of messages refetch. */
export const MESSAGES_CHANGED_EVENT = "overlatelse:messages-changed";

/**
 * The header's envelope (spec 02 §2.9, spec 01 header icon): a link to /messages with the number of unhandled
 * messages, hidden at zero. Baseline without JavaScript: the number as the server rendered it, new on every page.
 * With JavaScript the live event `messagesCountChanged {unresolved}` sets it, a reconnect refetches it
 * (GET api/core/messages/count), a rise is announced politely and, unless the user asked for reduced motion
 * (CSS), the number bounces.
 */
export function MessageCounter({ unresolved }: { unresolved: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [count, setCount] = useState(unresolved);
  const [announcement, setAnnouncement] = useState("");
  const [bump, setBump] = useState(0);
  const previous = useRef(unresolved);
  useEffect(() => setCount(unresolved), [unresolved]);
  useEffect(() => {
    if (count > previous.current) {
      setAnnouncement(t("envelope.rose", { count }));
      setBump((n) => n + 1);
    }
    previous.current = count;
  }, [count, t]);
  return (
    <>
      <Link to="/messages" className="envelope" prefetch="intent">
        <svg
          className="envelope__icon"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3zM5.6 7l6.4 4.3L18.4 7H5.6z"
            fill="currentColor"
          />
        </svg>
        <span className="visually-hidden">{t("envelope.label")}</span>
        {count > 0 ? (
          <span className={bump > 0 ? "envelope__count envelope__count--bump" : "envelope__count"} key={bump}>
            {count}
            <span className="visually-hidden"> {t("envelope.unhandled", { count })}</span>
          </span>
        ) : null}
      </Link>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
      {hydrated ? <LiveCount onCount={setCount} /> : null}
    </>
  );
}

function LiveCount({ onCount }: { onCount: (count: number) => void }) {
  // Holds the live connection while the header shows the envelope.
  useLiveConnection(true);
  const callback = useRef(onCount);
  callback.current = onCount;
  useEffect(() => {
    const connection = liveConnection();
    const off = connection.on("messagesCountChanged", (payload: { unresolved?: number } | undefined) => {
      if (typeof payload?.unresolved === "number") callback.current(payload.unresolved);
      window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));
    });
    const offReconnected = connection.onReconnected(() => {
      void refetch();
    });
    async function refetch() {
      try {
        const response = await fetch("/api/core/messages/count", { headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const body = (await response.json()) as { unresolved?: number };
        if (typeof body.unresolved === "number") callback.current(body.unresolved);
        window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));
      } catch {
        // The rendered number stays until the next event or page.
      }
    }
    return () => {
      off();
      offReconnected();
    };
  }, []);
  return null;
}
