import { useEffect, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "@remix-run/react";
import { useHydrated } from "~/ui/use-hydrated";
import { launchBankIdApp } from "./launch-bankid";

/**
 * The signing as a dialog (spec 02 §2.11: a large modal with a static backdrop). Without JavaScript the same
 * content is the page itself, which stays still while its status frame refreshes every 2 s with the QR code
 * (decision 032), so the QR image here is JavaScript's only. With it, the content opens as a modal dialog that
 * Escape and clicks outside do not close (only its own buttons), the order is polled every 2000 ms through
 * GET …/memberships/{signId}/collect, the message and the QR frame follow it (the QR image every second), the
 * app is launched once on this device, and a final state reloads the page's data to show what happened.
 */
export function SigningDialog({
  signId,
  pending,
  labelledBy,
  qrSrc,
  qrAlt,
  launchUrl,
  children,
}: {
  signId: string;
  pending: boolean;
  labelledBy: string;
  qrSrc: string | null;
  qrAlt: string;
  launchUrl: string | null;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const revalidator = useRevalidator();
  const launched = useRef(false);
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (hydrated && element && !element.open) element.showModal();
  }, [hydrated]);

  useEffect(() => {
    if (!pending || !launchUrl || launched.current) return;
    launched.current = true;
    launchBankIdApp(launchUrl);
  }, [pending, launchUrl]);

  useEffect(() => {
    if (!hydrated || !pending || !qrSrc) return;
    const timer = window.setInterval(() => setFrame(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [hydrated, pending, qrSrc]);

  useEffect(() => {
    if (!hydrated || !pending) return;
    let stopped = false;
    let timer = 0;
    const poll = async () => {
      try {
        const response = await fetch(`/api/core/reviews/memberships/${encodeURIComponent(signId)}/collect`, {
          headers: { Accept: "application/json" },
        });
        const body = (await response.json()) as { status?: string; message?: string | null };
        if (stopped) return;
        if (body.status !== "pending") {
          revalidator.revalidate();
          return;
        }
        const message = document.getElementById("sign-message");
        if (message && body.message) message.textContent = body.message;
      } catch {
        // A failed poll is tried again on the next tick; the page still works.
      }
      if (!stopped) timer = window.setTimeout(poll, 2000);
    };
    timer = window.setTimeout(poll, 2000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // revalidator is a new object on every render; the poll only needs its function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, pending, signId]);

  const qr =
    hydrated && pending && qrSrc ? (
      <img className="qr" src={frame ? `${qrSrc}&t=${frame}` : qrSrc} alt={qrAlt} width={240} height={240} />
    ) : null;
  if (!hydrated) {
    return (
      <div className="signing">
        {children}
        {qr}
      </div>
    );
  }
  return (
    <dialog
      ref={dialog}
      className="dialog-box dialog-box--large signing"
      aria-labelledby={labelledBy}
      onCancel={(event) => event.preventDefault()}
    >
      {children}
      {qr}
    </dialog>
  );
}
