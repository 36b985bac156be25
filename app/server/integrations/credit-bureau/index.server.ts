import { getDb } from "../../db/db.server";
import type { Db } from "../../db/kysely.server";
import { getEnv } from "../../platform/env.server";
import { observed } from "../observed.server";
import { createHttpCreditBureau, DEFAULT_TIMEOUT_MS } from "./http.server";
import { CreditBureauSimulator, DEFAULT_SIMULATOR_LATENCY_MS } from "./simulator.server";
import type { CreditBureau } from "./types.server";

export { createHttpCreditBureau, DEFAULT_TIMEOUT_MS, type HttpCreditBureauOptions } from "./http.server";
export { MAX_PURPOSE_LENGTH, normalizeCreditReportRequest } from "./request.server";
export {
  FAILING_PERSONAL_NUMBERS,
  HISTORY_MONTHS,
  PROTECTED_PERSONAL_NUMBERS,
  simulatedOutcome,
  simulatedReport,
  simulatedScore,
} from "./simulated-reports.server";
export {
  CreditBureauSimulator,
  DEFAULT_SIMULATOR_LATENCY_MS,
  type CreditBureauSimulatorOptions,
} from "./simulator.server";
export * from "./types.server";

export type CreditBureauConfig =
  | { mode: "simulator"; latencyMs: number; down: boolean }
  | { mode: "http"; baseUrl: string; token: string; timeoutMs: number };

/** Bad CREDIT_BUREAU_* settings; thrown where the bureau is first asked for, naming the variable. */
export class CreditBureauConfigError extends Error {
  override readonly name = "CreditBureauConfigError";
}

type Env = Partial<
  Record<
    | "CREDIT_BUREAU"
    | "CREDIT_BUREAU_URL"
    | "CREDIT_BUREAU_TOKEN"
    | "CREDIT_BUREAU_TIMEOUT_MS"
    | "CREDIT_BUREAU_LATENCY_MS"
    | "CREDIT_BUREAU_DOWN",
    string
  >
>;

function wholeMs(name: string, raw: string | undefined, fallback: number, allowZero: boolean): number {
  const text = raw?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new CreditBureauConfigError(
      `${name} must be a ${allowZero ? "non-negative" : "positive"} whole number of ms`,
    );
  }
  return value;
}

export function creditBureauConfig(env: Env = getEnv()): CreditBureauConfig {
  const mode = env.CREDIT_BUREAU?.trim() || "simulator";
  if (mode === "simulator") {
    const down = env.CREDIT_BUREAU_DOWN?.trim() || "0";
    if (down !== "0" && down !== "1") throw new CreditBureauConfigError("CREDIT_BUREAU_DOWN must be 0 or 1");
    return {
      mode,
      latencyMs: wholeMs(
        "CREDIT_BUREAU_LATENCY_MS",
        env.CREDIT_BUREAU_LATENCY_MS,
        DEFAULT_SIMULATOR_LATENCY_MS,
        true,
      ),
      down: down === "1",
    };
  }
  if (mode !== "http")
    throw new CreditBureauConfigError(`CREDIT_BUREAU must be simulator or http, not "${mode}"`);
  const baseUrl = env.CREDIT_BUREAU_URL?.trim() ?? "";
  if (!baseUrl) throw new CreditBureauConfigError("CREDIT_BUREAU=http needs CREDIT_BUREAU_URL");
  if (!URL.canParse(baseUrl) || !["https:", "http:"].includes(new URL(baseUrl).protocol))
    throw new CreditBureauConfigError("CREDIT_BUREAU_URL must be an http(s) URL");
  const token = env.CREDIT_BUREAU_TOKEN?.trim() ?? "";
  if (!token) throw new CreditBureauConfigError("CREDIT_BUREAU=http needs CREDIT_BUREAU_TOKEN");
  return {
    mode,
    baseUrl,
    token,
    timeoutMs: wholeMs("CREDIT_BUREAU_TIMEOUT_MS", env.CREDIT_BUREAU_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, false),
  };
}

/**
 * The name the simulated population register gives a personal number: a user's, else a transfer party's
 * (the latest row), so that demo reports carry the demo people's names.
 */
export function namesFromDatabase(db: () => Db): (personalNumber: string) => Promise<string | null> {
  return async (personalNumber) => {
    const user = await db()
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("personal_number", "=", personalNumber)
      .executeTakeFirst();
    const person =
      user ??
      (await db()
        .selectFrom("transfer_parties")
        .select(["first_name", "last_name"])
        .where("identifier_type", "=", "SocialSecurityNumber")
        .where("identifier_value", "=", personalNumber)
        .orderBy("id", "desc")
        .executeTakeFirst());
    return person ? `${person.first_name} ${person.last_name}`.trim() : null;
  };
}

let cached: { key: string; bureau: CreditBureau } | undefined;

/**
 * The configured credit bureau: the simulator by default, or the HTTP client of CREDIT_BUREAU_URL. The same
 * instance while the settings stay the same (the simulator keeps its orders in memory).
 */
export function getCreditBureau(env: Env = getEnv(), db: () => Db = getDb): CreditBureau {
  const config = creditBureauConfig(env);
  const key = JSON.stringify(config);
  // Only the process's own database is cached: a test's database gets its own simulator.
  const shared = db === getDb;
  const calls = ["orderReport", "fetchReport"] as const;
  const labels = { system: "credit-bureau", provider: config.mode };
  const observe = (bureau: CreditBureau) => observed(bureau, labels, calls);
  if (shared && cached?.key === key) return observe(cached.bureau);
  const bureau =
    config.mode === "simulator"
      ? new CreditBureauSimulator({
          latencyMs: config.latencyMs,
          down: config.down,
          nameOf: namesFromDatabase(db),
        })
      : createHttpCreditBureau(config);
  if (shared) cached = { key, bureau };
  return observe(bureau);
}
