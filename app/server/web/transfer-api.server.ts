import { json } from "@remix-run/node";
import { getDb } from "../db/db.server";
import { apiError, apiValidationError, methodNotAllowed } from "./api.server";
import { readJsonBody } from "../platform/body.server";
import type { Db } from "../db/kysely.server";
import type { TransferRow } from "../db/schema.server";
import { listText, type ListRequestResult } from "../domain/transfers/lists/request.server";
import { searchTransfers } from "../domain/transfers/lists/search.server";
import type { Viewer } from "../domain/transfers/facts.server";
import { getOptionalUser } from "../auth/user.server";
import { isDomainError, type DomainError } from "../domain/core/errors.server";
import { viewerFor } from "../domain/transfers/scope.server";
import type { Actor, UseCaseContext } from "../domain/core/context.server";
import type { ViewContext } from "../domain/core/context.server";
import { svT } from "../platform/i18n.server";
import { requestContext } from "../context/request.server";
import { splitMessage } from "~/lib/messages";

/**
 * The JSON API of the transfer domain (spec 02 §7): who is asking, and how the domain's typed refusals
 * become answers. Out of scope and missing are the same 404; bad input is a 400 with Swedish field errors.
 */

export async function apiActor(request: Request): Promise<Actor | Response> {
  const user = await getOptionalUser(request);
  if (!user) return apiError(401);
  if (user.status !== "Active") return apiError(403);
  const viewer = await viewerFor(getDb(), user);
  return { viewer, firstName: user.firstName, lastName: user.lastName };
}

/** Use cases publish their live events through the process's hub (and Redis, when configured). */
export function contextForActor(actor: Actor): UseCaseContext {
  return requestContext(actor);
}

export function viewContext(actor: Actor): ViewContext {
  return { db: getDb(), viewer: actor.viewer, now: new Date(), t: svT() };
}

/** The Swedish text of a domain refusal (its key lives in domain.json, or policy.json for blockers). */
export function domainErrorText(error: DomainError): string {
  const t = svT();
  return error.messageKey.startsWith("blockers.")
    ? t(`policy:${error.messageKey}`)
    : t(`domain:${error.messageKey}`);
}

/** A domain message key as a translation key: the domain's own keys, or an already namespaced one (zod's map). */
export function domainKey(key: string): string {
  return key.includes(":") ? key : `domain:${key}`;
}

export function domainErrorResponse(error: DomainError): Response {
  const t = svT();
  switch (error.code) {
    case "Validation": {
      const fields: Record<string, string[]> = {};
      for (const [field, keys] of Object.entries(error.fieldErrors))
        fields[field] = keys.map((k) => {
          // A message with values carries them after a bar (app/lib/messages.ts).
          const { key, values } = splitMessage(k);
          return t(domainKey(key), values);
        });
      return apiValidationError(fields);
    }
    case "NotFound":
      return apiError(404, domainErrorText(error));
    case "Forbidden":
      return apiError(403, domainErrorText(error));
    case "Conflict":
    case "InvalidTransition":
      return apiError(409, domainErrorText(error));
  }
}

/** Runs a use case for an API call: 200 with the result, or the refusal as its HTTP answer. */
export async function runApi(request: Request, body: (actor: Actor) => Promise<unknown>): Promise<Response> {
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  try {
    const result = await body(actor);
    // A call may answer with its own Response (a redirect to a signed link).
    if (result instanceof Response) return result;
    return json(result ?? {}, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isDomainError(error)) return domainErrorResponse(error);
    throw error;
  }
}

/**
 * The three list calls of spec 01 §7 (POST api/core/reviews/transfers, …/completed, api/core/privateAgreements):
 * only POST, a signed-in Active user whom the list admits (403 otherwise), the body read as that list's query
 * (a 400 with Swedish field errors), then one page with its totals.
 */
export async function answerListCall(
  request: Request,
  call: {
    allowed: (viewer: Viewer) => boolean;
    parse: (body: unknown, viewer: Viewer) => ListRequestResult;
    results: (db: Db, rows: TransferRow[]) => unknown[] | Promise<unknown[]>;
    /** The private list answers without per-filter counts (it has no filters). */
    withFilterCount: boolean;
  },
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  const { viewer } = actor;
  if (!call.allowed(viewer)) return apiError(403, listText("lists:errors.notAllowed"));

  const parsed = call.parse(await readJsonBody(request), viewer);
  if (!parsed.ok) {
    return apiValidationError(
      Object.fromEntries(Object.entries(parsed.errors).map(([field, keys]) => [field, keys.map(listText)])),
    );
  }
  const db = getDb();
  const result = await searchTransfers(db, viewer, parsed.query, { now: new Date() });
  return json(
    {
      results: await call.results(db, result.rows),
      totalResults: result.totalResults,
      hasMoreResults: result.hasMoreResults,
      ...(call.withFilterCount ? { filterCount: result.filterCount } : {}),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
