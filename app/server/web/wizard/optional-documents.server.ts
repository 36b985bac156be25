import { parse } from "@conform-to/react";
import type { OptionalDocumentsData } from "~/lib/wizard";
import { documentRequirements } from "../../domain/documents/uploads.server";
import { requiredSlots } from "../../domain/application/required-documents.server";
import { mediaType } from "../../platform/body.server";
import { handleIntent, readPageForm } from "../forms.server";
import { removeFromForm, stepFormError, uploadFromForm, wizardDocuments } from "./documents.server";
import { pageDocuments } from "./page-documents.server";
import { advance, defineWizardStep, type WizardContext } from "./steps.server";

/**
 * Step 3, `Övriga dokument` (spec 03 §5.6; spec 02 §5 "Uploads"): the optional documents the server's requirements
 * offer for the type (`SingleDocumentOfCategory` takes one, `MultipleDocumentsOfCategory` several), at most 25;
 * `Fortsätt` is refused while a document is still uploading or being verified (`Dokument laddas fortfarande upp`).
 */

export const OPTIONAL_FORM = "upload-optional";
export const OPTIONAL_CONTINUE_FORM = "optional-documents";

async function stepDocuments(ctx: WizardContext, read = wizardDocuments) {
  const type = ctx.application.transferType.selectedTransferType;
  const requirements = documentRequirements(type);
  const required = new Set(requiredSlots(type).flatMap((s) => s.categories as string[]));
  const documents = (await read(ctx)).filter((d) => !required.has(d.category));
  return { requirements, documents };
}

export const optionalDocumentsStep = defineWizardStep({
  name: "optionalDocuments",
  async loader(ctx): Promise<OptionalDocumentsData> {
    let documentsFailed = false;
    const { requirements, documents } = await stepDocuments(ctx, async (c) => {
      const read = await pageDocuments(c);
      documentsFailed = read.documentsFailed;
      return read.documents;
    });
    const categories = [...new Set(requirements.optional.flatMap((r) => r.categories))];
    const live = documents.filter((d) => !d.erased).length;
    return {
      requirements: requirements.optional.map((r) => ({
        restriction: r.restriction,
        categories: [...r.categories],
      })),
      categories,
      documents,
      maxDocuments: requirements.maxOptionalDocuments,
      documentsFailed,
      multiple:
        requirements.maxOptionalDocuments - live > 1 &&
        requirements.optional.some((r) => r.restriction === "MultipleDocumentsOfCategory"),
    };
  },
  async action(ctx) {
    if (mediaType(ctx.request) === "multipart/form-data") {
      const { requirements, documents } = await stepDocuments(ctx);
      const live = documents.filter((d) => !d.erased);
      return uploadFromForm(ctx, {
        formIds: [OPTIONAL_FORM],
        refuse: (category) => {
          const requirement = (
            requirements.optional as Array<{ restriction: string; categories: readonly string[] }>
          ).find((r) => r.categories.includes(category));
          if (!requirement) return "documents.categoryNotAllowed";
          if (live.length >= requirements.maxOptionalDocuments) return "wizard:documents.tooMany";
          if (
            requirement.restriction === "SingleDocumentOfCategory" &&
            live.some((d) => d.category === category)
          ) {
            return "wizard:required.categoryTaken";
          }
          return null;
        },
      });
    }
    const form = await readPageForm(ctx.request);
    return handleIntent(form, {
      remove: () => removeFromForm(ctx, form, OPTIONAL_CONTINUE_FORM),
      continue: async () => {
        const unfinished = (await wizardDocuments(ctx)).some(
          (d) => !d.erased && d.status !== "UploadVerified",
        );
        if (unfinished) {
          const submission = parse(form, {
            resolve: () => ({ error: { "": ["wizard:documents.stillUploading"] } }),
          });
          return stepFormError(OPTIONAL_CONTINUE_FORM, submission.reply());
        }
        return advance(ctx);
      },
    });
  },
});
