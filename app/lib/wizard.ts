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

/** A document as the document steps show it. */
export interface WizardDocumentView {
  id: string;
  fileName: string;
  category: string;
  status: string;
  erased: boolean;
  /** The uploader may take it back while the application is put together. */
  removable: boolean;
  /** Opens the verified file in a new tab; null while it is not verified, or erased. */
  url: string | null;
}

/** The wizard's page when the application could not be read (its error boundary's data). */
export interface ApplicationNotFetched {
  title: string;
  applicationNotFetched: true;
  transferPath: string;
}

export function isApplicationNotFetched(data: unknown): data is ApplicationNotFetched {
  return Boolean(data && typeof data === "object" && "applicationNotFetched" in data);
}

/**
 * A documents step's list could not be read: the step says `Kunde inte hämta dokument tillhörande ansökan` (spec 03
 * §8) in place of its documents.
 */
export interface DocumentsFetch {
  documentsFailed: boolean;
}

/** Step 1's data. */
export interface RequiredDocumentsData extends DocumentsFetch {
  transferType: { selectedTransferType: string; possibleTransferTypes: string[] };
  version: number;
  slots: Array<{
    key: "MembershipApplication" | "agreement";
    categories: string[];
    formId: string;
    documents: WizardDocumentView[];
  }>;
}

/** Step 3's data. */
export interface OptionalDocumentsData extends DocumentsFetch {
  /** The categories the server's requirements offer (SingleDocumentOfCategory / MultipleDocumentsOfCategory). */
  requirements: Array<{
    restriction: "SingleDocumentOfCategory" | "MultipleDocumentsOfCategory";
    categories: string[];
  }>;
  categories: string[];
  /** The step's documents (every document of the transfer not in step 1's slots). */
  documents: WizardDocumentView[];
  maxDocuments: number;
  /** Whether several files may be chosen at once (more than one slot left and a category that takes several). */
  multiple: boolean;
}

/** One person as the check-answers step lists them (already formatted by the server). */
export interface ReviewPerson {
  name: string;
  identifier: string;
  rows: Array<{ label: string; value: string }>;
}

/** Step 4's data. */
export interface ReviewData extends DocumentsFetch {
  version: number;
  transferType: string;
  requiredDocuments: WizardDocumentView[];
  optionalDocuments: WizardDocumentView[];
  transferors: ReviewPerson[];
  acquirers: ReviewPerson[];
  guarantors: ReviewPerson[];
  agreement: { purchasePrice: string | null; contractDate: string | null; entryDate: string | null };
  paymentNoticeRecipient: string | null;
  validation: {
    isValid: boolean;
    /** `message` is a locale key (values after a bar); `step` is where it is put right. */
    errors: Array<{ message: string; property: string; step: WizardStepName }>;
  };
}
