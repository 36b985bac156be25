import * as z from "zod";
import { UUID_PATTERN } from "~/lib/uuid";
import "./zod-errors";
import { withValues } from "~/lib/messages";
import { IDENTIFIER_TYPES, validateIdentifier, type Identifier } from "~/lib/identifier";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { OTHER_IDENTIFIER_MAX } from "./new-transfer";

/**
 * The JSON bodies of the create-transfer calls (spec 03 §7): the object search by an owner's identifier, the
 * manager's and the private party's create, the private party's own search, and the possible duplicates' query.
 * Every bad input is a field error with the spec's Swedish text; the server adds the checks only it can make
 * (whose search id it is) by the function it passes to the search schemas.
 */

/** A field's value when it was given: undefined, null and "" are all "not given". */
const given = (value: unknown) => (value === null || value === "" ? undefined : value);

/** The object: a non-empty id of at most 200 characters, trimmed. */
export const ObjectIdSchema = z
  .string({ error: "domain:validation.objectRequired" })
  .trim()
  .min(1, "domain:validation.objectRequired")
  .max(200, "domain:validation.objectRequired");

/** The page's request id, lower-cased; none when the caller sent none (the server then makes one). */
const RequestIdSchema = z.preprocess(
  given,
  z
    .string({ error: "domain:validation.requestIdInvalid" })
    .regex(UUID_PATTERN, "domain:validation.requestIdInvalid")
    .transform((id) => id.toLowerCase())
    .optional(),
);

/** The association's organisation number, when one is given. */
const OrganisationNumberSchema = z.preprocess(
  given,
  z
    .string({ error: "identifier:orgnrInvalid" })
    .max(20, "identifier:orgnrInvalid")
    .refine(isValidOrganisationsnummer, "identifier:orgnrInvalid")
    .optional(),
);

/**
 * An owner's identifier by the rules of spec 03 §5.1 (app/lib/identifier): its value as given, not normalised.
 * Something other than an object is an identifier without a type. A value longer than any valid one is refused
 * before a rule looks at it.
 */
export const IdentifierSchema = z.preprocess(
  (value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? value : {}),
  z
    .object({
      type: z.enum(IDENTIFIER_TYPES, { error: "identifier:typeRequired" }),
      value: z.unknown().transform((value) => (typeof value === "string" ? value : "")),
    })
    .transform((identifier, ctx): Identifier => {
      const { type, value } = identifier;
      const tooLong = value.length > OTHER_IDENTIFIER_MAX;
      const key = tooLong
        ? type === "Other"
          ? withValues("identifier:otherTooLong", { max: OTHER_IDENTIFIER_MAX })
          : type === "SocialSecurityNumber"
            ? "identifier:personnummerInvalid"
            : "identifier:orgnrInvalid"
        : validateIdentifier(type, value);
      if (key) ctx.addIssue({ code: "custom", path: ["value"], message: key });
      return { type, value };
    }),
);

/**
 * The search id to publish under: a string the server accepts (`accept` answers the id to use, or null). The
 * server signs the ids it hands out; which one a caller may use only it can tell.
 */
function searchIdSchema(accept: (searchId: string) => string | null) {
  return z
    .string({ error: "domain:validation.searchIdInvalid" })
    .max(200, "domain:validation.searchIdInvalid")
    .transform((value, ctx) => {
      const searchId = accept(value);
      if (!searchId) ctx.addIssue({ code: "custom", message: "domain:validation.searchIdInvalid" });
      return searchId ?? "";
    });
}

/** POST api/core/search/propertyObjects: a property manager's search by an owner's identifier. */
export const objectSearchSchema = (accept: (searchId: string) => string | null) =>
  z.object({
    searchId: searchIdSchema(accept),
    identifier: IdentifierSchema,
    tenantAssociationOrganizationNumber: OrganisationNumberSchema,
  });

/** POST api/core/privateAgreements/searchUserObjects: a private party's search for their own objects. */
export const ownObjectSearchSchema = (accept: (searchId: string) => string | null) =>
  z.object({
    searchId: searchIdSchema(accept),
    tenantAssociationOrganizationNumber: OrganisationNumberSchema,
  });

/** POST api/core/propertyManagers/transfers/create: the object, the owner's identifier it was found by. */
export const ManagerCreateSchema = z.object({
  objectId: ObjectIdSchema,
  identifier: IdentifierSchema,
  tenantAssociationOrganizationNumber: OrganisationNumberSchema,
  requestId: RequestIdSchema,
});

/** POST api/core/privateAgreements/createTransfer: one of the private party's own objects. */
export const PrivateCreateSchema = z.object({
  objectId: ObjectIdSchema,
  tenantAssociationOrganizationNumber: OrganisationNumberSchema,
  requestId: RequestIdSchema,
});

/** GET api/core/propertyManagers/transfers/existing?objectId= */
export const ExistingTransfersQuerySchema = z.object({ objectId: ObjectIdSchema });
