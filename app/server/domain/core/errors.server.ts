/**
 * Typed refusals of the transfer use cases. Routes turn them into HTTP answers with Swedish text
 * (`domainErrorResponse`): a transfer outside the user's scope is a 404 exactly like a missing one.
 */
export type DomainErrorCode = "NotFound" | "Forbidden" | "Conflict" | "InvalidTransition" | "Validation";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    /** Key in app/locales/sv/domain.json (or policy.json for `blockers.*`). */
    readonly messageKey: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "DomainError";
  }

  get status(): 400 | 403 | 404 | 409 {
    switch (this.code) {
      case "NotFound":
        return 404;
      case "Forbidden":
        return 403;
      case "Conflict":
      case "InvalidTransition":
        return 409;
      case "Validation":
        return 400;
    }
  }
}

export const notFound = () => new DomainError("NotFound", "errors.transferNotFound");
export const conflict = () => new DomainError("Conflict", "errors.conflict");
export const forbidden = (reasonKey = "errors.notAllowed") => new DomainError("Forbidden", reasonKey);
export const invalidTransition = () => new DomainError("InvalidTransition", "errors.invalidTransition");
export const invalid = (fieldErrors: Record<string, string[]>) =>
  new DomainError("Validation", "errors.invalidInput", fieldErrors);

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
