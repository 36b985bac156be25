import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ToastView {
  id: string;
  type: "success" | "error" | "info";
  key: string;
  values?: Record<string, string | number>;
}

export const TOAST_DURATION_MS = 4000;

const TOAST_EVENT = "app:toast";

/** A toast raised in the browser (a live event's news), shown in the same region as the server's flash toasts. */
export function showToast(toast: Omit<ToastView, "id">): void {
  const detail: ToastView = { ...toast, id: `live-${Date.now()}-${Math.random().toString(36).slice(2)}` };
  window.dispatchEvent(new CustomEvent<ToastView>(TOAST_EVENT, { detail }));
}

/**
 * Flash messages as real markup: polite status for information, alert for errors. Identical messages show once.
 * Only when JavaScript runs do they disappear after 4 seconds; without it they stay until the next page.
 */
export function Toasts({ toasts }: { toasts: ToastView[] }) {
  const { t } = useTranslation();
  // The toasts received, kept for their 4 seconds even when the page's data is loaded again meanwhile (a live
  // event's reload would otherwise take an answer away before it was read).
  const [received, setReceived] = useState<ToastView[]>(toasts);
  const [expired, setExpired] = useState<Set<string>>(new Set());
  const region = useRef<HTMLDivElement>(null);
  // One timer per batch, kept across reloads of the data (only unmounting clears them).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Toasts raised in the browser (showToast), each shown for its 4 seconds.
  const [raised, setRaised] = useState<ToastView[]>([]);
  useEffect(() => {
    const pending = timers.current;
    const raise = (event: Event) => {
      const toast = (event as CustomEvent<ToastView>).detail;
      setRaised((previous) => [...previous, toast]);
      const timer = setTimeout(() => {
        pending.delete(timer);
        setRaised((previous) => previous.filter((r) => r.id !== toast.id));
      }, TOAST_DURATION_MS);
      pending.add(timer);
    };
    window.addEventListener(TOAST_EVENT, raise);
    return () => window.removeEventListener(TOAST_EVENT, raise);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  useEffect(() => {
    if (toasts.length === 0) return;
    const ids = new Set(toasts.map((toast) => toast.id));
    setReceived((previous) => [...previous.filter((toast) => !ids.has(toast.id)), ...toasts]);
    // After a form post the control that was used is often gone (a button no longer offered, a form reset): focus
    // would fall to the page body. Then the answer takes it, as GOV.UK's notification banner does.
    const active = document.activeElement;
    if (!active || active === document.body) region.current?.querySelector<HTMLElement>(".toast")?.focus();
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      // A disappearing toast hands focus to the main content, never back to the body.
      if (region.current?.contains(document.activeElement)) document.getElementById("main")?.focus();
      setExpired((previous) => new Set([...previous, ...ids]));
    }, TOAST_DURATION_MS);
    timers.current.add(timer);
  }, [toasts]);
  const shown = [
    ...[...received, ...toasts.filter((toast) => !received.some((r) => r.id === toast.id))].filter(
      (toast) => !expired.has(toast.id),
    ),
    ...raised,
  ];
  const visible = uniqueByText(shown, (toast) => t(toast.key, toast.values));
  const errors = visible.filter((toast) => toast.type === "error");
  const others = visible.filter((toast) => toast.type !== "error");
  return (
    <div className="toasts" ref={region}>
      <div role="status" aria-live="polite" className="toasts__region">
        {others.map((toast) => (
          <p key={toast.id} className={`toast toast--${toast.type}`} tabIndex={-1}>
            {t(toast.key, toast.values)}
          </p>
        ))}
      </div>
      <div role="alert" className="toasts__region">
        {errors.map((toast) => (
          <p key={toast.id} className="toast toast--error" tabIndex={-1}>
            {t(toast.key, toast.values)}
          </p>
        ))}
      </div>
    </div>
  );
}

function uniqueByText<T>(items: T[], text: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = text(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
