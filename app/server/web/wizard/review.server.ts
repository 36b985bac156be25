import { fractionToPercentString } from "~/lib/share";
import { formatDate, formatSek } from "~/lib/format";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import type { Fraction } from "~/lib/transfer";
import type { ReviewData, ReviewPerson, WizardStepName } from "~/lib/wizard";
import { SubmitApplicationFormSchema } from "~/schemas/wizard";
import { requiredSlots } from "../../domain/application/required-documents.server";
import { isManagerUnavailable } from "../../domain/application/manager.server";
import { submitApplication } from "../../domain/application/submit.server";
import { svT } from "../../platform/i18n.server";
import { handleIntent, parseForm, readPageForm } from "../forms.server";
import { refuse } from "../refusal.server";
import { redirectWithToast } from "../toast.server";
import { stepFormError } from "./documents.server";
import { pageDocuments } from "./page-documents.server";
import { defineWizardStep, type WizardApplication, type WizardContext } from "./steps.server";

/**
 * Step 4, `Skicka in` (spec 03 §5.7; GOV.UK check answers): everything saved, each part with `Ändra` back to its
 * step; the server's validation result under `Kvar att göra för att kunna skicka vidare:`; the three required
 * confirmations; submit (`Ansökan har skickats in`, then the transfer; `Kunde inte skicka in ansökan`).
 */

export const SUBMIT_FORM = "submit-application";

const percent = (f: Fraction | null) => (f ? fractionToPercentString(f) : null);

function stepOfError(category: string, property: string): WizardStepName {
  if (category === "Document" || category === "TransferType") return "requiredDocuments";
  if (property === "PersonalGuarantee") return "optionalDocuments";
  return "form";
}

function row(label: string, value: string | null | undefined) {
  return value ? [{ label, value }] : [];
}

function address(a: { street: string; postalCode: string; city: string; country: string } | null) {
  if (!a || !a.street) return null;
  return [a.street, `${a.postalCode} ${a.city}`.trim(), a.country].filter(Boolean).join(", ");
}

function people(application: WizardApplication, now: Date) {
  const t = svT();
  const label = (key: string) => t(`wizard:review.labels.${key}`);
  const person = (p: WizardApplication["acquirers"][number] | WizardApplication["guarantors"][number]) => ({
    name: `${p.firstName} ${p.lastName}`.trim(),
    identifier: formatIdentifierForDisplay(p.identifier, now),
  });
  const transferors: ReviewPerson[] = application.transferors.map((p) => ({
    ...person(p),
    rows: [
      ...row(label("ownerShare"), percent(p.ownerShare)),
      ...row(label("transferShare"), percent(p.transferShare) ?? t("wizard:review.notGiven")),
      ...row(label("newAddress"), address(p.newAddress)),
      ...row(label("email"), p.emailAddress),
      ...row(label("phone"), p.phoneNumber),
    ],
  }));
  const acquirers: ReviewPerson[] = application.acquirers.map((p) => ({
    ...person(p),
    rows: [
      ...row(label("acquiredShare"), percent(p.transferShare) ?? t("wizard:review.notGiven")),
      ...row(label("address"), address(p.address)),
      ...row(label("email"), p.emailAddress),
      ...row(label("phone"), p.phoneNumber),
    ],
  }));
  const guarantors: ReviewPerson[] = application.guarantors.map((p) => ({
    ...person(p),
    rows: [...row(label("email"), p.emailAddress), ...row(label("phone"), p.phoneNumber)],
  }));
  const chosen = application.paymentNoticeRecipient?.selectedPaymentNoticeRecipientId;
  const recipient = [...application.acquirers, ...application.transferors].find((p) => p.id === chosen);
  return {
    transferors,
    acquirers,
    guarantors,
    paymentNoticeRecipient: recipient ? `${recipient.firstName} ${recipient.lastName}`.trim() : null,
  };
}

export async function reviewData(ctx: WizardContext): Promise<ReviewData> {
  const { application } = ctx;
  const type = application.transferType.selectedTransferType;
  const required = new Set(requiredSlots(type).flatMap((s) => s.categories as string[]));
  const { documents, documentsFailed } = await pageDocuments(ctx);
  const agreement = application.agreement;
  return {
    version: application.version,
    documentsFailed,
    transferType: type,
    requiredDocuments: documents.filter((d) => required.has(d.category)),
    optionalDocuments: documents.filter((d) => !required.has(d.category)),
    ...people(application, ctx.now),
    agreement: {
      purchasePrice: agreement.purchasePrice === null ? null : formatSek(agreement.purchasePrice),
      contractDate: agreement.contractDate ? formatDate(agreement.contractDate) : null,
      entryDate: agreement.entryDate ? formatDate(agreement.entryDate) : null,
    },
    validation: {
      isValid: application.validationResult.isValid,
      errors: application.validationResult.errors.map((e) => ({
        message: e.message,
        property: e.property,
        step: stepOfError(e.category, e.property),
      })),
    },
  };
}

export const reviewStep = defineWizardStep({
  name: "review",
  loader: reviewData,
  async action(ctx) {
    const form = await readPageForm(ctx.request);
    return handleIntent(form, {
      submit: async () => {
        const submission = parseForm(form, SubmitApplicationFormSchema);
        if (submission.status !== "success") return stepFormError(SUBMIT_FORM, submission.reply());
        try {
          await submitApplication(ctx.domain, {
            transferId: ctx.transferId,
            version: submission.value.version,
          });
        } catch (error) {
          const notSubmitted = (status: number) => () =>
            stepFormError(
              SUBMIT_FORM,
              submission.reply({ formErrors: ["transfer:application.notSubmitted"] }),
              status,
            );
          if (isManagerUnavailable(error)) return notSubmitted(503)();
          return refuse(error, {
            notFound: "page",
            validation: notSubmitted(400),
            otherwise: notSubmitted(409),
          });
        }
        // Straight to the overview: a redirect on the way (the bare transfer route) would take the toast with it.
        return redirectWithToast(
          `${ctx.shell.paths.transfer}/overview`,
          { key: "transfer:application.submitted" },
          { request: ctx.request },
        );
      },
    });
  },
});
