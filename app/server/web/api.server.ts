import { json, redirect } from "@remix-run/node";
import { pathWithQuery } from "../platform/http.server";
import { svT } from "../platform/i18n.server";

/**
 * Answers for API clients (resource routes under api/*), shaped as spec 01 §8 expects them:
 * 401, 403, 404 and 503 with a short label, 422 with "Error with Message {message}" in the body text.
 */
export function apiError(status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503, message?: string): Response {
  const labels: Record<number, string> = {
    400: "Bad request",
    401: "Unauthorized request",
    403: "Forbidden",
    404: "Not found",
    409: "Conflict",
    422: "Unprocessable entity",
    429: "Too many requests",
    503: "Service unavailable",
  };
  if (status === 422) {
    return new Response(`Error with Message ${message ?? labels[422]}`, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return json({ status, title: labels[status], ...(message ? { message } : {}) }, { status });
}

/** A 405 for a resource route called with a method it does not serve. */
export function methodNotAllowed(allow: string): Response {
  const message = svT()("common:body.methodNotAllowedHere", { allow });
  return json(
    { status: 405, title: "Method not allowed", message },
    { status: 405, headers: { Allow: allow } },
  );
}

/** A 400 for an API body that failed validation: field errors keyed by path. */
export function apiValidationError(fieldErrors: Record<string, string[]>): Response {
  return json({ status: 400, title: "Bad request", errors: fieldErrors }, { status: 400 });
}

/** Pages: an unauthenticated user goes to the login page, carrying where they were. */
export function redirectToLogin(request: Request): Response {
  return redirect(`/login?r=${encodeURIComponent(pathWithQuery(request))}`);
}

/** Field errors of a failed zod parse, translated, keyed by field path. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  t: (key: string) => string,
) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    const text = t(issue.message);
    const list = (errors[key] ??= []);
    // zod reports one message per failed check; a field that fails two checks the same way says it once.
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}
