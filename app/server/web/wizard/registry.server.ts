import type { WizardStepName } from "~/lib/wizard";
import { formStep } from "./form.server";
import { optionalDocumentsStep } from "./optional-documents.server";
import { requiredDocumentsStep } from "./required-documents.server";
import { reviewStep } from "./review.server";
import type { WizardStep } from "./steps.server";

/**
 * The wizard's steps by name (imported by name: `sideEffects: false` would drop a module registered by import
 * alone). The form step (`Uppgifter`) is added here by its own module (branch wizard-form):
 *   import { formStep } from "./form.server";  …  form: formStep,
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step has its own data type
export const WIZARD_STEP_MODULES: Partial<Record<WizardStepName, WizardStep<any>>> = {
  requiredDocuments: requiredDocumentsStep,
  form: formStep,
  optionalDocuments: optionalDocumentsStep,
  review: reviewStep,
};
