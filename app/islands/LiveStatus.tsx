import { useTranslation } from "react-i18next";
import { useHydrated } from "~/ui/use-hydrated";
import { useLiveConnection } from "./live/hooks";

/**
 * The live connection's state in the header, for property managers (spec 01 "App shell"). Baseline without
 * JavaScript: nothing is shown, because nothing is live; every page is complete as rendered.
 */
export function LiveStatus() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return <LiveStatusIndicator />;
}

function LiveStatusIndicator() {
  const { t } = useTranslation();
  const state = useLiveConnection(true);
  return (
    <span className={`live-status live-status--${state}`} role="status">
      <span className="live-status__dot" aria-hidden="true" />
      <span className="live-status__text">{t("live.status", { state: t(`live.${state}`) })}</span>
    </span>
  );
}
