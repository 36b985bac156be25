import crypto from "node:crypto";
import { json } from "@remix-run/node";
import { isIdentifierType, validateIdentifier, type Identifier } from "~/lib/identifier";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { getDb } from "../db/db.server";
import { searchGroup } from "../domain/core/events.server";
import { isDomainError } from "../domain/core/errors.server";
import { searchObjects } from "../domain/transfers/objects.server";
import { getUserById } from "../domain/users.server";
import {
  isPropertyManagerError,
  MAX_OTHER_IDENTIFIER_LENGTH,
  normalizeSearchQuery,
  type ObjectSearchQuery,
  type PropertyObject,
} from "../integrations/property-managers/index.server";
import { getLive } from "../live/live.server";
import { mintSearchId, ownsSearchId } from "../live/tokens.server";
import { readJsonBody } from "../platform/body.server";
import { svT } from "../platform/i18n.server";
import { apiError, apiValidationError } from "./api.server";
import { apiActor, domainErrorResponse } from "./transfer-api.server";
import type { Actor } from "../domain/core/context.server";
import { requestContext } from "../context/request.server";

/**
 * The create-transfer calls of spec 03 §7 (decisions 038, 039): the object search started in the background with its
 * events in the search's live group, and the two creates. Every bad input is a Swedish 400 with field errors.
 *
 * The search id: JoinGroup admits a search group only for an id the server signed for that user
 * (live/tokens `mintSearchId`), so nobody can listen to another user's search. A page that already holds such
 * an id (minted by its loader, or answered by an earlier search) sends it and has joined before the search
 * starts. A page that sends a UUID of its own, as the spec describes, gets a signed id minted here in the 202
 * answer and must join that one: hits that arrive before it has joined are not replayed to it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type FieldErrors = Record<string, string[]>;

export function bodyObject(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

export async function readBodyObject(request: Request): Promise<Record<string, unknown>> {
  return bodyObject(await readJsonBody(request));
}

/** The search id to publish under: the caller's own signed id as is, or a fresh one for a page-made UUID. */
export function searchIdFor(userId: string, value: unknown, errors: FieldErrors): string | null {
  if (typeof value === "string" && value.length <= 200) {
    if (ownsSearchId(userId, value)) return value;
    if (UUID.test(value)) return mintSearchId(userId);
  }
  errors.searchId = [svT()("domain:validation.searchIdInvalid")];
  return null;
}

/** The page's request id (a UUID, lower-cased), or a fresh one when the caller sent none. */
export function requestIdFor(value: unknown, errors: FieldErrors): string {
  if (value === undefined || value === null || value === "") return crypto.randomUUID();
  if (typeof value === "string" && UUID.test(value)) return value.toLowerCase();
  errors.requestId = [svT()("domain:validation.requestIdInvalid")];
  return "";
}

export function objectIdFor(value: unknown, errors: FieldErrors): string {
  if (typeof value === "string" && value.trim() !== "" && value.length <= 200) return value.trim();
  errors.objectId = [svT()("domain:validation.objectRequired")];
  return "";
}

/** The association's organisation number, when given; a wrong one is a field error. */
export function organisationNumberFor(value: unknown, errors: FieldErrors): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "string" && value.length <= 20 && isValidOrganisationsnummer(value)) return value;
  errors.tenantAssociationOrganizationNumber = [svT()("identifier:orgnrInvalid")];
  return undefined;
}

/** An owner's identifier by the rules of spec 03 §5.1 (app/lib/identifier), with the texts of identifier.json. */
export function identifierFor(value: unknown, errors: FieldErrors): Identifier | null {
  const t = svT();
  const input = bodyObject(value);
  if (!isIdentifierType(input.type)) {
    errors["identifier.type"] = [t("identifier:typeRequired")];
    return null;
  }
  const raw = typeof input.value === "string" ? input.value : "";
  // Nothing valid is this long; a huge value is refused before any rule looks at it.
  if (raw.length > MAX_OTHER_IDENTIFIER_LENGTH) {
    errors["identifier.value"] = [
      input.type === "Other"
        ? t("identifier:otherTooLong", { max: MAX_OTHER_IDENTIFIER_LENGTH })
        : t(
            input.type === "SocialSecurityNumber"
              ? "identifier:personnummerInvalid"
              : "identifier:orgnrInvalid",
          ),
    ];
    return null;
  }
  const key = validateIdentifier(input.type, raw);
  if (key) {
    errors["identifier.value"] = [t(key)];
    return null;
  }
  return { type: input.type, value: raw };
}

/** The query as the manager systems take it, or null for one they would refuse (a field error then). */
export function searchQueryFor(
  identifier: Identifier,
  organisationNumber: string | undefined,
  errors: FieldErrors,
): ObjectSearchQuery | null {
  try {
    return normalizeSearchQuery({ identifier, ...(organisationNumber ? { organisationNumber } : {}) });
  } catch (error) {
    if (!isPropertyManagerError(error)) throw error;
    errors["identifier.value"] = [svT()("domain:errors.invalidInput")];
    return null;
  }
}

/**
 * Whether the object is one the search with these terms returns: an owner has the identifier, and the object
 * belongs to the association when one was named. An object id from elsewhere is then missing, not created.
 */
export function searchWouldFind(object: PropertyObject, query: ObjectSearchQuery): boolean {
  const owned = object.owners.some(
    (o) => o.identifier.type === query.identifier.type && o.identifier.value === query.identifier.value,
  );
  if (!owned) return false;
  if (!query.organisationNumber) return true;
  const digits = object.association.organisationNumber.replace(/\D/g, "");
  return (digits.startsWith("16") ? digits.slice(2) : digits) === query.organisationNumber;
}

/**
 * Starts the search and answers at once (202 {searchId, nextSearchId}); the hits go to the search's live group as
 * each manager answers, then the completion. A manager that fails ends the search `limitedCompleted`, never here.
 * `nextSearchId` (our addition to spec 03 §7) is a fresh signed id for the caller's next search: a page that
 * searches as the user types joins it before it searches again, so no early hit is missed.
 */
export function startSearch(
  searchId: string,
  query: ObjectSearchQuery,
  { userId, tenantId }: { userId: string; tenantId?: string },
): Response {
  const publisher = getLive().publisher;
  void searchObjects(
    requestContext("system"),
    { searchId, query, ...(tenantId ? { tenantId } : {}) },
    { live: { publisher, group: searchGroup(searchId) } },
  ).catch((error: unknown) => {
    console.error("The object search failed", error);
    void publisher
      .publish(searchGroup(searchId), "searchPropertyObjectCompleted", {
        searchId,
        successful: false,
        status: "limitedCompleted",
        results: {},
        unavailable: [],
      })
      .catch(() => undefined);
  });
  return json(
    { searchId, nextSearchId: mintSearchId(userId) },
    { status: 202, headers: { "Cache-Control": "no-store" } },
  );
}

/** A signed-in, Active user the call admits, or the refusal (401, 403). */
export async function actorFor(
  request: Request,
  allowed: (actor: Actor) => boolean,
): Promise<Actor | Response> {
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  if (!allowed(actor)) return apiError(403, svT()("domain:errors.notAllowed"));
  return actor;
}

export const badRequest = (errors: FieldErrors) => apiValidationError(errors);

/**
 * The refusals of a create: a missing or foreign object is the object's 404, a manager system that fails is
 * the spec's 503 text (spec 03 §8); other domain refusals keep their answers (transfer-api's mapping).
 */
export function createFailure(error: unknown): Response | null {
  const t = svT();
  if (isPropertyManagerError(error)) {
    if (error.kind === "notFound") return apiError(404, t("domain:errors.objectNotFound"));
    return apiError(503, t("domain:errors.createFailed"));
  }
  if (isDomainError(error) && error.code === "NotFound")
    return apiError(404, t("domain:errors.objectNotFound"));
  return null;
}

/**
 * A private party's own search terms (both private calls): their personal number, read fresh, narrowed to an
 * association when one was named. 403 for a user without one; a query the systems would refuse is a 400.
 */
export async function ownSearchQuery(
  actor: Actor,
  organisationNumber: string | undefined,
): Promise<ObjectSearchQuery | Response> {
  const personalNumber = await personalNumberOf(actor.viewer.id);
  if (!personalNumber) return apiError(403);
  const errors: FieldErrors = {};
  const query = searchQueryFor(
    { type: "SocialSecurityNumber", value: personalNumber },
    organisationNumber,
    errors,
  );
  return query ?? badRequest(errors);
}

/** The user's own personal number (users.personal_number), read fresh, not from the session. */
export async function personalNumberOf(userId: string): Promise<string | null> {
  return (await getUserById(getDb(), userId))?.personalNumber ?? null;
}

/** Runs a create: 201 {transferId}, or its refusal (createFailure, then the domain's own answers). */
export async function answerCreate(body: () => Promise<{ transferId: string }>): Promise<Response> {
  try {
    const { transferId } = await body();
    return json({ transferId }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    const failure = createFailure(error);
    if (failure) return failure;
    if (isDomainError(error)) return domainErrorResponse(error);
    throw error;
  }
}
