import { describe, expect, it } from "vitest";
import {
  CompanyRegistryConfigError,
  CompanyRegistrySimulator,
  companyRegistryConfig,
  getCompanyRegistry,
  getCompanyRegistrySimulator,
} from "./index.server";

const HTTP = {
  COMPANY_REGISTRY: "http",
  COMPANY_REGISTRY_URL: "https://gw.example.se/v1",
  COMPANY_REGISTRY_TOKEN: "t",
};

describe("companyRegistryConfig", () => {
  it("defaults to the simulator", () => {
    expect(companyRegistryConfig({})).toEqual({ mode: "simulator" });
    expect(companyRegistryConfig({ COMPANY_REGISTRY: " " })).toEqual({ mode: "simulator" });
  });

  it("reads the gateway settings", () => {
    expect(companyRegistryConfig({ ...HTTP, COMPANY_REGISTRY_TIMEOUT_MS: "2500" })).toEqual({
      mode: "http",
      baseUrl: "https://gw.example.se/v1",
      token: "t",
      timeoutMs: 2500,
    });
    expect(companyRegistryConfig(HTTP)).toMatchObject({ timeoutMs: 10_000 });
  });

  it.each([
    [{ ...HTTP, COMPANY_REGISTRY_URL: undefined }, /COMPANY_REGISTRY_URL/],
    [{ ...HTTP, COMPANY_REGISTRY_URL: "gw.example.se" }, /COMPANY_REGISTRY_URL must be/],
    [{ ...HTTP, COMPANY_REGISTRY_TOKEN: "" }, /COMPANY_REGISTRY_TOKEN/],
    [{ ...HTTP, COMPANY_REGISTRY_TIMEOUT_MS: "soon" }, /COMPANY_REGISTRY_TIMEOUT_MS/],
    [{ COMPANY_REGISTRY: "bolagsverket" }, /simulator or http/],
  ])("refuses incomplete or wrong settings %#", (env, message) => {
    expect(() => companyRegistryConfig(env)).toThrow(CompanyRegistryConfigError);
    expect(() => companyRegistryConfig(env)).toThrow(message);
  });
});

describe("getCompanyRegistry", () => {
  it("returns one simulator per process by default", () => {
    const registry = getCompanyRegistry({});
    expect(registry).toBeInstanceOf(CompanyRegistrySimulator);
    expect(getCompanyRegistry({ COMPANY_REGISTRY: "simulator" })).toBe(registry);
    expect(getCompanyRegistrySimulator()).toBe(registry);
  });

  it("returns the HTTP client for http, reused while the settings stay the same", () => {
    const registry = getCompanyRegistry(HTTP);
    expect(registry).not.toBeInstanceOf(CompanyRegistrySimulator);
    expect(getCompanyRegistry(HTTP)).toBe(registry);
    expect(getCompanyRegistry({ ...HTTP, COMPANY_REGISTRY_TOKEN: "other" })).not.toBe(registry);
  });

  it("fails clearly when http is chosen without a URL", () => {
    expect(() => getCompanyRegistry({ COMPANY_REGISTRY: "http" })).toThrow(/needs COMPANY_REGISTRY_URL/);
  });
});
