import { describe, expect, it } from "vitest";
import {
  DEFAULT_LATENCY_MS,
  PropertyManagerSimulator,
  PropertyManagersConfigError,
  getPropertyManagerSystems,
  propertyManagersConfig,
} from "./index.server";

const HTTP = {
  PROPERTY_MANAGERS: "http",
  PROPERTY_MANAGERS_URLS: "simpleko=https://api.simpleko.example/portal/v1, riksbyggen=https://rb.example/v2",
  PROPERTY_MANAGERS_TOKENS: "simpleko=s-token,riksbyggen=r-token",
};

describe("propertyManagersConfig", () => {
  it("defaults to the four simulators, all up, 50-400 ms, with a 5 s search limit", () => {
    expect(propertyManagersConfig({})).toEqual({
      mode: "simulator",
      searchLimitMs: 5_000,
      latencyMs: DEFAULT_LATENCY_MS,
      states: { mock: "up", simpleko: "up", fastighetsagarna: "up", riksbyggen: "up" },
    });
  });

  it("reads latency for all or per provider, and which providers are down or partial", () => {
    expect(propertyManagersConfig({ PROPERTY_MANAGERS_LATENCY_MS: "0" })).toMatchObject({
      latencyMs: { mock: 0, simpleko: 0, fastighetsagarna: 0, riksbyggen: 0 },
    });
    expect(
      propertyManagersConfig({
        PROPERTY_MANAGERS_LATENCY_MS: "riksbyggen=8000",
        PROPERTY_MANAGERS_DOWN: "simpleko",
        PROPERTY_MANAGERS_PARTIAL: "fastighetsagarna, mock",
        PROPERTY_MANAGERS_SEARCH_LIMIT_MS: "3000",
      }),
    ).toMatchObject({
      searchLimitMs: 3_000,
      latencyMs: { ...DEFAULT_LATENCY_MS, riksbyggen: 8_000 },
      states: { mock: "partial", simpleko: "down", fastighetsagarna: "partial", riksbyggen: "up" },
    });
  });

  it("reads the HTTP systems, their tokens and the call timeout", () => {
    expect(propertyManagersConfig({ ...HTTP, PROPERTY_MANAGERS_TIMEOUT_MS: "2500" })).toEqual({
      mode: "http",
      searchLimitMs: 5_000,
      timeoutMs: 2_500,
      systems: [
        { providerId: "simpleko", baseUrl: "https://api.simpleko.example/portal/v1", token: "s-token" },
        { providerId: "riksbyggen", baseUrl: "https://rb.example/v2", token: "r-token" },
      ],
    });
  });

  it.each([
    [{ PROPERTY_MANAGERS: "soap" }, /simulator or http/],
    [{ PROPERTY_MANAGERS_DOWN: "hsb" }, /unknown provider "hsb"/],
    [{ PROPERTY_MANAGERS_LATENCY_MS: "simpleko=fast" }, /PROPERTY_MANAGERS_LATENCY_MS/],
    [{ PROPERTY_MANAGERS_SEARCH_LIMIT_MS: "0" }, /PROPERTY_MANAGERS_SEARCH_LIMIT_MS/],
    [{ PROPERTY_MANAGERS: "http" }, /PROPERTY_MANAGERS_URLS/],
    [{ ...HTTP, PROPERTY_MANAGERS_URLS: "simpleko=ftp://x" }, /http\(s\) URL/],
    [{ ...HTTP, PROPERTY_MANAGERS_TOKENS: "simpleko=s-token" }, /no token for riksbyggen/],
    [{ ...HTTP, PROPERTY_MANAGERS_URLS: "simpleko" }, /provider=value/],
  ])("refuses wrong settings %#", (env, message) => {
    expect(() => propertyManagersConfig(env)).toThrow(PropertyManagersConfigError);
    expect(() => propertyManagersConfig(env)).toThrow(message);
  });
});

describe("getPropertyManagerSystems", () => {
  const noDb = () => {
    throw new Error("not asked in this test");
  };

  it("gives one simulator per provider with its settings; the process database's are kept", () => {
    const env = { PROPERTY_MANAGERS_DOWN: "riksbyggen", PROPERTY_MANAGERS_LATENCY_MS: "7" };
    const systems = getPropertyManagerSystems(env, noDb);
    expect(systems.map((s) => s.providerId)).toEqual(["mock", "simpleko", "fastighetsagarna", "riksbyggen"]);
    expect(systems.every((s) => s instanceof PropertyManagerSimulator)).toBe(true);
    expect((systems[3] as PropertyManagerSimulator).state).toBe("down");
    expect((systems[0] as PropertyManagerSimulator).latencyMs).toBe(7);
    expect(getPropertyManagerSystems(env, noDb)).not.toBe(systems);
    expect(getPropertyManagerSystems(env)).toBe(getPropertyManagerSystems(env));
  });

  it("gives the HTTP clients of the configured providers only", () => {
    const systems = getPropertyManagerSystems(HTTP, noDb);
    expect(systems.map((s) => s.providerId)).toEqual(["simpleko", "riksbyggen"]);
    expect(systems.some((s) => s instanceof PropertyManagerSimulator)).toBe(false);
  });
});
