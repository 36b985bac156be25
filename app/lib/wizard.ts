/**
 * The application wizard's steps (spec 03 §2.2): their order and names, shared by the server's shell
 * (app/server/web/wizard) and the page (app/ui/wizard). Pure: no app imports.
 */

export const WIZARD_STEPS = ["requiredDocuments", "form", "optionalDocuments", "review"] as const;
export type WizardStepName = (typeof WIZARD_STEPS)[number];

/** `manager`: /transfers/{id}/application/{page}; `private`: /transfers/private/{id}/application/{page?}. */
export type WizardSide = "manager" | "private";

export function isWizardStep(value: unknown): value is WizardStepName {
  return typeof value === "string" && (WIZARD_STEPS as readonly string[]).includes(value);
}

export function stepIndex(name: WizardStepName): number {
  return WIZARD_STEPS.indexOf(name);
}

export function nextStep(name: WizardStepName): WizardStepName | null {
  return WIZARD_STEPS[stepIndex(name) + 1] ?? null;
}

export function previousStep(name: WizardStepName): WizardStepName | null {
  return WIZARD_STEPS[stepIndex(name) - 1] ?? null;
}

/** Where the wizard's pages of a side are. */
export function wizardPaths(side: WizardSide, transferId: string) {
  const transfer = `/transfers/${side === "private" ? "private/" : ""}${encodeURIComponent(transferId)}`;
  return {
    transfer,
    application: `${transfer}/application`,
    step: (name: WizardStepName) => `${transfer}/application/${name}`,
  };
}

/**
 * What the shell gives every step's component besides the step's own data (`WizardPageData.data`).
 * `proposedApplication` is the document analysis's state (spec 03 §4.2) for the form step: null when no analysis
 * has run; the shell shows the waiting page itself while it is InProgress.
 */
export interface WizardShellData {
  side: WizardSide;
  transferId: string;
  objectDescription: string;
  status: string;
  version: number;
  transferType: string;
  step: WizardStepName;
  /** The steps the user may open now (all before the first one not done, and that one). */
  reachable: WizardStepName[];
  paths: { transfer: string; application: string; steps: Record<WizardStepName, string> };
  proposedApplication: { status: "InProgress" | "Ready" | "Failed" } | null;
}
