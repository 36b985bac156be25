import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/kysely.server";
import { freshDemoSqlite } from "../../../../tests/support/db";
import {
  CreditBureauConfigError,
  CreditBureauSimulator,
  creditBureauConfig,
  DEFAULT_SIMULATOR_LATENCY_MS,
  getCreditBureau,
  namesFromDatabase,
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

describe("the simulated population register", () => {
  let handle: DbHandle;

  beforeAll(async () => {
    ({ handle } = await freshDemoSqlite());
  });

  afterAll(async () => {
    await handle.destroy();
  });

  it("names a user, else a transfer party, else nobody", async () => {
    const nameOf = namesFromDatabase(() => handle.db);
    expect(await nameOf("196803142428")).toBe("Karin Lindqvist");
    expect(await nameOf("200409301876")).toBe("Oliver Lind");
    expect(await nameOf("197001010342")).toBeNull();
  });

  it("gives a demo acquirer's report the acquirer's name", async () => {
    const bureau = getCreditBureau({ CREDIT_BUREAU_LATENCY_MS: "0" }, () => handle.db);
    const order = await bureau.orderReport({
      personalNumber: "20040930-1876",
      legitimateNeed: {
        purpose: "Medlemsprövning",
        requestedBy: { tenant: "styrelseportalen", userId: "u-1" },
      },
      reference: "cc-oliver",
    });
    const answer = await bureau.fetchReport(order.bureauOrderId);
    expect(answer.status === "Success" && answer.report.fullName).toBe("Oliver Lind");
    expect(answer.status === "Success" && answer.report.history[0]?.description).toBe(
      "Kreditupplysning tagen av Överlåtelseportalen (styrelseportalen)",
    );
  });
});
