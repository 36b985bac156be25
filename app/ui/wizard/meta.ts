import type { WizardShellData } from "~/lib/wizard";
import wizardTexts from "~/locales/sv/wizard.json";
import { pageTitle } from "~/ui/page-title";

/** "Obligatoriska dokument – Ansökan – 12345 – Överlåtelseportalen" (FormAwareMeta adds `Fel: ` after a failed post). */
export function wizardTitle(wizard: WizardShellData, waiting: boolean): string {
  const step = waiting ? wizardTexts.waiting.title : wizardTexts.steps[wizard.step];
  return pageTitle(step, wizardTexts.title, wizard.objectDescription);
}
