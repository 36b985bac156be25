import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { previousStep, stepIndex, WIZARD_STEPS, type WizardShellData } from "~/lib/wizard";
import { STEP_COMPONENTS } from "./step-components";
import { WaitingForAnalysis } from "./WaitingForAnalysis";

/**
 * The wizard's page (spec 03 §2.2; GOV.UK's multi-step pattern): a back link (the previous step, or the transfer
 * from the first), the `Överlåtelse` button back to the transfer, the steps as a list (the reachable ones are
 * links, the current one marked), then the step's own component by name. Each step renders its error summary
 * above its heading (`StepHeading`), its form and its `Fortsätt` button.
 */

export function WizardShell({
  wizard,
  waiting,
  data,
}: {
  wizard: WizardShellData;
  waiting: boolean;
  data: unknown;
}) {
  const { t } = useTranslation("wizard");
  const previous = previousStep(wizard.step);
  const Step = STEP_COMPONENTS[wizard.step];
  return (
    <div className="page page--narrow wizard">
      <div className="wizard__top">
        <Link to={previous ? wizard.paths.steps[previous] : wizard.paths.transfer} className="back-link">
          {t("back")}
        </Link>
        <Link to={wizard.paths.transfer} className="button button--secondary">
          {t("toTransfer")}
        </Link>
      </div>
      <StepList wizard={wizard} />
      {waiting ? <WaitingForAnalysis wizard={wizard} /> : Step ? <Step data={data} wizard={wizard} /> : null}
    </div>
  );
}

function StepList({ wizard }: { wizard: WizardShellData }) {
  const { t } = useTranslation("wizard");
  const current = stepIndex(wizard.step);
  return (
    <nav aria-label={t("stepsLabel")} className="wizard__steps">
      <ol>
        {WIZARD_STEPS.map((name, index) => {
          const label = t(`steps.${name}`);
          const done = index < current;
          const className = `wizard__step${index === current ? " wizard__step--current" : ""}${done ? " wizard__step--done" : ""}`;
          return (
            <li key={name} className={className}>
              <span className="wizard__number" aria-hidden="true">
                {index + 1}
              </span>
              {index === current ? (
                <span aria-current="step">{label}</span>
              ) : wizard.reachable.includes(name) ? (
                <Link to={wizard.paths.steps[name]}>
                  {label}
                  {done ? <span className="visually-hidden"> ({t("stepDone")})</span> : null}
                </Link>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
