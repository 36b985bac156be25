import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WizardShellData } from "~/lib/wizard";
import { usePageRefreshSeconds } from "~/ui/page-refresh";
import { StepHeading } from "./step";

/** How often the page asks for the analysis's state, and how long the spec keeps the loading after it ends. */
const POLL_MS = 1000;
const CLEAR_AFTER_MS = 2000;
const REMAIN_MS = 1000;
/** Without JavaScript the page reloads itself (a meta refresh inside noscript) this often, in seconds. */
const NO_SCRIPT_REFRESH_S = 3;

type Phase = "loading" | "clearing" | "failedToFetch";

/**
 * The form step while the document analysis is InProgress (spec 03 §4.2). Without JavaScript: a page that reloads
 * itself every few seconds until the analysis is Ready or Failed (the server then shows the form). With it: the
 * state is polled; on Ready or Failed the loading clears 2 s later and the page stays in loading 1 s more, then the
 * step is loaded again (the form, pre-filled or with the Failed notice).
 */
export function WaitingForAnalysis({ wizard }: { wizard: WizardShellData }) {
  const { t } = useTranslation("wizard");
  const [phase, setPhase] = useState<Phase>("loading");
  const { revalidate } = useRevalidator();
  const noScriptRefreshSeconds = usePageRefreshSeconds(NO_SCRIPT_REFRESH_S);
  const url = `/api/core/transfers/${encodeURIComponent(wizard.transferId)}/application/proposed`;

  useEffect(() => {
    let stopped = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (fn: () => void, ms: number) => timers.push(setTimeout(fn, ms));
    const poll = async () => {
      if (stopped) return;
      try {
        const response = await fetch(url, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { status: string | null };
        if (body.status === "Ready" || body.status === "Failed" || body.status === null) {
          later(() => setPhase("clearing"), CLEAR_AFTER_MS);
          later(() => revalidate(), CLEAR_AFTER_MS + REMAIN_MS);
          return;
        }
      } catch {
        if (!stopped) setPhase("failedToFetch");
        return;
      }
      later(() => void poll(), POLL_MS);
    };
    later(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      timers.forEach(clearTimeout);
    };
  }, [url, revalidate]);

  return (
    <section aria-busy={phase !== "failedToFetch"}>
      <noscript>
        <meta httpEquiv="refresh" content={String(noScriptRefreshSeconds)} />
      </noscript>
      <StepHeading wizard={wizard}>{t("waiting.title")}</StepHeading>
      <p className="wizard__loading" role="status">
        {phase === "clearing" ? t("waiting.done") : t("waiting.text")}
      </p>
      <noscript>
        <p>{t("waiting.noScript")}</p>
      </noscript>
      {phase === "failedToFetch" ? <p className="field__error">{t("waiting.statusFailed")}</p> : null}
      <p>
        <Link to={wizard.paths.steps[wizard.step]} reloadDocument>
          {t("waiting.refresh")}
        </Link>
      </p>
    </section>
  );
}
