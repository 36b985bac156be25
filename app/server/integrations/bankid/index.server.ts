import { getEnv } from "../../platform/env.server";
import { observed } from "../observed.server";
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createHttpBankIdClient } from "./client.server";
import { getBankIdSimulator } from "./simulator.server";
import type { BankIdClient } from "./types.server";

export { BankIdError, isBankIdError, type BankIdErrorCode } from "./errors.server";
export { qrData, qrSecondsSince } from "./qr.server";
export { rfaFor, RFA_CODES, type RfaCode } from "./rfa.server";
export { signatureCovers, signedUserVisibleData } from "./signature.server";
export {
  verifyBankIdSignature,
  type CheckOutcome,
  type SignatureVerification,
  type VerificationFailure,
} from "./verify.server";
export {
  BankIdSimulator,
  BankIdSimulatorError,
  getBankIdSimulator,
  type TestPerson,
} from "./simulator.server";
export type * from "./types.server";

export const BANKID_URLS = {
  test: "https://appapi2.test.bankid.com/rp/v6.0",
  production: "https://appapi2.bankid.com/rp/v6.0",
} as const;

export type BankIdConfig =
  | { mode: "simulator" }
  | {
      mode: "test" | "production";
      baseUrl: string;
      certPath: string;
      certPassphrase: string;
      caPath: string;
      timeoutMs: number;
    };

/** Bad or missing BANKID_* settings; thrown at startup so that the server does not run half-configured. */
export class BankIdConfigError extends Error {
  override readonly name = "BankIdConfigError";
}

/** The BANKID_* settings (platform/env reads them; tests pass their own). */
type Env = Partial<
  Record<
    | "BANKID"
    | "BANKID_CERT_PATH"
    | "BANKID_CERT_PASSPHRASE"
    | "BANKID_CA_PATH"
    | "BANKID_URL"
    | "BANKID_TIMEOUT_MS"
    | "BANKID_SIGNATURE_ROOTS",
    string
  >
>;

export function bankIdConfig(env: Env = getEnv()): BankIdConfig {
  const mode = env.BANKID?.trim() || "simulator";
  if (mode === "simulator") return { mode };
  if (mode !== "test" && mode !== "production") {
    throw new BankIdConfigError(`BANKID must be simulator, test or production, not "${mode}"`);
  }
  const missing = ["BANKID_CERT_PATH", "BANKID_CERT_PASSPHRASE", "BANKID_CA_PATH"].filter(
    (name) =>
      env[name as keyof Env] === undefined ||
      (name !== "BANKID_CERT_PASSPHRASE" && env[name as keyof Env]?.trim() === ""),
  );
  if (missing.length > 0) {
    throw new BankIdConfigError(
      `BANKID=${mode} needs ${missing.join(", ")}: the relying party certificate (.p12), its passphrase ` +
        `and the BankID root CA (PEM) of the ${mode} environment`,
    );
  }
  const timeoutMs = env.BANKID_TIMEOUT_MS === undefined ? 10_000 : Number(env.BANKID_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new BankIdConfigError("BANKID_TIMEOUT_MS must be a positive whole number");
  const baseUrl = env.BANKID_URL?.trim() || BANKID_URLS[mode];
  if (!URL.canParse(baseUrl) || new URL(baseUrl).protocol !== "https:") {
    throw new BankIdConfigError(`BANKID_URL must be an https URL, not "${baseUrl}"`);
  }
  return {
    mode,
    baseUrl,
    certPath: env.BANKID_CERT_PATH ?? "",
    certPassphrase: env.BANKID_CERT_PASSPHRASE ?? "",
    caPath: env.BANKID_CA_PATH ?? "",
    timeoutMs,
  };
}

function readSetting(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new BankIdConfigError(
      `${variable}: cannot read ${path} (${error instanceof Error ? error.message : error})`,
    );
  }
}

let cached: { key: string; client: BankIdClient } | undefined;

/** The configured BankID: the in-process simulator by default, or the RP API over mutual TLS. */
export function getBankIdClient(env: Env = getEnv()): BankIdClient {
  const config = bankIdConfig(env);
  const calls = ["auth", "sign", "collect", "cancel"] as const;
  const labels = { system: "bankid", provider: config.mode };
  const observe = (client: BankIdClient) => observed(client, labels, calls);
  if (config.mode === "simulator") return observe(getBankIdSimulator());
  const key = JSON.stringify(config);
  if (cached?.key === key) return observe(cached.client);
  const client = createHttpBankIdClient({
    baseUrl: config.baseUrl,
    pfx: readSetting(config.certPath, "BANKID_CERT_PATH"),
    passphrase: config.certPassphrase,
    ca: readSetting(config.caPath, "BANKID_CA_PATH"),
    timeoutMs: config.timeoutMs,
  });
  cached = { key, client };
  return observe(client);
}

/**
 * The link that opens the BankID app on this device. With v6 the way back is the order's returnUrl;
 * `returnUrl` here is only for the mobile link (iOS honours `redirect`), desktop always gets null.
 */
export function launchUrl({
  autoStartToken,
  mobile,
  returnUrl,
}: {
  autoStartToken: string;
  mobile: boolean;
  returnUrl?: string;
}): string {
  const token = encodeURIComponent(autoStartToken);
  if (!mobile) return `bankid:///?autostarttoken=${token}&redirect=null`;
  return `https://app.bankid.com/?autostarttoken=${token}&redirect=${returnUrl ? encodeURIComponent(returnUrl) : "null"}`;
}

/**
 * The roots a stored signature must chain to (decision 028): the simulator's own test CA with BANKID=simulator;
 * otherwise the certificates in the PEM file BANKID_SIGNATURE_ROOTS names (BankID's test or production roots,
 * which the operator installs; without it nothing is trusted and every check says so).
 */
export function signatureTrustRoots(env: Env = getEnv()): X509Certificate[] {
  if (bankIdConfig(env).mode === "simulator") return [getBankIdSimulator().testCa().certificate];
  const file = env.BANKID_SIGNATURE_ROOTS?.trim();
  if (!file) return [];
  const pem = readSetting(file, "BANKID_SIGNATURE_ROOTS").toString("utf8");
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new X509Certificate(block),
  );
}
