import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ToastView {
  id: string;
  type: "success" | "error" | "info";
  key: string;
  values?: Record<string, string | number>;
}

export const TOAST_DURATION_MS = 4000;

/**
 * Flash messages as real markup: polite status for information, alert for errors. Identical messages show once.
 * Only when JavaScript runs do they disappear after 4 seconds; without it they stay until the next page.
 */
export function Toasts({ toasts }: { toasts: ToastView[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setDismissed(new Set(toasts.map((toast) => toast.id))), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toasts]);
  const visible = uniqueByText(
    toasts.filter((toast) => !dismissed.has(toast.id)),
    (toast) => t(toast.key, toast.values),
  );
  const errors = visible.filter((toast) => toast.type === "error");
  const others = visible.filter((toast) => toast.type !== "error");
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__region">
        {others.map((toast) => (
          <p key={toast.id} className={`toast toast--${toast.type}`}>
            {t(toast.key, toast.values)}
          </p>
        ))}
      </div>
      <div role="alert" className="toasts__region">
        {errors.map((toast) => (
          <p key={toast.id} className="toast toast--error">
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
