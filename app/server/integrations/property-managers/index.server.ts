import { getDb } from "../../db/db.server";
import type { Db } from "../../db/kysely.server";
import { getEnv } from "../../platform/env.server";
import { observedEach } from "../observed.server";
import { createHttpPropertyManager } from "./http.server";
import { DEFAULT_LATENCY_MS, PropertyManagerSimulator, type SimulatedState } from "./simulator.server";
import { isProviderId, PROVIDER_IDS, type PropertyManagerSystem, type ProviderId } from "./types.server";

export { createHttpPropertyManager, type HttpPropertyManagerOptions } from "./http.server";
export {
  MAX_OTHER_IDENTIFIER_LENGTH,
  normalizeIdentifierForSearch,
  normalizeSearchQuery,
} from "./query.server";
export * from "./search.server";
export {
  DEFAULT_LATENCY_MS,
  derivedOwner,
  PropertyManagerSimulator,
  SIMULATED_RULES,
  type PropertyManagerSimulatorOptions,
  type SimulatedState,
} from "./simulator.server";
export * from "./types.server";

export const DEFAULT_SEARCH_LIMIT_MS = 5_000;

export type PropertyManagersConfig = { searchLimitMs: number } & (
  | { mode: "simulator"; latencyMs: Record<ProviderId, number>; states: Record<ProviderId, SimulatedState> }
  | {
      mode: "http";
      timeoutMs: number;
      systems: Array<{ providerId: ProviderId; baseUrl: string; token: string }>;
    }
);

/** Bad PROPERTY_MANAGERS_* settings; thrown where the systems are first asked for, naming the variable. */
export class PropertyManagersConfigError extends Error {
  override readonly name = "PropertyManagersConfigError";
}

type Env = Partial<
  Record<
    | "PROPERTY_MANAGERS"
    | "PROPERTY_MANAGERS_URLS"
    | "PROPERTY_MANAGERS_TOKENS"
    | "PROPERTY_MANAGERS_TIMEOUT_MS"
    | "PROPERTY_MANAGERS_SEARCH_LIMIT_MS"
    | "PROPERTY_MANAGERS_LATENCY_MS"
    | "PROPERTY_MANAGERS_DOWN"
    | "PROPERTY_MANAGERS_PARTIAL",
    string
  >
>;

function positiveMs(name: string, raw: string | undefined, fallback: number, allowZero = false): number {
  const text = raw?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new PropertyManagersConfigError(
      `${name} must be a ${allowZero ? "non-negative" : "positive"} whole number of ms`,
    );
  }
  return value;
}

function providerList(name: string, raw: string | undefined): ProviderId[] {
  const ids = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!isProviderId(id))
      throw new PropertyManagersConfigError(`${name}: unknown provider "${id}" (${PROVIDER_IDS.join(", ")})`);
  }
  return ids as ProviderId[];
}

/** "simpleko=https://…,riksbyggen=https://…" -> entries; every key must be a provider. */
function providerMap(name: string, raw: string | undefined): Map<ProviderId, string> {
  const map = new Map<ProviderId, string>();
  for (const entry of (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf("=");
    const key = entry.slice(0, at).trim();
    const value = entry.slice(at + 1).trim();
    if (at < 1 || !value)
      throw new PropertyManagersConfigError(`${name} must read provider=value,provider=value`);
    if (!isProviderId(key))
      throw new PropertyManagersConfigError(
        `${name}: unknown provider "${key}" (${PROVIDER_IDS.join(", ")})`,
      );
    map.set(key, value);
  }
  return map;
}

export function propertyManagersConfig(env: Env = getEnv()): PropertyManagersConfig {
  const mode = env.PROPERTY_MANAGERS?.trim() || "simulator";
  const searchLimitMs = positiveMs(
    "PROPERTY_MANAGERS_SEARCH_LIMIT_MS",
    env.PROPERTY_MANAGERS_SEARCH_LIMIT_MS,
    DEFAULT_SEARCH_LIMIT_MS,
  );
  if (mode === "simulator") {
    const latencyMs = { ...DEFAULT_LATENCY_MS };
    const rawLatency = env.PROPERTY_MANAGERS_LATENCY_MS?.trim();
    if (rawLatency && /^\d+$/.test(rawLatency)) {
      for (const id of PROVIDER_IDS) latencyMs[id] = Number(rawLatency);
    } else {
      for (const [id, value] of providerMap("PROPERTY_MANAGERS_LATENCY_MS", rawLatency)) {
        latencyMs[id] = positiveMs(`PROPERTY_MANAGERS_LATENCY_MS (${id})`, value, 0, true);
      }
    }
    const states = Object.fromEntries(PROVIDER_IDS.map((id) => [id, "up"])) as Record<
      ProviderId,
      SimulatedState
    >;
    for (const id of providerList("PROPERTY_MANAGERS_PARTIAL", env.PROPERTY_MANAGERS_PARTIAL))
      states[id] = "partial";
    for (const id of providerList("PROPERTY_MANAGERS_DOWN", env.PROPERTY_MANAGERS_DOWN)) states[id] = "down";
    return { mode, searchLimitMs, latencyMs, states };
  }
  if (mode !== "http")
    throw new PropertyManagersConfigError(`PROPERTY_MANAGERS must be simulator or http, not "${mode}"`);
  const urls = providerMap("PROPERTY_MANAGERS_URLS", env.PROPERTY_MANAGERS_URLS);
  const tokens = providerMap("PROPERTY_MANAGERS_TOKENS", env.PROPERTY_MANAGERS_TOKENS);
  if (urls.size === 0) {
    throw new PropertyManagersConfigError(
      "PROPERTY_MANAGERS=http needs PROPERTY_MANAGERS_URLS (provider=https://…, comma-separated)",
    );
  }
  const systems = [...urls].map(([providerId, baseUrl]) => {
    if (!URL.canParse(baseUrl) || !["https:", "http:"].includes(new URL(baseUrl).protocol)) {
      throw new PropertyManagersConfigError(`PROPERTY_MANAGERS_URLS: ${providerId} must be an http(s) URL`);
    }
    const token = tokens.get(providerId);
    if (!token)
      throw new PropertyManagersConfigError(`PROPERTY_MANAGERS_TOKENS has no token for ${providerId}`);
    return { providerId, baseUrl, token };
  });
  const timeoutMs = positiveMs(
    "PROPERTY_MANAGERS_TIMEOUT_MS",
    env.PROPERTY_MANAGERS_TIMEOUT_MS,
    searchLimitMs,
  );
  return { mode, searchLimitMs, timeoutMs, systems };
}

let cached: { key: string; systems: PropertyManagerSystem[] } | undefined;

/**
 * The configured manager systems: one simulator per provider over the database by default, or the HTTP
 * clients of PROPERTY_MANAGERS_URLS. The same instances while the settings stay the same (the simulators keep
 * the cases they opened).
 */
export function getPropertyManagerSystems(
  env: Env = getEnv(),
  db: () => Db = getDb,
): PropertyManagerSystem[] {
  const config = propertyManagersConfig(env);
  const key = JSON.stringify(config);
  // Only the process's own database is cached: a test's database gets its own simulators.
  const shared = db === getDb;
  // Each system observed under its manager's id (the simulators too: which manager's system answered slowly).
  const observe = (systems: PropertyManagerSystem[]) =>
    observedEach(systems, { system: "property-managers", provider: (system) => system.providerId }, [
      "searchObjects",
      "getObject",
      "createTransferCase",
    ]);
  if (shared && cached?.key === key) return observe(cached.systems);
  const systems =
    config.mode === "simulator"
      ? PROVIDER_IDS.map(
          (providerId) =>
            new PropertyManagerSimulator({
              providerId,
              db,
              latencyMs: config.latencyMs[providerId],
              state: config.states[providerId],
            }),
        )
      : config.systems.map((s) => createHttpPropertyManager({ ...s, timeoutMs: config.timeoutMs }));
  if (shared) cached = { key, systems };
  return observe(systems);
}
