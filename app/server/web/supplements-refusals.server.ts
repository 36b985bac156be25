import { toastBack, type RefusalAnswer, type Refusals } from "./refusal.server";

// How the Kompletteringar tab answers a refused domain step, for its forms and its upload alike.

/**
 * A refused domain step: the transfer missing is the page's 404; anything else (a missing part too) is a Swedish
 * toast with the spec's failure text of the step (when it has one) and why. `validation` answers a Validation.
 */
export function refusalsOf(
  request: Request,
  here: string,
  { failed, validation }: { failed?: string; validation?: RefusalAnswer } = {},
): Refusals {
  const back = toastBack(request, here, { failed, key: "review:additionals.toast.refused" });
  return { notFound: "page", partNotFound: back, validation, otherwise: back };
}

export const anchor = (requestId: string) => `#komplettering-${encodeURIComponent(requestId)}`;
