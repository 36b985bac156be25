import * as z from "zod";
import "./zod-errors";
import { personName } from "./text";

// Messages are locale keys (locales/sv/common.json "validation"); the form renders them with t().
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const name = personName();

const email = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(254, "validation.tooLong")
  .regex(EMAIL, "validation.format");

/** Account form and PUT api/core/users (spec 01 §5). */
export const ContactDetailsSchema = z.object({ firstName: name, lastName: name, email });

/** Registration; terms are accepted only through the terms text's Godkänn, which the server records. */
export const RegisterSchema = ContactDetailsSchema.extend({
  agreedUponTerms: z
    .preprocess((v) => v === true || v === "on" || v === "true", z.boolean())
    .refine((v) => v, "validation.acceptTerms"),
});

export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

/** The start of a BankID sign-in (/login/bankid): on this device or another, and where to go after. */
export const BankIdStartSchema = z.object({
  device: z.enum(["ThisDevice", "OtherDevice"]),
  r: z.string().max(2048).optional(),
});
