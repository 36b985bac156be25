import { getEnv } from "../../platform/env.server";
import { observed } from "../observed.server";
import { createHttpCompanyRegistryClient } from "./client.server";
import { getCompanyRegistrySimulator } from "./simulator.server";
import type { CompanyRegistryClient } from "./types.server";

export { createHttpCompanyRegistryClient, type HttpCompanyRegistryOptions } from "./client.server";
export { isCurrentOn, todayInSweden } from "./rules.server";
export {
  CompanyRegistrySimulator,
  DEMO_BOARD_PEOPLE,
  FORMER_BOARD_MEMBER,
  getCompanyRegistrySimulator,
  OTHER_BOARD_PEOPLE,
  REGISTRY_ASSOCIATIONS,
  REGISTRY_SEED,
  type CompanyRegistrySimulatorOptions,
  type NewEngagement,
  type RegistryAssociation,
  type RegistryEngagement,
  type RegistryPerson,
  type RegistrySeed,
} from "./simulator.server";
export * from "./types.server";

export type CompanyRegistryConfig =
  { mode: "simulator" } | { mode: "http"; baseUrl: string; token: string; timeoutMs: number };

/** Bad or missing COMPANY_REGISTRY_* settings; thrown at startup so the server does not run half-configured. */
export class CompanyRegistryConfigError extends Error {
  override readonly name = "CompanyRegistryConfigError";
}

/** The COMPANY_REGISTRY_* settings (platform/env reads them; tests pass their own). */
type Env = Partial<
  Record<
    "COMPANY_REGISTRY" | "COMPANY_REGISTRY_URL" | "COMPANY_REGISTRY_TOKEN" | "COMPANY_REGISTRY_TIMEOUT_MS",
    string
  >
>;

export function companyRegistryConfig(env: Env = getEnv()): CompanyRegistryConfig {
  const mode = env.COMPANY_REGISTRY?.trim() || "simulator";
  if (mode === "simulator") return { mode };
  if (mode !== "http") {
    throw new CompanyRegistryConfigError(`COMPANY_REGISTRY must be simulator or http, not "${mode}"`);
  }
  const baseUrl = env.COMPANY_REGISTRY_URL?.trim() ?? "";
  if (!baseUrl) {
    throw new CompanyRegistryConfigError(
      "COMPANY_REGISTRY=http needs COMPANY_REGISTRY_URL, the base URL of the registry gateway",
    );
  }
  if (!URL.canParse(baseUrl) || !["https:", "http:"].includes(new URL(baseUrl).protocol)) {
    throw new CompanyRegistryConfigError(`COMPANY_REGISTRY_URL must be an http(s) URL, not "${baseUrl}"`);
  }
  const token = env.COMPANY_REGISTRY_TOKEN?.trim() ?? "";
  if (!token) {
    throw new CompanyRegistryConfigError(
      "COMPANY_REGISTRY=http needs COMPANY_REGISTRY_TOKEN, the bearer token the gateway issued",
    );
  }
  const rawTimeout = env.COMPANY_REGISTRY_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new CompanyRegistryConfigError("COMPANY_REGISTRY_TIMEOUT_MS must be a positive whole number");
  }
  return { mode, baseUrl, token, timeoutMs };
}

let cached: { key: string; client: CompanyRegistryClient } | undefined;

/** The configured company registry: the in-process simulator by default, or the gateway over HTTP. */
export function getCompanyRegistry(env: Env = getEnv()): CompanyRegistryClient {
  const config = companyRegistryConfig(env);
  const calls = ["boardEngagements", "association"] as const;
  const labels = { system: "company-registry", provider: config.mode };
  const observe = (client: CompanyRegistryClient) => observed(client, labels, calls);
  if (config.mode === "simulator") return observe(getCompanyRegistrySimulator());
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, client: createHttpCompanyRegistryClient(config) };
  return observe(cached.client);
}
