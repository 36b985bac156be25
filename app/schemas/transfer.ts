import * as z from "zod";
import "./zod-errors";
import { normalizeText } from "./text";
import { isIsoDate, todayInStockholm } from "~/lib/dates";
import { CHECK_RESULTS, CHECK_TYPES, SIGN_DEVICES } from "~/lib/transfer";

// Messages are keys of app/locales/sv/domain.json; pages and the JSON API translate them.

const id = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(100);

/** An optional expected version: a form carries the version it showed, so a stale form loses cleanly. */
const version = z.coerce.number().int().positive().optional();

export const TransferRefSchema = z.object({ transferId: id, version });

function decisionDate(now: Date) {
  return z
    .string({ error: "validation.decisionDateRequired" })
    .trim()
    .min(1, { message: "validation.decisionDateRequired", abort: true })
    .refine(isIsoDate, { message: "validation.invalidDate", abort: true })
    .refine((d) => d <= todayInStockholm(now), "validation.decisionDateInFuture");
}

const acquirerIds = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(id).max(50),
);

/** Announce or sign an approval (spec 02 §5 "Announce approval or rejection", §6 SignByProxy). */
export function approveMembershipSchema(now: Date = new Date()) {
  return z.object({
    transferId: id,
    version,
    signDevice: z.enum(SIGN_DEVICES, { error: "validation.unknownValue" }),
    decisionDate: decisionDate(now),
    acquirerIds,
  });
}

/** Rejection always uses electronic ID on this or another device and needs a reason. */
export function rejectMembershipSchema(now: Date = new Date()) {
  return z.object({
    transferId: id,
    version,
    signDevice: z.enum(["ThisDevice", "OtherDevice"], { error: "validation.unknownValue" }),
    decisionDate: decisionDate(now),
    reason: z
      .string({ error: "validation.reasonRequired" })
      .trim()
      .min(1, "validation.reasonRequired")
      .max(2000),
  });
}

export const SupplementRefSchema = z.object({ transferId: id, requestId: id });

export const AutomaticReviewResultSchema = z.object({
  transferId: id,
  checks: z
    .array(
      z.object({
        type: z.enum(CHECK_TYPES, { error: "validation.unknownValue" }),
        result: z.enum(CHECK_RESULTS, { error: "validation.unknownValue" }),
      }),
    )
    .min(1),
});

/**
 * Accept deviations of the automatic review (spec 02 §5): the ids of the checks (automatic_checks.id) to accept,
 * at least one. The page posts one `checkIds` value per ticked box; the API sends {checkIds: [...]}.
 */
const checkIds = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(id, { error: "analysis.noneChosen" })
    .min(1, "analysis.noneChosen")
    .max(CHECK_TYPES.length, "analysis.notADeviation"),
);
export const AcceptDeviationsSchema = z.object({ transferId: id, version, checkIds });
/** The form of the Granskning tab (the transfer comes from the URL). */
export const AcceptDeviationsFormSchema = AcceptDeviationsSchema.omit({ transferId: true });

/** zod issues as {field: [message key]} for the domain's Validation error. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "form";
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** A note (spec 02 §5: save disabled while empty). The spec gives no maximum; 5000 characters is ours. */
export const NOTE_MAX_LENGTH = 5000;
export const NoteSchema = z.object({
  transferId: id,
  body: z
    .string({ error: "validation.required" })
    .transform(normalizeText)
    .pipe(z.string().trim().min(1, "validation.required").max(NOTE_MAX_LENGTH, "validation.noteTooLong")),
});

/** The note form of a transfer page (the transfer comes from the URL). */
export const NoteFormSchema = NoteSchema.omit({ transferId: true });

/** The form behind every action button of a transfer page: the version it showed and, for a destructive action,
 * the confirmation's answer. */
export const TransferActionFormSchema = z.object({
  version,
  confirmed: z.literal("yes").optional(),
});
