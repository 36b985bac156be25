import type { WizardStepName } from "~/lib/wizard";
import { FormStep } from "./FormStep";
import type { StepComponent } from "./step";

/**
 * Each step's component by name (the server's registry is app/server/web/wizard/registry.server.ts). The form step
 * (`Uppgifter`) is added here by its own module (branch wizard-form): `form: FormStep,`.
 */
export const STEP_COMPONENTS: Partial<Record<WizardStepName, StepComponent>> = {
  form: FormStep,
};
