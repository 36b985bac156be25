import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { launchBankIdApp } from "./launch-bankid";

/**
 * Baseline without JavaScript: the page stays still and its status frame reloads every 2 s with the QR frame of that
 * moment (decision 032), so the QR image here is JavaScript's only. With JavaScript: the QR image is refreshed every second, the order is polled every 2 s without a reload, the app
 * is launched at once on this device, and a completed sign-in moves on to where the user was going.
 */
export function BankIdWait({
  qrSrc,
  qrAlt,
  launchUrl,
  startedAt,
}: {
  qrSrc: string | null;
  qrAlt: string;
  launchUrl: string | null;
  startedAt: number;
}) {
  const hydrated = useHydrated();
  const [frame, setFrame] = useState(startedAt);
  const [showQr, setShowQr] = useState(qrSrc !== null);
  const launched = useRef(false);

  useEffect(() => {
    if (launchUrl && !launched.current) {
      launched.current = true;
      launchBankIdApp(launchUrl);
    }
  }, [launchUrl]);

  useEffect(() => {
    if (!qrSrc || !showQr) return;
    const timer = window.setInterval(() => setFrame(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [qrSrc, showQr]);

  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch("/login/bankid/status", { headers: { Accept: "application/json" } });
        const body = (await response.json()) as {
          status: string;
          message?: string | null;
          location?: string;
          hasQr?: boolean;
        };
        if (stopped) return;
        if (body.status !== "pending" || !body.hasQr) setShowQr(false);
        if (body.status === "complete" || body.status === "none") {
          window.location.assign(body.location ?? "/");
          return;
        }
        if (body.status !== "pending") {
          window.location.reload();
          return;
        }
        const message = document.getElementById("bankid-message");
        if (message && body.message) message.textContent = body.message;
      } catch {
        // A failed poll is retried on the next tick; the page itself still works.
      }
      if (!stopped) timer = window.setTimeout(poll, 2000);
    };
    let timer = window.setTimeout(poll, 2000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  if (!hydrated || !qrSrc || !showQr) return null;
  return <img className="qr" src={`${qrSrc}?t=${frame}`} alt={qrAlt} width={240} height={240} />;
}
