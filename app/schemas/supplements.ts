import * as z from "zod";
import "./zod-errors";
import { DOCUMENT_CATEGORIES, SUPPLEMENT_PERSON_TYPES } from "~/lib/transfer";
import { messageBody } from "./messages";
import { normalizeText } from "./text";

/**
 * Supplement requests and their answers (spec 02 §3 "Additional-information request", §5 "New supplement",
 * "Supplement answer", §7 "Supplementary requests"). Messages are namespaced keys of locales/sv, so that the page
 * (conform) and the JSON API translate them alike.
 */

/** At most this many guarantors in one answer (spec: one or more; a sensible bound, docs/spec-choices.md). */
export const MAX_ANSWER_GUARANTORS = 20;
/** A rejection reason's length (not given by the spec; docs/spec-choices.md). */
export const REJECT_REASON_MAX_LENGTH = 2000;

const ref = z
  .string({ error: "domain:validation.required" })
  .trim()
  .min(1, "domain:validation.required")
  .max(100, "domain:validation.unknownValue");

const category = z.enum(DOCUMENT_CATEGORIES, { error: "domain:supplements.typeRequired" });

/** POST api/core/transfers/{id}/additionalinformationrequests: {category, message, personId, personType}. */
export const CreateSupplementSchema = z.object({
  category,
  message: messageBody,
  personId: z
    .string()
    .trim()
    .max(100, "domain:validation.unknownValue")
    .nullish()
    .transform((v) => v || null),
  personType: z.enum(SUPPLEMENT_PERSON_TYPES, { error: "domain:validation.unknownValue" }).default("None"),
});

/**
 * The `Ny komplettering` form: the type, then the person when the type concerns acquirers or guarantors (the page
 * checks that against the request descriptions), then the message. `intent` create or preview.
 */
export const NewSupplementFormSchema = z.object({
  category,
  personId: z
    .string()
    .trim()
    .max(100, "domain:validation.unknownValue")
    .optional()
    .transform((v) => v || null),
  message: messageBody,
});

export const SupplementRefFormSchema = z.object({ requestId: ref });

export const ForwardFormSchema = z.object({ requestId: ref, forwarded: z.enum(["true", "false"]) });

const guarantorText = (max: number) =>
  z
    .string()
    .max(max, "domain:validation.unknownValue")
    .optional()
    .transform((v) => normalizeText(v ?? "").trim());

/**
 * One guarantor as the answering party types it. Nothing is required here: an incomplete guarantor is saved as
 * typed (nothing is lost) and the server's validation result says what is missing (spec 02 §3 validationResult).
 */
export const AnswerGuarantorInputSchema = z.object({
  id: z.string().trim().max(100).optional(),
  identifier: z
    .union([z.object({ value: z.string().max(40, "domain:validation.unknownValue") }), z.string().max(40)])
    .optional()
    .transform((v) => (typeof v === "string" ? v : (v?.value ?? "")).trim()),
  firstName: guarantorText(100),
  lastName: guarantorText(100),
});
export type AnswerGuarantorInput = z.output<typeof AnswerGuarantorInputSchema>;

/** PUT …/answers/guarantors: {guarantors}. */
export const SetGuarantorsSchema = z.object({
  guarantors: z
    .array(AnswerGuarantorInputSchema, { error: "domain:validation.unknownValue" })
    .max(MAX_ANSWER_GUARANTORS, "domain:supplements.tooManyGuarantors"),
});

/** The guarantors form of the answer (`guarantors[0].identifier` …), posted with the request's id. */
export const GuarantorsFormSchema = z.object({
  requestId: ref,
  guarantors: z
    .array(AnswerGuarantorInputSchema)
    .max(MAX_ANSWER_GUARANTORS, "domain:supplements.tooManyGuarantors")
    .default([]),
});

export const rejectReason = z
  .string({ error: "domain:validation.reasonRequired" })
  .transform((v) => normalizeText(v).trim())
  .pipe(
    z
      .string()
      .min(1, "domain:validation.reasonRequired")
      .max(REJECT_REASON_MAX_LENGTH, "domain:supplements.reasonTooLong"),
  );

/** POST …/answers/reject: {reason}. */
export const RejectAnswerSchema = z.object({ reason: rejectReason });

export const RejectAnswerFormSchema = z.object({ requestId: ref, reason: rejectReason });

export const AcceptAnswerFormSchema = z.object({ requestId: ref, confirmed: z.string().optional() });

export const AnswerUploadFormSchema = z.object({ requestId: ref });
