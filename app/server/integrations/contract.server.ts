import * as z from "zod";

/** What an external system answered: the HTTP status and the JSON body. */
export type ContractAnswer = { status: number; body: unknown };

/**
 * An external system's JSON answer, checked against the contract we document for it (docs/*-api.md). An answer
 * that does not match is never used: `mismatch` turns the check's description into the caller's own error.
 */
export function checkedAnswer<T>(
  schema: z.ZodType<T>,
  answer: ContractAnswer,
  mismatch: (message: string, httpStatus: number) => Error,
): T {
  const result = schema.safeParse(answer.body);
  if (!result.success) {
    throw mismatch(`The answer does not match the contract: ${z.prettifyError(result.error)}`, answer.status);
  }
  return result.data;
}

/** What an answer's status means to a client: use the body, answer `null` body, or fail with a kind. */
export type StatusVerdict<Kind extends string> = "body" | "noBody" | { kind: Kind; message: string };

export interface JsonCall<Kind extends string> {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** How the system is named in messages: "The bureau", "The system". */
  who: string;
  /** Each status's meaning; statuses it sends to "body" must carry JSON. */
  verdict: (status: number) => StatusVerdict<Kind>;
  /** The client's own error: "unavailable" for a network failure, timeout or abort, "unknown" for a non-JSON body. */
  fail: (
    kind: Kind | "unavailable" | "unknown",
    message: string,
    extra: { httpStatus?: number; cause?: unknown },
  ) => Error;
}

/**
 * One JSON call to an external system over HTTP, as every HTTP client here makes it: `Authorization: Bearer`,
 * `Accept: application/json`, the timeout covering the body too, no redirects followed, the caller's abort
 * honoured. The status is judged by the client's own `verdict`; the network's failures are "unavailable".
 */
export async function callJson<Kind extends string>(
  options: JsonCall<Kind>,
  method: string,
  path: string,
  body: unknown,
  extra: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ContractAnswer> {
  const { timeoutMs, fail } = options;
  const { signal } = extra;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${options.token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...extra.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      redirect: "error",
    });
    text = await response.text();
  } catch (cause) {
    const message = timeout.aborted
      ? `No answer within ${timeoutMs} ms`
      : signal?.aborted
        ? "The call was abandoned"
        : `${options.who} could not be reached`;
    throw fail("unavailable", message, { cause });
  }
  const status = response.status;
  const verdict = options.verdict(status);
  if (verdict === "noBody") return { status, body: null };
  if (verdict !== "body") throw fail(verdict.kind, verdict.message, { httpStatus: status });
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch (cause) {
    throw fail("unknown", "The answer is not JSON", { httpStatus: status, cause });
  }
}
