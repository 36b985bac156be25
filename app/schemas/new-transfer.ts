import * as z from "zod";
import "./zod-errors";
import { withValues } from "~/lib/messages";
import {
  IDENTIFIER_TYPES,
  normalizeIdentifier,
  validateIdentifier,
  type IdentifierType,
} from "~/lib/identifier";

/**
 * The forms of /newTransfer (spec 03 §2.1, §5.1): the search by an owner's identifier, and the create with the
 * chosen object. The identifier's rules are app/lib/identifier's, the messages the spec's (identifier.json);
 * an Other identifier is at most 100 characters, as the managers' systems take it (the integration's
 * MAX_OTHER_IDENTIFIER_LENGTH, which a test holds equal to this). Last, the create of /transfers/private/new.
 */

export const OTHER_IDENTIFIER_MAX = 100;

const identifierFields = {
  identifierType: z.enum(IDENTIFIER_TYPES, { error: "identifier:typeRequired" }),
  identifier: z.string().optional(),
};

function checkIdentifier(
  value: { identifierType: IdentifierType; identifier?: string | undefined },
  ctx: z.core.$RefinementCtx,
) {
  const raw = value.identifier ?? "";
  const key = validateIdentifier(value.identifierType, raw);
  if (key) ctx.addIssue({ code: "custom", path: ["identifier"], message: key });
  else if (value.identifierType === "Other" && raw.trim().length > OTHER_IDENTIFIER_MAX)
    ctx.addIssue({
      code: "custom",
      path: ["identifier"],
      message: withValues("identifier:otherTooLong", { max: OTHER_IDENTIFIER_MAX }),
    });
}

/** The identifier as the search and the create use it: normalised (digits only, Other trimmed). */
export function identifierOf(value: { identifierType: IdentifierType; identifier?: string | undefined }) {
  return {
    type: value.identifierType,
    value: normalizeIdentifier(value.identifierType, value.identifier ?? ""),
  };
}

export const NewTransferSearchSchema = z.object(identifierFields).superRefine(checkIdentifier);

export const NewTransferCreateSchema = z
  .object({
    ...identifierFields,
    objectId: z.string({ error: "transfer:create.chooseObject" }).min(1, "transfer:create.chooseObject"),
    requestId: z.uuid({ error: "transfer:create.failed" }),
    confirmed: z.literal("yes").optional(),
  })
  .superRefine(checkIdentifier);

/** The create post of /transfers/private/new (spec 03 §2.3): one of the user's own objects, and the request id. */
export const PrivateNewTransferCreateSchema = z.object({
  objectId: z.string({ error: "transfer:privateNew.failed" }).min(1, "transfer:privateNew.failed"),
  requestId: z.uuid({ error: "transfer:privateNew.failed" }),
});
