import type { WizardDocumentView } from "~/lib/wizard";
import { getLog } from "../../platform/log.server";
import { wizardDocuments } from "./documents.server";
import type { WizardContext } from "./steps.server";

/**
 * The documents a step's page shows. A read that fails (the database away) is logged, and the page shows the step
 * without them and says `Kunde inte hämta dokument tillhörande ansökan` (spec 03 §8) instead of an error page; the
 * transfer's 404 is thrown on.
 */
export async function pageDocuments(
  ctx: WizardContext,
): Promise<{ documents: WizardDocumentView[]; documentsFailed: boolean }> {
  try {
    return { documents: await wizardDocuments(ctx), documentsFailed: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    getLog().error({ err: error }, "the documents of an application could not be read");
    return { documents: [], documentsFailed: true };
  }
}
