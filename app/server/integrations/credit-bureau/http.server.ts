/**
 * The HTTP client of the credit bureau's consumer-report API; the contract it speaks is
 * docs/credit-bureau-api.md. Every call carries `Authorization: Bearer {token}` and `Accept: application/json`
 * and must be answered, body included, within the timeout. 400/404/409/422 -> invalidRequest; 401/403 ->
 * unauthorized; 408, 429, 5xx, network failure, timeout and the caller's abort -> unavailable; anything else,
 * and an answer outside the contract -> unknown.
 */
import * as z from "zod";
import { callJson, checkedAnswer, type ContractAnswer, type JsonCall } from "../contract.server";
import { normalizeCreditReportRequest } from "./request.server";
import {
  BUREAU_ORDER_STATUSES,
  CreditBureauError,
  creditReportSchema,
  type CreditBureau,
  type CreditOrder,
  type CreditReportAnswer,
  type CreditReportRequest,
} from "./types.server";

export interface HttpCreditBureauOptions {
  /** For example https://api.bureau.example/consumer/v2 */
  baseUrl: string;
  token: string;
  /** Deadline for one call, reading the body included. */
  timeoutMs?: number;
  now?: () => Date;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

const orderId = z.string().min(1).max(100);
const orderSchema = z.object({ orderId, status: z.enum(BUREAU_ORDER_STATUSES) });
const reason = z.string().nullable().optional();
const resultSchema = z.discriminatedUnion("status", [
  z.object({ orderId, status: z.literal("Pending") }),
  z.object({ orderId, status: z.literal("Success"), report: creditReportSchema }),
  z.object({ orderId, status: z.literal("SuccessWithoutResult"), reason }),
  z.object({ orderId, status: z.literal("Error"), reason }),
]);

type Answer = ContractAnswer;

export function createHttpCreditBureau(options: HttpCreditBureauOptions): CreditBureau {
  const { token } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const fail = (
    kind: CreditBureauError["kind"],
    message: string,
    extra: { httpStatus?: number; cause?: unknown } = {},
  ) => new CreditBureauError(kind, message, extra);

  const transport: JsonCall<CreditBureauError["kind"]> = {
    baseUrl,
    token,
    timeoutMs,
    who: "The bureau",
    fail,
    verdict(status) {
      if (status === 400 || status === 404 || status === 409 || status === 422)
        return { kind: "invalidRequest", message: `The bureau refused the request (${status})` };
      if (status === 401 || status === 403)
        return { kind: "unauthorized", message: `The bureau refused our credentials (${status})` };
      if (status === 408 || status === 429 || status >= 500)
        return { kind: "unavailable", message: `The bureau answered ${status}` };
      if (status !== 200 && status !== 201 && status !== 202)
        return { kind: "unknown", message: `Unexpected answer ${status}` };
      return "body";
    },
  };
  const call = (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<Answer> => callJson(transport, method, path, body, { headers, signal });

  const parse = <T>(schema: z.ZodType<T>, answer: Answer): T =>
    checkedAnswer(schema, answer, (message, httpStatus) => fail("unknown", message, { httpStatus }));

  return {
    async orderReport(
      request: CreditReportRequest,
      callOptions: { signal?: AbortSignal } = {},
    ): Promise<CreditOrder> {
      const r = normalizeCreditReportRequest(request, now());
      const answer = await call(
        "POST",
        "/consumer-reports",
        {
          personalNumber: r.personalNumber,
          purpose: r.purpose,
          requestedBy: r.requestedBy,
          customerReference: r.reference,
        },
        { "Idempotency-Key": r.reference },
        callOptions.signal,
      );
      if (answer.status === 202)
        throw fail("unknown", "The bureau answered 202 to an order", { httpStatus: 202 });
      const order = parse(orderSchema, answer);
      return { bureauOrderId: order.orderId, status: order.status };
    },

    async fetchReport(
      bureauOrderId: string,
      callOptions: { signal?: AbortSignal } = {},
    ): Promise<CreditReportAnswer> {
      if (!bureauOrderId.trim()) throw fail("invalidRequest", "An order id is required");
      const answer = await call(
        "GET",
        `/consumer-reports/${encodeURIComponent(bureauOrderId)}`,
        undefined,
        {},
        callOptions.signal,
      );
      const result = parse(resultSchema, answer);
      if (result.orderId !== bureauOrderId)
        throw fail("unknown", "The bureau answered for another order", { httpStatus: answer.status });
      if ((answer.status === 202) !== (result.status === "Pending"))
        throw fail("unknown", `The bureau answered ${answer.status} with status ${result.status}`, {
          httpStatus: answer.status,
        });
      switch (result.status) {
        case "Pending":
          return { status: "Pending" };
        case "Success":
          return { status: "Success", report: result.report };
        default:
          return { status: result.status, reason: result.reason ?? null };
      }
    },
  };
}
