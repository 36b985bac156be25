import * as z from "zod";
import "./zod-errors";
import { isIsoDate } from "~/lib/dates";
import { withValues } from "~/lib/messages";
import { MAX_UPLOAD_BYTES, UploadFileNameSchema } from "./documents";
import { MAX_PURCHASE_PRICE } from "./price";
import { normalizeText } from "./text";

/**
 * Agreement change requests (spec 02 §5 "Agreement change request"): the new purchase price, entry date and contract
 * date. A field left empty (or absent from an API call) is not changed; only fields the transfer flags changeable
 * may change; dates must be real dates and the entry date not earlier than the contract date (with the values that
 * will hold after the change); the price has its whitespace stripped and is whole SEK; at least one value must
 * differ from the current one. The schema depends on the transfer's current agreement, so it is built per
 * transfer, by the page (the browser's check) and by the use case alike. Messages are namespaced keys of domain.json.
 */

export const AGREEMENT_FIELDS = ["purchasePrice", "entryDate", "contractDate"] as const;
export type AgreementField = (typeof AGREEMENT_FIELDS)[number];

export interface Agreement {
  purchasePrice: number | null;
  entryDate: string | null;
  contractDate: string | null;
}

export type ChangeableFields = Record<AgreementField, boolean>;

/** What a change request changes: only the fields whose value differs from the current one. */
export type AgreementChanges = Partial<{ purchasePrice: number; entryDate: string; contractDate: string }>;

export { MAX_PURCHASE_PRICE };
export const REJECT_REASON_MAX_LENGTH = 1000;

const key = (name: string) => `domain:changeRequests.${name}`;

export type PriceResult = { ok: true; value: number } | { ok: false; message: string };

/**
 * A price as typed: every kind of whitespace removed (`12 345`, with a non-breaking or thin space as Swedish
 * formatting writes it), then whole kronor as digits (zero öre, `12 345,00`, is whole kronor too, as in the
 * application). `12 345,50`, `-5` and `1e9` are refused, each with its own text. null when nothing is left (the price
 * is not changed).
 */
export function parsePurchasePrice(raw: string): PriceResult | null {
  const text = raw.replace(/\s/gu, "");
  if (text === "") return null;
  if (/^[-−–]/u.test(text)) return { ok: false, message: key("priceNegative") };
  const match = /^(\d+)(?:[.,](\d*))?$/u.exec(text);
  if (!match) return { ok: false, message: key("priceDigits") };
  if (match[2] !== undefined && /[^0]/u.test(match[2])) return { ok: false, message: key("priceDecimals") };
  const digits = match[1]!.replace(/^0+(?=\d)/u, "");
  if (digits.length > 12) return { ok: false, message: key("priceTooHigh") };
  const value = Number(digits);
  if (value < 1) return { ok: false, message: "domain:validation.priceMinimum" };
  if (value > MAX_PURCHASE_PRICE) return { ok: false, message: key("priceTooHigh") };
  return { ok: true, value };
}

const optionalText = z
  .string()
  .max(200, key("valueTooLong"))
  .optional()
  .transform((value) => (value === undefined ? undefined : normalizeText(value).trim() || undefined));

/** The fields of `Ny ändringsbegäran` (and of the multipart call), checked against the current agreement. */
export function changeRequestFieldsSchema(current: Agreement, changeable: ChangeableFields) {
  return z
    .object({ purchasePrice: optionalText, entryDate: optionalText, contractDate: optionalText })
    .transform((value, ctx): AgreementChanges => {
      const changes: AgreementChanges = {};
      const refuse = (path: AgreementField | null, message: string) =>
        ctx.addIssue({ code: "custom", path: path === null ? [] : [path], message });
      let failed = false;

      if (value.purchasePrice !== undefined) {
        const price = parsePurchasePrice(value.purchasePrice);
        if (price && !price.ok) {
          refuse("purchasePrice", price.message);
          failed = true;
        } else if (price && price.value !== current.purchasePrice) {
          if (changeable.purchasePrice) changes.purchasePrice = price.value;
          else {
            refuse("purchasePrice", key("notChangeable"));
            failed = true;
          }
        }
      }
      for (const [field, invalidKey] of [
        ["entryDate", "entryDateInvalid"],
        ["contractDate", "contractDateInvalid"],
      ] as const) {
        const date = value[field];
        if (date === undefined) continue;
        if (!isIsoDate(date)) {
          refuse(field, key(invalidKey));
          failed = true;
        } else if (date !== current[field]) {
          if (changeable[field]) changes[field] = date;
          else {
            refuse(field, key("notChangeable"));
            failed = true;
          }
        }
      }

      const datesValid =
        (value.entryDate === undefined || isIsoDate(value.entryDate)) &&
        (value.contractDate === undefined || isIsoDate(value.contractDate));
      const entry = changes.entryDate ?? current.entryDate;
      const contract = changes.contractDate ?? current.contractDate;
      if (
        datesValid &&
        (changes.entryDate !== undefined || changes.contractDate !== undefined) &&
        entry !== null &&
        contract !== null &&
        entry < contract
      ) {
        refuse(changes.entryDate !== undefined ? "entryDate" : "contractDate", key("entryBeforeContract"));
        failed = true;
      }
      if (!failed && Object.keys(changes).length === 0) refuse(null, key("noChange"));
      return changes;
    });
}

/**
 * The additional agreement as the browser checks it before sending (the server checks the bytes: a PDF). It is
 * optional (spec 02 §5: it "can be attached"): no file chosen, which a browser sends as an empty part without a name,
 * passes.
 */
const additionalAgreementFile = z.unknown().superRefine((value, ctx) => {
  if (typeof File === "undefined" || !(value instanceof File) || (value.name === "" && value.size === 0))
    return;
  const name = UploadFileNameSchema.safeParse(value.name);
  if (!name.success) ctx.addIssue({ code: "custom", message: `domain:${name.error.issues[0]!.message}` });
  else if (value.size === 0)
    ctx.addIssue({ code: "custom", message: withValues("domain:documents.empty", { file: value.name }) });
  else if (value.size > MAX_UPLOAD_BYTES)
    ctx.addIssue({ code: "custom", message: withValues("domain:documents.tooLarge", { file: value.name }) });
});

/**
 * `Ny ändringsbegäran` as the browser checks it: the fields, and the file when one is chosen. Both are checked in one
 * refinement, so that a wrong file and a wrong price are reported together, as the server does.
 */
export function changeRequestFormClientSchema(current: Agreement, changeable: ChangeableFields) {
  const fields = changeRequestFieldsSchema(current, changeable);
  return z
    .object({
      purchasePrice: z.string().optional(),
      entryDate: z.string().optional(),
      contractDate: z.string().optional(),
      additionalAgreement: z.unknown().optional(),
    })
    .superRefine((value, ctx) => {
      const result = fields.safeParse({
        purchasePrice: value.purchasePrice,
        entryDate: value.entryDate,
        contractDate: value.contractDate,
      });
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom" });
      const file = additionalAgreementFile.safeParse(value.additionalAgreement);
      if (!file.success)
        for (const issue of file.error.issues)
          ctx.addIssue({ code: "custom", path: ["additionalAgreement"], message: issue.message });
    });
}

export const rejectReason = z
  .string({ error: "domain:validation.reasonRequired" })
  .transform((value) => normalizeText(value).trim())
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: "domain:validation.reasonRequired" });
    else if (value.length > REJECT_REASON_MAX_LENGTH)
      ctx.addIssue({
        code: "custom",
        message: withValues(key("reasonTooLong"), { length: value.length, max: REJECT_REASON_MAX_LENGTH }),
      });
  });

/** `Avslå ändringsbegäran`: the reason the board gives. */
export const RejectChangeRequestFormSchema = z.object({ rejectReason });

/** POST …/agreementChangeRequests/{requestId}/decisions: {decision (Accept or Reject), rejectReason}. */
export const ChangeRequestDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("Accept"), rejectReason: z.unknown().optional() }),
    z.object({ decision: z.literal("Reject"), rejectReason }),
  ],
  { error: key("decisionRequired") },
);
export type ChangeRequestDecision = z.infer<typeof ChangeRequestDecisionSchema>;
