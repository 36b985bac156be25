import crypto from "node:crypto";
import { isUuid } from "~/lib/uuid";
import { json } from "@remix-run/node";
import type * as z from "zod";
import type { Identifier } from "~/lib/identifier";
import { getDb } from "../db/db.server";
import { searchGroup } from "../domain/core/events.server";
import { isDomainError } from "../domain/core/errors.server";
import { searchObjects } from "../domain/transfers/objects.server";
import { getUserById } from "../domain/users.server";
import {
  isPropertyManagerError,
  normalizeSearchQuery,
  type ObjectSearchQuery,
  type PropertyObject,
} from "../integrations/property-managers/index.server";
import { getLive } from "../live/live.server";
import { mintSearchId, ownsSearchId } from "../live/tokens.server";
import { readJsonBody } from "../platform/body.server";
import { messageText, svT } from "../platform/i18n.server";
import { apiError, apiValidationError, fieldErrors } from "./api.server";
import { apiActor, domainErrorResponse } from "./transfer-api.server";
import type { Actor } from "../domain/core/context.server";
import { requestContext } from "../context/request.server";
import { getLog } from "../platform/log.server";

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

export type FieldErrors = Record<string, string[]>;

/** A call's parsed input (app/schemas/create-calls), or its 400 with the Swedish field errors. */
export function parseCall<T extends z.ZodType>(schema: T, input: unknown): z.output<T> | Response {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : badRequest(fieldErrors(parsed.error.issues, messageText));
}

/** A call's JSON body, parsed by its schema: the data, or the 400 (a body that is not JSON is one too). */
export async function readCall<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.output<T> | Response> {
  return parseCall(schema, await readJsonBody(request));
}

/**
 * Which search id a user may publish under: their own signed id as is, or a fresh signed one for a page-made UUID
 * (see above); anything else is refused.
 */
export function searchIdAccepted(userId: string): (searchId: string) => string | null {
  return (searchId) =>
    ownsSearchId(userId, searchId) ? searchId : isUuid(searchId) ? mintSearchId(userId) : null;
}

/** The page's request id, or a fresh one when the caller sent none. */
export const requestIdOrNew = (requestId: string | undefined) => requestId ?? crypto.randomUUID();

/** The query as the manager systems take it, or the 400 for one they would refuse (a field error). */
export function searchQueryFor(
  identifier: Identifier,
  organisationNumber: string | undefined,
): ObjectSearchQuery | Response {
  try {
    return normalizeSearchQuery({ identifier, ...(organisationNumber ? { organisationNumber } : {}) });
  } catch (error) {
    if (!isPropertyManagerError(error)) throw error;
    return badRequest({ "identifier.value": [svT()("domain:errors.invalidInput")] });
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
    getLog().error({ err: error }, "the object search failed");
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
  return searchQueryFor({ type: "SocialSecurityNumber", value: personalNumber }, organisationNumber);
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
