import { json, type TypedResponse } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { isDomainError, type DomainError } from "../domain/core/errors.server";
import { getLog } from "../platform/log.server";
import { formError, type FormReply } from "./forms.server";
import { notFoundPage } from "./review-page.server";
import { redirectWithToast, type ToastInput } from "./toast.server";
import { domainErrorText, domainKey } from "./transfer-api.server";

/**
 * A page's answer to the domain's refusals (decision 014's form path; the JSON API has its own in one place,
 * `domainErrorResponse`). The page names its answer to each kind of refusal, and `refuse` picks it:
 *
 *   } catch (error) {
 *     return refuse(error, {
 *       notFound: "page",
 *       validation: replyForm(submission),
 *       otherwise: toastBack(request, here),
 *     });
 *   }
 *
 * - `notFound: "page"` throws the transfer's 404 page (missing and out of scope alike); `partNotFound` answers a
 *   missing part of the transfer (a change request, an answer's document) when that is not the page's 404.
 * - `validation`, `forbidden`, `conflict`, `invalidTransition` answer their code; a code without an answer of its own
 *   takes `otherwise`; without that, the refusal is thrown on (the error page).
 * - An error that is not a refusal is thrown on, unless `failure` answers it (a system that is down); a thrown
 *   Response is always thrown on.
 *
 * An answer is a function of the refusal. The common ones are here: `toastBack` (a 303 back with the reason as a
 * toast), `replyForm` and `replyFields` (conform's reply with the refusal's messages, 400); a page's own (a wizard
 * step's `stepFormError`, a reply with 409) is written where it is used, with `domainFieldErrors` and
 * `domainFormErrors` for the messages.
 */

export type RefusalAnswer<R = Response> = (error: DomainError) => R | Promise<R>;

export interface Refusals<R = Response> {
  notFound?: "page" | RefusalAnswer<R>;
  /** A NotFound of a part of the transfer, not of the transfer itself; absent: as `notFound`. */
  partNotFound?: RefusalAnswer<R>;
  validation?: RefusalAnswer<R>;
  forbidden?: RefusalAnswer<R>;
  conflict?: RefusalAnswer<R>;
  invalidTransition?: RefusalAnswer<R>;
  /** Every refusal without an answer of its own. */
  otherwise?: RefusalAnswer<R>;
  /** An error that is not a refusal of the domain (a system down); absent: rethrown. */
  failure?: (error: unknown) => R | Promise<R>;
}

/** The message key of the transfer's own NotFound (`notFound()` in domain/core/errors.server.ts). */
const TRANSFER_NOT_FOUND = "errors.transferNotFound";

function answerOf<R>(error: DomainError, refusals: Refusals<R>): Refusals<R>["notFound"] {
  switch (error.code) {
    case "NotFound":
      return (
        (error.messageKey === TRANSFER_NOT_FOUND ? undefined : refusals.partNotFound) ??
        refusals.notFound ??
        refusals.otherwise
      );
    case "Validation":
      return refusals.validation ?? refusals.otherwise;
    case "Forbidden":
      return refusals.forbidden ?? refusals.otherwise;
    case "Conflict":
      return refusals.conflict ?? refusals.otherwise;
    case "InvalidTransition":
      return refusals.invalidTransition ?? refusals.otherwise;
  }
}

/** The page's answer to a caught error: a refusal as the page maps it; anything else rethrown (or `failure`'s). */
export async function refuse<R = never>(error: unknown, refusals: Refusals<R>): Promise<R> {
  if (!isDomainError(error)) {
    // A thrown answer (the body reader's 408 or 413, a page's 404) is an answer already, never a failure.
    if (refusals.failure && !(error instanceof Response)) return refusals.failure(error);
    throw error;
  }
  const answer = answerOf(error, refusals);
  if (answer === "page") throw notFoundPage();
  if (!answer) throw error;
  return answer(error);
}

/** `body`'s value, or the page's answer to its refusal (`refuse`). */
export async function catchRefusal<T, R = never>(
  body: () => Promise<T>,
  refusals: Refusals<R>,
): Promise<T | R> {
  try {
    return await body();
  } catch (error) {
    return refuse(error, refusals);
  }
}

// ---- Answers ----

/**
 * Back to `to` with the refusal's reason (`review:toast.refused`, or the page's own `key`), after the step's own
 * failure text when it has one (`failed`).
 */
export function toastBack(
  request: Request,
  to: string,
  options: { failed?: string; key?: string } = {},
): RefusalAnswer<TypedResponse<never>> {
  return (error) => {
    const why: ToastInput = {
      key: options.key ?? "review:toast.refused",
      values: { reason: domainErrorText(error) },
      type: "error",
    };
    return redirectWithToast(to, options.failed ? [{ key: options.failed, type: "error" }, why] : why, {
      request,
    });
  };
}

/** A Validation refusal's messages (locale keys) by field, a field renamed where the form names it otherwise. */
export function domainFieldErrors(
  error: DomainError,
  rename: Record<string, string> = {},
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(error.fieldErrors))
    (fields[rename[field] ?? field] ??= []).push(...keys.map(domainKey));
  return fields;
}

/** Every message of a Validation refusal (locale keys), for the form's error summary. */
export function domainFormErrors(error: DomainError): string[] {
  return Object.values(error.fieldErrors).flat().map(domainKey);
}

/** Validation as the form's errors at their fields (400), a field renamed where the form names it otherwise. */
export function replyFields(
  submission: Submission<unknown, string[]>,
  rename: Record<string, string> = {},
): RefusalAnswer<TypedResponse<FormReply>> {
  return (error) =>
    json({ result: submission.reply({ fieldErrors: domainFieldErrors(error, rename) }) }, { status: 400 });
}

/** Validation as the form's errors in the error summary (400). */
export function replyForm(
  submission: Submission<unknown, string[]>,
): RefusalAnswer<TypedResponse<FormReply>> {
  return (error) => formError(submission, { formErrors: domainFormErrors(error) });
}

/** A refusal's reason as a locale key: the domain's own, or a blocker's of policy.json (as `domainErrorText`). */
export function reasonKey(error: DomainError): string {
  return error.messageKey.startsWith("blockers.")
    ? `policy:${error.messageKey}`
    : domainKey(error.messageKey);
}

/**
 * The form back with everything typed in it (nothing is lost), its summary saying the step's failure text
 * (`failed`, spec 02 §8) and then the reason, with the refusal's status.
 */
export function keepForm(
  submission: Submission<unknown, string[]>,
  failed: string,
): RefusalAnswer<TypedResponse<FormReply>> {
  return (error) => formError(submission, { formErrors: [failed, reasonKey(error)], status: error.status });
}

/**
 * A failure that is not a refusal (the database away): logged, and the form back with everything typed in it and
 * the step's failure text (500), instead of the error page that would drop what the user wrote.
 */
export function failedForm(
  submission: Submission<unknown, string[]>,
  failed: string,
  what: string,
): (error: unknown) => TypedResponse<FormReply> {
  return (error) => {
    getLog().error({ err: error }, what);
    return formError(submission, { formErrors: [failed], status: 500 });
  };
}
