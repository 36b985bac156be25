import type { RfaCode } from "./rfa.server";

export const BANKID_ERROR_CODES = [
  "alreadyInProgress",
  "invalidParameters",
  "unauthorized",
  "notFound",
  "requestTimeout",
  "unsupportedMediaType",
  "internalError",
  "maintenance",
  "unknown",
] as const;
export type BankIdErrorCode = (typeof BANKID_ERROR_CODES)[number];

/** httpStatus 0: no HTTP answer at all (connection refused, TLS handshake failed, our own timeout). */
export const NO_HTTP_STATUS = 0;

interface ErrorHandling {
  rfa: RfaCode;
  retryable: boolean;
}

// RFA22 where the fault is ours (configuration or a bug), RFA5 where BankID is briefly unavailable.
const HANDLING: Record<BankIdErrorCode, ErrorHandling> = {
  alreadyInProgress: { rfa: "RFA4", retryable: false },
  invalidParameters: { rfa: "RFA22", retryable: false },
  unauthorized: { rfa: "RFA22", retryable: false },
  notFound: { rfa: "RFA22", retryable: false },
  requestTimeout: { rfa: "RFA5", retryable: false },
  unsupportedMediaType: { rfa: "RFA22", retryable: false },
  internalError: { rfa: "RFA5", retryable: false },
  maintenance: { rfa: "RFA5", retryable: true },
  unknown: { rfa: "RFA22", retryable: false },
};

const CODE_BY_STATUS: Record<number, BankIdErrorCode> = {
  400: "invalidParameters",
  401: "unauthorized",
  403: "unauthorized",
  404: "notFound",
  408: "requestTimeout",
  415: "unsupportedMediaType",
  500: "internalError",
  503: "maintenance",
};

const MAX_DETAILS_LENGTH = 500;

/**
 * A failed call to BankID. `rfa` is the message to show; `details` is BankID's own explanation (or the
 * raw body) and belongs in logs only, which is why the error message does not contain it.
 */
export class BankIdError extends Error {
  override readonly name = "BankIdError";
  readonly httpStatus: number;
  readonly errorCode: BankIdErrorCode;
  readonly rfa: RfaCode;
  /** Whether repeating the same call automatically makes sense (only maintenance). */
  readonly retryable: boolean;
  readonly details: string | undefined;

  constructor(args: { httpStatus: number; errorCode: BankIdErrorCode; details?: string; cause?: unknown }) {
    super(
      `BankID call failed: ${args.errorCode}` + (args.httpStatus ? ` (HTTP ${args.httpStatus})` : ""),
      args.cause === undefined ? undefined : { cause: args.cause },
    );
    this.httpStatus = args.httpStatus;
    this.errorCode = args.errorCode;
    this.rfa = HANDLING[args.errorCode].rfa;
    this.retryable = HANDLING[args.errorCode].retryable;
    this.details = args.details === undefined ? undefined : truncate(args.details);
  }

  /** Everything worth logging, details included. Never send this to a browser. */
  toLog(): Record<string, unknown> {
    return {
      error: this.name,
      httpStatus: this.httpStatus,
      errorCode: this.errorCode,
      rfa: this.rfa,
      retryable: this.retryable,
      details: this.details,
    };
  }
}

export function isBankIdError(error: unknown): error is BankIdError {
  return error instanceof BankIdError;
}

function isKnownCode(value: unknown): value is BankIdErrorCode {
  return (
    typeof value === "string" &&
    value !== "unknown" &&
    (BANKID_ERROR_CODES as readonly string[]).includes(value)
  );
}

function truncate(text: string): string {
  return text.length > MAX_DETAILS_LENGTH ? text.slice(0, MAX_DETAILS_LENGTH) + "…" : text;
}

/** Maps an HTTP error answer from BankID; the body may be `{errorCode, details}`, other JSON, HTML or empty. */
export function errorFromResponse(status: number, bodyText: string): BankIdError {
  let bodyCode: unknown;
  let details: string | undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      const body = parsed as Record<string, unknown>;
      bodyCode = body.errorCode;
      if (typeof body.details === "string") details = body.details;
      else if (typeof body.errorCode === "string" && !isKnownCode(body.errorCode)) details = body.errorCode;
    }
  } catch {
    // Not JSON: a proxy page, an empty body, plain text.
  }
  if (details === undefined && bodyCode === undefined && bodyText.trim() !== "") details = bodyText.trim();

  const errorCode = isKnownCode(bodyCode) ? bodyCode : (CODE_BY_STATUS[status] ?? "unknown");
  return new BankIdError({ httpStatus: status, errorCode, details });
}

export function timeoutError(timeoutMs: number): BankIdError {
  return new BankIdError({
    httpStatus: NO_HTTP_STATUS,
    errorCode: "requestTimeout",
    details: `no answer from BankID within ${timeoutMs} ms`,
  });
}

export function transportError(cause: unknown): BankIdError {
  const message = cause instanceof Error ? cause.message : String(cause);
  const code = cause instanceof Error && "code" in cause ? ` [${String(cause.code)}]` : "";
  return new BankIdError({
    httpStatus: NO_HTTP_STATUS,
    errorCode: "unknown",
    details: message + code,
    cause,
  });
}
