import { parse } from "@conform-to/react";
import type { TransferType } from "~/lib/transfer";
import type { RequiredDocumentsData, WizardDocumentView } from "~/lib/wizard";
import { TransferTypeSchema } from "~/schemas/application";
import { mediaType } from "../../platform/body.server";
import { svT } from "../../platform/i18n.server";
import { setTransferType } from "../../domain/application/application.server";
import {
  categoryTaken,
  confirmRequiredDocuments,
  requiredSlots,
} from "../../domain/application/required-documents.server";
import { isManagerUnavailable } from "../../domain/application/manager.server";
import { handleIntent, parseForm, readPageForm } from "../forms.server";
import { refuse } from "../refusal.server";
import { removeFromForm, stepFormError, uploadFromForm, wizardDocuments } from "./documents.server";
import { pageDocuments } from "./page-documents.server";
import { advance, defineWizardStep, stay, type WizardContext } from "./steps.server";

/**
 * Step 1, `Obligatoriska dokument` (spec 03 §2.3, §4.4, §4.8, §5.6): the transfer type (`Välj fångestyp`; a type
 * that cannot be set leaves the previous one with `Kunde inte ändra fångestyp`), a slot for the membership
 * application and one for the type's document, one document per category, uploads and removals, and `Fortsätt`
 * once both slots hold a verified document (`Det saknas obligatoriska dokument` otherwise). Verified required
 * documents start the document analysis (documents/analysis.server); the form step waits for it.
 */

export const TYPE_FORM = "transfer-type";
export const CONTINUE_FORM = "required-documents";
export const slotFormId = (key: string) => `upload-${key}`;

async function slotsOf(ctx: WizardContext, documents: WizardDocumentView[]) {
  const type = ctx.application.transferType.selectedTransferType;
  return {
    documents,
    slots: requiredSlots(type).map((slot) => ({
      ...slot,
      formId: slotFormId(slot.key),
      documents: documents.filter((d) => (slot.categories as string[]).includes(d.category)),
    })),
  };
}

const asSlotDocument = (d: WizardDocumentView) => ({
  category: d.category,
  status: d.status,
  dataErasedAt: d.erased ? "erased" : null,
});

export const requiredDocumentsStep = defineWizardStep({
  name: "requiredDocuments",
  async loader(ctx): Promise<RequiredDocumentsData> {
    const { documents, documentsFailed } = await pageDocuments(ctx);
    const { slots } = await slotsOf(ctx, documents);
    return {
      transferType: ctx.application.transferType,
      version: ctx.application.version,
      slots,
      documentsFailed,
    };
  },
  async action(ctx) {
    if (mediaType(ctx.request) === "multipart/form-data") {
      const { documents, slots } = await slotsOf(ctx, await wizardDocuments(ctx));
      return uploadFromForm(ctx, {
        formIds: slots.map((s) => s.formId),
        refuse: (category, formId) => {
          const slot = slots.find((s) => s.formId === formId);
          if (!slot || !(slot.categories as string[]).includes(category))
            return "documents.categoryNotAllowed";
          if (categoryTaken(category, documents.map(asSlotDocument))) return "wizard:required.categoryTaken";
          return null;
        },
      });
    }
    const form = await readPageForm(ctx.request);
    return handleIntent(form, {
      setType: () => changeType(ctx, form),
      remove: () => removeFromForm(ctx, form, CONTINUE_FORM),
      continue: () => confirm(ctx, form),
    });
  },
});

async function changeType(ctx: WizardContext, form: FormData) {
  const submission = parseForm(form, TransferTypeSchema);
  if (submission.status !== "success") return stepFormError(TYPE_FORM, submission.reply());
  const type = submission.value.type;
  if (!ctx.application.transferType.possibleTransferTypes.includes(type as TransferType)) {
    return stepFormError(
      TYPE_FORM,
      submission.reply({ fieldErrors: { type: ["transfer:application.transferTypeNotPossible"] } }),
    );
  }
  try {
    await setTransferType(ctx.domain, { transferId: ctx.transferId, type });
  } catch (error) {
    // The previous type stays (nothing was saved): the page shows it again with the error.
    const notChanged = () => stay(ctx, { key: "transfer:application.transferTypeNotChanged", type: "error" });
    if (isManagerUnavailable(error)) return notChanged();
    return refuse(error, { notFound: "page", otherwise: notChanged });
  }
  return stay(ctx, {
    key: "wizard:required.typeChanged",
    values: { type: svT()(`transfer:transferType.${type}`) },
  });
}

async function confirm(ctx: WizardContext, form: FormData) {
  try {
    await confirmRequiredDocuments(ctx.domain, { transferId: ctx.transferId });
  } catch (error) {
    return refuse(error, {
      notFound: "page",
      validation: (refusal) => {
        // Each missing slot's error sits at its file input; the summary links there.
        const missing = Object.keys(refusal.fieldErrors).map(slotFormId);
        const submission = parse(form, {
          resolve: () => ({ error: { file: ["transfer:application.missingRequiredDocuments"] } }),
        });
        return stepFormError(
          missing[0] ?? slotFormId("MembershipApplication"),
          submission.reply(),
          400,
          missing,
        );
      },
      otherwise: () => stay(ctx, { key: "transfer:application.notSaved", type: "error" }),
    });
  }
  return advance(ctx);
}
