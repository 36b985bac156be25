import * as z from "zod";
import "./zod-errors";

/** The company registry simulator's control page (/dev/registry): end a seat, or run the board refresh now. */
export const EndSeatSchema = z.object({
  seat: z.string({ error: "validation.required" }).regex(/^\d{12}:\d{10}$/, "validation.format"),
});

/** The BankID simulator's phone page (/dev/bankid): what the test person does with an order. */
export const DevBankIdActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("scan"),
    orderRef: z.string().uuid(),
    personalNumber: z.string().regex(/^\d{12}$/),
  }),
  z.object({
    intent: z.literal("autostart"),
    orderRef: z.string().uuid(),
    personalNumber: z.string().regex(/^\d{12}$/),
  }),
  z.object({
    intent: z.literal("code"),
    code: z.string().trim().min(1).max(2000),
    personalNumber: z.string().regex(/^\d{12}$/),
  }),
  z.object({ intent: z.literal("approve"), orderRef: z.string().uuid() }),
  z.object({ intent: z.literal("decline"), orderRef: z.string().uuid() }),
  z.object({
    intent: z.literal("fail"),
    orderRef: z.string().uuid(),
    hintCode: z.enum(["startFailed", "expiredTransaction", "certificateErr"]),
  }),
]);
