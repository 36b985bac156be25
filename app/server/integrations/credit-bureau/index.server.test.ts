import { describe, expect, it } from "vitest";
import {
  CreditBureauConfigError,
  CreditBureauSimulator,
  creditBureauConfig,
  DEFAULT_SIMULATOR_LATENCY_MS,
  getCreditBureau,
} from "./index.server";

const HTTP = {
  CREDIT_BUREAU: "http",
  CREDIT_BUREAU_URL: "https://api.bureau.example/consumer/v2",
  CREDIT_BUREAU_TOKEN: "b-token",
};

describe("creditBureauConfig", () => {
  it("defaults to the simulator, up, with its latency", () => {
    expect(creditBureauConfig({})).toEqual({
      mode: "simulator",
      latencyMs: DEFAULT_SIMULATOR_LATENCY_MS,
      down: false,
    });
    expect(creditBureauConfig({ CREDIT_BUREAU_LATENCY_MS: "0", CREDIT_BUREAU_DOWN: "1" })).toEqual({
      mode: "simulator",
      latencyMs: 0,
      down: true,
    });
  });

  it("reads the HTTP bureau, its token and the call timeout", () => {
    expect(creditBureauConfig({ ...HTTP, CREDIT_BUREAU_TIMEOUT_MS: "2500" })).toEqual({
      mode: "http",
      baseUrl: "https://api.bureau.example/consumer/v2",
      token: "b-token",
      timeoutMs: 2_500,
    });
    expect(creditBureauConfig(HTTP)).toMatchObject({ timeoutMs: 10_000 });
  });

  it.each([
    [{ CREDIT_BUREAU: "uc" }, /simulator or http/],
    [{ CREDIT_BUREAU_LATENCY_MS: "fast" }, /CREDIT_BUREAU_LATENCY_MS/],
    [{ CREDIT_BUREAU_LATENCY_MS: "-5" }, /CREDIT_BUREAU_LATENCY_MS/],
    [{ CREDIT_BUREAU_LATENCY_MS: "1.5" }, /CREDIT_BUREAU_LATENCY_MS/],
    [{ CREDIT_BUREAU_DOWN: "yes" }, /CREDIT_BUREAU_DOWN must be 0 or 1/],
    [{ CREDIT_BUREAU: "http" }, /needs CREDIT_BUREAU_URL/],
    [{ ...HTTP, CREDIT_BUREAU_URL: "ftp://bureau" }, /http\(s\) URL/],
    [{ ...HTTP, CREDIT_BUREAU_URL: "not a url" }, /http\(s\) URL/],
    [{ ...HTTP, CREDIT_BUREAU_TOKEN: " " }, /needs CREDIT_BUREAU_TOKEN/],
    [{ ...HTTP, CREDIT_BUREAU_TIMEOUT_MS: "0" }, /CREDIT_BUREAU_TIMEOUT_MS/],
  ])("refuses %o", (env, message) => {
    expect(() => creditBureauConfig(env)).toThrow(CreditBureauConfigError);
    expect(() => creditBureauConfig(env)).toThrow(message);
  });
});

describe("getCreditBureau", () => {
  it("keeps one simulator while the settings stay, with the configured latency and outage", () => {
    const a = getCreditBureau({ CREDIT_BUREAU_LATENCY_MS: "10" });
    expect(a).toBeInstanceOf(CreditBureauSimulator);
    expect(getCreditBureau({ CREDIT_BUREAU_LATENCY_MS: "10" })).toBe(a);
    const b = getCreditBureau({ CREDIT_BUREAU_LATENCY_MS: "10", CREDIT_BUREAU_DOWN: "1" });
    expect(b).not.toBe(a);
    expect(b).toMatchObject({ latencyMs: 10, down: true });
  });

  it("builds the HTTP client for CREDIT_BUREAU=http", () => {
    const bureau = getCreditBureau(HTTP);
    expect(bureau).not.toBeInstanceOf(CreditBureauSimulator);
    expect(typeof bureau.orderReport).toBe("function");
  });
});
