import * as z from "zod";
import "./zod-errors";

/**
 * The wizard's own forms besides step 2 (spec 03 §5.7): the review step's three required confirmations. Messages
 * are keys of wizard.json. (Step 1's type form is `TransferTypeSchema` of ./application.)
 */

const confirmed = (key: string) => z.literal("on", { error: `wizard:review.confirm.${key}.required` });

export const SubmitApplicationFormSchema = z.object({
  correct: confirmed("correct"),
  signed: confirmed("signed"),
  singleDocument: confirmed("singleDocument"),
  version: z.coerce.number().int().nonnegative().optional(),
});

/** The step-2 save's input (saveApplication): the transfer, and the application form as posted. */
export const ApplicationSaveInputSchema = z.object({
  transferId: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(100),
  application: z.unknown(),
});

/** Step 1 done (confirmRequiredDocuments): the transfer, and the version the page saw. */
export const RequiredDocumentsConfirmSchema = z.object({
  transferId: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(100),
  version: z.number().int().nonnegative().optional(),
});
