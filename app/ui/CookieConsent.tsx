import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export const CONSENT_STORAGE_KEY = "hideCookieConsentTooltip";

/**
 * The blocking cookie notice. Without JavaScript it is a panel over the page whose button is a real form post;
 * with JavaScript it becomes a modal dialog (the page behind is inert), the post goes through a fetcher, and the
 * acceptance is mirrored to local storage under hideCookieConsentTooltip.
 */
export function CookieConsent({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (readStoredConsent()) {
      // Accepted earlier in this browser but the cookie is gone: renew the cookie quietly.
      setAccepted(true);
      fetcher.submit(
        { intent: "renew-cookies", redirectTo: returnTo },
        { method: "post", action: "/cookies", preventScrollReset: true },
      );
      return;
    }
    if (dialog.open) dialog.close();
    dialog.showModal();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once on mount
  }, []);

  if (accepted) return null;

  return (
    <dialog
      ref={dialogRef}
      open
      className="consent"
      aria-labelledby="cookie-consent-heading"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="cookie-consent-heading">{t("cookieConsent.heading")}</h2>
      <p>{t("cookieConsent.text")}</p>
      <fetcher.Form
        method="post"
        action="/cookies"
        preventScrollReset
        onSubmit={() => {
          storeConsent();
          dialogRef.current?.close();
          setAccepted(true);
        }}
      >
        <input type="hidden" name="intent" value="accept-cookies" />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <div className="button-row">
          <button type="submit" className="button">
            {t("cookieConsent.accept")}
          </button>
          <a href="/cookies">{t("cookieConsent.readMore")}</a>
        </div>
      </fetcher.Form>
    </dialog>
  );
}

function readStoredConsent(): boolean {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

export function storeConsent() {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, "true");
  } catch {
    // storage may be disabled on locked-down machines; the cookie still holds the consent
  }
}
