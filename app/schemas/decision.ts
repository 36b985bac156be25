import * as z from "zod";
import "./zod-errors";
import { isIsoDate, todayInStockholm } from "~/lib/dates";
import { SIGN_DEVICES } from "~/lib/transfer";

// The decision form of /transfers/{id}/decision (spec 02 §5 "Announce approval or rejection", 03 §4.6). Messages
// are keys of domain.json. The domain checks everything again (approveMembershipSchema, the acquirers, the policy);
// this is what the browser can check before the post.

const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(2000).optional(),
);

export const DecisionFormSchema = z
  .object({
    decision: z.enum(["Approve", "Reject"], { error: "validation.unknownValue" }),
    /** "yes" when a property manager announces the board's decision: the decision date is then asked for. */
    announce: z.literal("yes").optional(),
    version: z.coerce.number().int().positive().optional(),
    signDevice: z.enum(SIGN_DEVICES, { error: "decision.chooseDevice" }),
    acquirerIds: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.string().max(100)).max(50),
    ),
    reason: optionalText,
    decisionDate: optionalText,
  })
  .superRefine((value, ctx) => {
    if (value.decision === "Reject" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.reasonRequired" });
    }
    if (value.announce === "yes" && !value.decisionDate) {
      ctx.addIssue({ code: "custom", path: ["decisionDate"], message: "validation.decisionDateRequired" });
    } else if (value.decisionDate !== undefined) {
      if (!isIsoDate(value.decisionDate)) {
        ctx.addIssue({ code: "custom", path: ["decisionDate"], message: "validation.invalidDate" });
      } else if (value.decisionDate > todayInStockholm()) {
        ctx.addIssue({ code: "custom", path: ["decisionDate"], message: "validation.decisionDateInFuture" });
      }
    }
  });
