import * as z from "zod";
import "./zod-errors";
import { checkApplication } from "./application/check";
import { DEFAULT_COUNTRY, K } from "./application/fields";
import { RawApplicationSchema } from "./application/raw";
import type { ApplicationFormContext } from "./application/types";

/**
 * The wizard's step 2 (`Uppgifter`, spec 03 §5.2-5.5): transferors, acquirers (transferors among them for
 * Inheritance, Gift and DivisionOfProperty), guarantors, the agreement and the payment-notice recipient. One schema
 * for the browser (conform, flat names such as `acquirers[0].firstName`, conform's insert/remove intents on the
 * `acquirers` and `guarantors` lists) and for the server (the page action, the JSON call and the submission check).
 *
 * The rules depend on the transfer: its type, the manager's rules for acquirers, the transferors and their owner
 * shares, the people already saved (an id from another transfer is refused) and today's date. The server builds the
 * context from its own data; the page hands the same context to the browser.
 *
 * Shares are typed as percent (`50`, `50,5`, `50.5`) and come out as exact fractions; nothing passes through a
 * float. Messages are keys of locales/sv/transfer.json `application`.
 */

export { DEFAULT_COUNTRY, MAX_ACQUIRERS, MAX_GUARANTORS, TRANSFEROR_CAN_ACQUIRE } from "./application/fields";
export { RawApplicationSchema, type RawAcquirer, type RawApplication } from "./application/raw";
export type * from "./application/types";
export {
  percentText,
  readDate,
  readPrice,
  readSharePercent,
  shareToPercentInput,
  sharesAgree,
  type ShareReading,
} from "./application/values";
export { MAX_PURCHASE_PRICE } from "./price";

/**
 * The values of a person added with conform's insert intent (`form.insert.getButtonProps({ name: "acquirers",
 * defaultValue: NEW_ACQUIRER })`, a real submit button, so adding and removing work without JavaScript).
 */
export const NEW_ACQUIRER = { address: { country: DEFAULT_COUNTRY }, transferShare: "" } as const;
export const NEW_GUARANTOR = { identifier: "" } as const;

/** The step-2 schema for one transfer: the raw form in, an `ApplicationInput` out, or issues at field paths. */
export function applicationFormSchema(ctx: ApplicationFormContext) {
  return RawApplicationSchema.transform((raw, zctx) => {
    const { issues, value } = checkApplication(raw, ctx);
    for (const issue of issues) zctx.issues.push({ code: "custom", input: raw, ...issue });
    return value ?? z.NEVER;
  });
}

/** The transfer-type call (`Välj fångestyp`). */
export const TransferTypeSchema = z.object({
  type: z
    .string({ error: K("transferTypeRequired") })
    .trim()
    .min(1, K("transferTypeRequired")),
  version: z.coerce.number().int().positive().optional(),
});
