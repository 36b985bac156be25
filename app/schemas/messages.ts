import * as z from "zod";
import "./zod-errors";
import { normalizeText } from "./text";
import { withValues } from "~/lib/messages";
import { MESSAGE_ROLES } from "~/lib/transfer";

/**
 * Messages between the parties (spec 02 §5 "Message body", §9): the body is trimmed, then required
 * (`Ange meddelande`), at least 2 characters (`För få tecken`) and at most 30000 (`För många tecken {length}/30000`).
 * Replies follow the same rules. Messages are keys of locales/sv (domain.json), namespaced so that pages and the
 * JSON API translate them alike.
 */
export const MESSAGE_MIN_LENGTH = 2;
export const MESSAGE_MAX_LENGTH = 30000;

export const messageBody = z
  .string({ error: "domain:validation.messageRequired" })
  .transform((value) => normalizeText(value).trim())
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: "domain:validation.messageRequired" });
    else if (value.length < MESSAGE_MIN_LENGTH)
      ctx.addIssue({ code: "custom", message: "domain:validation.tooFewCharacters" });
    else if (value.length > MESSAGE_MAX_LENGTH)
      ctx.addIssue({
        code: "custom",
        message: withValues("domain:validation.tooManyCharacters", { length: value.length }),
      });
  });

const ref = z
  .string({ error: "domain:validation.required" })
  .trim()
  .min(1, "domain:validation.required")
  .max(100, "domain:validation.unknownValue");

export const MessageRecipientSchema = z.enum(MESSAGE_ROLES, { error: "domain:messages.recipientNotOffered" });

/** POST api/core/transfers/{id}/messages: {body, recipient}; recipient null or absent: every other party. */
export const NewMessageSchema = z.object({
  transferId: ref,
  body: messageBody,
  recipient: MessageRecipientSchema.nullish(),
});

export const ReplySchema = z.object({ transferId: ref, messageId: ref, body: messageBody });

export const ResolveSchema = z.object({ transferId: ref, messageId: ref, resolved: z.boolean() });

/**
 * The `Nytt meddelande` form. `recipients` is posted only when the page offers a choice (more than one possible
 * recipient type); every offered type ticked is a message to all of them.
 */
export const NewMessageFormSchema = z.object({
  body: messageBody,
  recipients: z
    .array(MessageRecipientSchema, { error: "domain:messages.recipientRequired" })
    .min(1, "domain:messages.recipientRequired")
    .optional(),
});

export const ReplyFormSchema = z.object({ messageId: ref, body: messageBody });

/** The `Hanterad` checkbox as a form: `resolved=on` ticks it, no value unticks it. */
export const ResolveFormSchema = z.object({
  messageId: ref,
  resolved: z.literal("on").optional(),
});
