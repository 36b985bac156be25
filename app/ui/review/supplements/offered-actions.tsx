import { useTranslation } from "react-i18next";
import type { Action } from "./types";

/** The action of this type the server offers, or null. */
export const offered = (actions: Action[], type: string) => actions.find((a) => a.type === type) ?? null;

/** Why an offered action is disabled; nothing when it is not. */
export function DisabledReason({ action }: { action: Action | null }) {
  const { t } = useTranslation("review");
  if (!action?.disabled) return null;
  return (
    <p className="muted">
      {t("additionals.request.disabledBecause", { reason: action.disabledReason ?? "" })}
    </p>
  );
}
