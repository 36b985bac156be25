import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { stepIndex, WIZARD_STEPS, type WizardShellData } from "~/lib/wizard";

/** What every step's component gets: its loader's data and the shell's (paths, reachable steps, the analysis). */
export interface StepProps<Data = unknown> {
  data: Data;
  wizard: WizardShellData;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step has its own data
export type StepComponent = ComponentType<StepProps<any>>;

/** The step's caption (`Steg n av 4`) and its one h1; the error summary goes above it. */
export function StepHeading({ wizard, children }: { wizard: WizardShellData; children?: ReactNode }) {
  const { t } = useTranslation("wizard");
  return (
    <>
      <span className="wizard__caption">
        {t("stepOf", { n: stepIndex(wizard.step) + 1, total: WIZARD_STEPS.length })}
      </span>
      <h1>{children ?? t(`steps.${wizard.step}`)}</h1>
    </>
  );
}
