import { isDomainError, type DomainError } from "../domain/core/errors.server";
import { notFoundPage } from "./review-page.server";
import { redirectWithToast } from "./toast.server";
import { domainErrorText, domainKey } from "./transfer-api.server";

// How the Kompletteringar tab answers a refused domain step, for its forms and its upload alike.

export function fieldErrorsOf(error: DomainError, rename: Record<string, string> = {}) {
  const fields: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(error.fieldErrors))
    (fields[rename[field] ?? field] ??= []).push(...keys.map(domainKey));
  return fields;
}

/** A refused domain step: the page's 404, a Swedish toast with the reason, or (Validation) the form's errors. */
export function refusalOf(request: Request, here: string, failedKey?: string) {
  return (error: unknown) => {
    if (!isDomainError(error)) throw error;
    if (error.code === "NotFound" && error.messageKey === "errors.transferNotFound") throw notFoundPage();
    // The spec's failure text of the step (when it has one), and why.
    const why = { key: "review:additionals.toast.refused", values: { reason: domainErrorText(error) } };
    return redirectWithToast(
      here,
      failedKey
        ? [
            { key: failedKey, type: "error" as const },
            { ...why, type: "error" as const },
          ]
        : { ...why, type: "error" },
      { request },
    );
  };
}

export const anchor = (requestId: string) => `#komplettering-${encodeURIComponent(requestId)}`;
