import type { WizardStepName } from "~/lib/wizard";
import { FormStep } from "./FormStep";
import { OptionalDocumentsStep } from "./OptionalDocumentsStep";
import { RequiredDocumentsStep } from "./RequiredDocumentsStep";
import { ReviewStep } from "./ReviewStep";
import type { StepComponent } from "./step";

/**
 * Each step's component by name (the server's registry is app/server/web/wizard/registry.server.ts). The form step
 * (`Uppgifter`) is added here by its own module (branch wizard-form): `form: FormStep,`.
 */
export const STEP_COMPONENTS: Partial<Record<WizardStepName, StepComponent>> = {
  requiredDocuments: RequiredDocumentsStep,
  form: FormStep,
  optionalDocuments: OptionalDocumentsStep,
  review: ReviewStep,
};
