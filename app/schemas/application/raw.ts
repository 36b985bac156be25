import * as z from "zod";
import "../zod-errors";
import { numeric, scalar, textOf } from "./values";

/** The raw shape conform fills from the form (and a JSON body gives as is): every value still as typed. */

export const rawAddress = z
  .object({ street: scalar, postalCode: scalar, city: scalar, country: scalar })
  .optional()
  .nullable();

const rawTransferor = z.object({
  id: scalar,
  transferShare: numeric,
  newAddress: rawAddress,
  emailAddress: scalar,
  phoneNumber: scalar,
});

const rawAcquirer = z.object({
  id: scalar,
  transferorId: scalar,
  isTransferor: scalar,
  enabled: scalar,
  firstName: scalar,
  lastName: scalar,
  identifier: scalar,
  emailAddress: scalar,
  phoneNumber: scalar,
  address: rawAddress,
  transferShare: numeric,
});

const rawGuarantor = z.object({
  id: scalar,
  identifier: scalar,
  firstName: scalar,
  lastName: scalar,
  emailAddress: scalar,
  phoneNumber: scalar,
});

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : v),
    z.array(item.optional().nullable()),
  );

export const rawRecipient = z
  .union([z.string(), z.object({ type: scalar, index: scalar })])
  .optional()
  .nullable();

export const RawApplicationSchema = z.object({
  version: scalar,
  transferors: list(rawTransferor),
  acquirers: list(rawAcquirer),
  guarantors: list(rawGuarantor),
  paymentNoticeRecipient: rawRecipient,
  agreement: z
    .object({ purchasePrice: numeric, contractDate: scalar, entryDate: scalar })
    .optional()
    .nullable(),
});
/** The form's values as conform holds them (also what the server gives the page as `defaultValue`). */
export type RawApplication = z.infer<typeof RawApplicationSchema>;
export type RawAcquirer = z.infer<typeof rawAcquirer>;

/** `Acquirer:1` / `{type: "Acquirer", index: 1}` as a type and an index into the form's list of that type. */
export function readRecipient(raw: z.infer<typeof rawRecipient>): { type: string; index: number } | null {
  let type = "";
  let index = "";
  if (typeof raw === "string") [type = "", index = ""] = raw.split(":");
  else if (raw && typeof raw === "object") [type, index] = [textOf(raw.type), textOf(raw.index)];
  if ((type !== "Transferor" && type !== "Acquirer") || !/^\d{1,3}$/.test(index)) return null;
  return { type, index: Number(index) };
}
