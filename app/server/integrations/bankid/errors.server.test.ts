import { describe, expect, it } from "vitest";
import { BankIdError, errorFromResponse, timeoutError, transportError } from "./errors.server";

const json = (errorCode: string, details = "some detail") => JSON.stringify({ errorCode, details });

describe("errorFromResponse", () => {
  it.each([
    [400, "alreadyInProgress", "RFA4", false],
    [400, "invalidParameters", "RFA22", false],
    [401, "unauthorized", "RFA22", false],
    [403, "unauthorized", "RFA22", false],
    [404, "notFound", "RFA22", false],
    [408, "requestTimeout", "RFA5", false],
    [415, "unsupportedMediaType", "RFA22", false],
    [500, "internalError", "RFA5", false],
    [503, "maintenance", "RFA5", true],
  ] as const)("HTTP %i %s -> %s (retryable %s)", (status, code, rfa, retryable) => {
    const error = errorFromResponse(status, json(code, "Order already in progress for pno"));
    expect(error).toBeInstanceOf(BankIdError);
    expect(error).toMatchObject({ httpStatus: status, errorCode: code, rfa, retryable });
    expect(error.details).toBe("Order already in progress for pno");
    expect(error.message).not.toContain("pno");
  });

  it.each([
    [400, "invalidParameters"],
    [401, "unauthorized"],
    [403, "unauthorized"],
    [404, "notFound"],
    [408, "requestTimeout"],
    [415, "unsupportedMediaType"],
    [500, "internalError"],
    [503, "maintenance"],
    [502, "unknown"],
    [418, "unknown"],
  ] as const)("a non-JSON body with HTTP %i is read from the status: %s", (status, code) => {
    const error = errorFromResponse(status, "<html><body>Service Unavailable</body></html>");
    expect(error.errorCode).toBe(code);
    expect(error.details).toBe("<html><body>Service Unavailable</body></html>");
  });

  it("handles an empty body and JSON without an errorCode", () => {
    expect(errorFromResponse(503, "")).toMatchObject({
      errorCode: "maintenance",
      details: undefined,
      retryable: true,
    });
    expect(errorFromResponse(400, "[]").errorCode).toBe("invalidParameters");
    expect(errorFromResponse(500, "null").errorCode).toBe("internalError");
  });

  it("keeps the body's own code over the status, and falls back to the status for codes it does not know", () => {
    expect(errorFromResponse(400, json("alreadyInProgress")).errorCode).toBe("alreadyInProgress");
    const novel = errorFromResponse(400, JSON.stringify({ errorCode: "brandNewCode" }));
    expect(novel.errorCode).toBe("invalidParameters");
    expect(novel.details).toBe("brandNewCode");
    expect(errorFromResponse(409, json("brandNewCode")).errorCode).toBe("unknown");
  });

  it("truncates long details so that a log line stays readable", () => {
    const error = errorFromResponse(500, "x".repeat(5_000));
    expect(error.details?.length).toBeLessThanOrEqual(501);
  });

  it("offers the details for logs only", () => {
    const error = errorFromResponse(400, json("invalidParameters", "Invalid endUserIp"));
    expect(error.toLog()).toMatchObject({
      errorCode: "invalidParameters",
      details: "Invalid endUserIp",
      httpStatus: 400,
    });
    expect(String(error)).not.toContain("endUserIp");
  });
});

describe("errors without an HTTP answer", () => {
  it("a timeout is requestTimeout (RFA5), not retried", () => {
    expect(timeoutError(2_000)).toMatchObject({
      httpStatus: 0,
      errorCode: "requestTimeout",
      rfa: "RFA5",
      retryable: false,
    });
  });

  it("a transport failure keeps its cause", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const error = transportError(cause);
    expect(error).toMatchObject({ httpStatus: 0, errorCode: "unknown", retryable: false });
    expect(error.cause).toBe(cause);
    expect(error.details).toContain("ECONNREFUSED");
  });
});
