import { parse, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type TypedResponse } from "@remix-run/node";
import type * as z from "zod";
import { readForm } from "../platform/body.server";

/**
 * The one form path (decision 014). Every page action reads its body with `readForm`, parses it with the form's
 * schema from `app/schemas` (`parseWithZod`, the same parse conform runs in the browser) and answers one of two
 * ways: a 303 redirect with a toast, or `{ result }`, a conform submission reply that carries the field and form
 * errors (locale keys) and every value typed, so the page renders the same errors with or without JavaScript.
 */

/**
 * A page form's body may be long: what the user typed must come back with its error (a message allows 30,000
 * characters, and a pasted text may be far longer), and Swedish letters are six bytes when percent-encoded. So a
 * page form reads up to 8 MiB (a million characters of Swedish text); the JSON API keeps the 64 kB of decision 012.
 */
export const PAGE_FORM_LIMIT_BYTES = 8 * 1024 * 1024;

export type FormReply = { result: SubmissionResult<string[]> };

/** The body of a page form post (413/415/400 are thrown, in Swedish, by the body reader). */
export function readPageForm(request: Request): Promise<FormData> {
  return readForm(request, { limit: PAGE_FORM_LIMIT_BYTES });
}

export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}

/**
 * The failed answer: the reply with the field errors and values, plus form-level errors (locale keys) shown in
 * the error summary. 400 for what the user can correct; another status (409 stale, 503 a system down) keeps the
 * same shape.
 */
export function formError(
  submission: Submission<unknown, string[]>,
  options: { formErrors?: string[]; status?: number; headers?: HeadersInit } = {},
): TypedResponse<FormReply> {
  const result = submission.reply(options.formErrors ? { formErrors: options.formErrors } : undefined);
  return json({ result }, { status: options.status ?? 400, headers: options.headers });
}

/** A refusal of the whole form before any schema ran (unknown intent, a form posted to the wrong page). */
export function refuseForm(form: FormData, messageKey: string, status = 400): TypedResponse<FormReply> {
  const submission = parse(form, { resolve: () => ({ error: { "": [messageKey] } }) });
  return json({ result: submission.reply() }, { status });
}

/** The reply with these field errors alone (locale keys), for a post whose fields were not read (a body far over its limit). */
export function fieldErrorsOnly(fieldErrors: Record<string, string[]>): SubmissionResult<string[]> {
  return parse(new FormData(), { resolve: () => ({ error: fieldErrors }) }).reply();
}

export type IntentHandlers = Record<string, (form: FormData) => Promise<Response>>;

/**
 * Several forms on one page are told apart by their `intent` field: each intent names its handler. A missing,
 * repeated or unknown intent is a Swedish 400 with the form's values kept, never an empty answer.
 */
export function handleIntent(form: FormData, handlers: IntentHandlers): Promise<Response> {
  const intents = form.getAll("intent");
  const intent = intents.length === 1 ? intents[0] : undefined;
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) {
    return Promise.resolve(refuseForm(form, "common:forms.unknownIntent"));
  }
  return handlers[intent]!(form);
}
