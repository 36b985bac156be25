import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import * as z from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SUPPORT_EMAIL: z.email().default("support@overlatelseportalen.se"),
  DATA_PROTECTION_EMAIL: z.email().default("dataskydd@overlatelseportalen.se"),
  TENANT_SELECTOR: z.enum(["on", "off"]).default("on"),
  SHOW_DEV_FEATURES: z.enum(["on", "off"]).optional(),
  /** `1`: this production install is a demo, so simulated BankID, registry, managers, bureau and mail are meant. */
  DEMO: z.enum(["0", "1"]).optional(),
  MONITORING_CONNECTION_STRING: z.string().optional(),
  /** `simulator` (the default, for demos and tests) shows the Testmiljö notice on every page. */
  BANKID: z.enum(["simulator", "test", "production"]).default("simulator"),
  // The BankID RP API's settings, checked in full by integrations/bankid (bankIdConfig) at start-up.
  BANKID_CERT_PATH: z.string().optional(),
  BANKID_CERT_PASSPHRASE: z.string().optional(),
  BANKID_CA_PATH: z.string().optional(),
  BANKID_URL: z.string().optional(),
  BANKID_TIMEOUT_MS: z.string().optional(),
  /** PEM file with the roots a stored decision signature must chain to (BankID's test or production roots). */
  BANKID_SIGNATURE_ROOTS: z.string().optional(),
  /** `simulator` (default) or `http`; the gateway's settings are checked by companyRegistryConfig. */
  COMPANY_REGISTRY: z.enum(["simulator", "http"]).default("simulator"),
  COMPANY_REGISTRY_URL: z.string().optional(),
  COMPANY_REGISTRY_TOKEN: z.string().optional(),
  COMPANY_REGISTRY_TIMEOUT_MS: z.string().optional(),
  /**
   * `simulator` (default: one per provider over the demo objects) or `http` (PROPERTY_MANAGERS_URLS and _TOKENS,
   * `provider=value` comma-separated); every setting is checked by propertyManagersConfig.
   */
  PROPERTY_MANAGERS: z.enum(["simulator", "http"]).default("simulator"),
  PROPERTY_MANAGERS_URLS: z.string().optional(),
  PROPERTY_MANAGERS_TOKENS: z.string().optional(),
  PROPERTY_MANAGERS_TIMEOUT_MS: z.string().optional(),
  PROPERTY_MANAGERS_SEARCH_LIMIT_MS: z.string().optional(),
  PROPERTY_MANAGERS_LATENCY_MS: z.string().optional(),
  PROPERTY_MANAGERS_DOWN: z.string().optional(),
  PROPERTY_MANAGERS_PARTIAL: z.string().optional(),
  /**
   * `simulator` (default) or `http` (CREDIT_BUREAU_URL and _TOKEN); every setting is checked by
   * creditBureauConfig, so that a bad value names its variable.
   */
  CREDIT_BUREAU: z.string().optional(),
  CREDIT_BUREAU_URL: z.string().optional(),
  CREDIT_BUREAU_TOKEN: z.string().optional(),
  CREDIT_BUREAU_TIMEOUT_MS: z.string().optional(),
  CREDIT_BUREAU_LATENCY_MS: z.string().optional(),
  CREDIT_BUREAU_DOWN: z.string().optional(),
  /**
   * For test servers: how often (seconds) the pages that wait for an analysis refresh themselves (Granskning while
   * the automatic review runs, the wizard's wait for the document analysis); unset, each keeps its own interval.
   */
  PAGE_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Log each database query that took at least this many ms (0: all); unset: none. */
  DB_SLOW_QUERY_MS: z.coerce.number().int().min(0).optional(),
  /** `1` drops the Secure flag of cookies in production (plain-HTTP test hosts other than localhost). */
  INSECURE_COOKIES: z.enum(["0", "1"]).optional(),
  /** `1` behind a reverse proxy: X-Forwarded-For and X-Forwarded-Host are believed only then. */
  TRUST_PROXY: z.enum(["0", "1"]).optional(),
  /** Where e-mail goes: `outbox` (stored in the database, readable at /dev/mail) or an smtp:// or smtps:// URL. */
  MAIL: z
    .string()
    .regex(/^(outbox|smtps?:\/\/.+)$/, "MAIL must be outbox or an smtp:// or smtps:// URL")
    .default("outbox"),
  /** The sender of the product's e-mail. */
  MAIL_FROM: z.string().default("Överlåtelseportalen <no-reply@overlatelseportalen.se>"),
  /** Where documents are stored: `disk` (DATA_DIR/files, the default) or `s3` (S3_* below). */
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("eu-north-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).optional(),
  /** Personal numbers (12 digits, comma-separated) of the operators who may open /admin/jobs. */
  OPERATORS: z
    .string()
    .regex(/^\d{12}(,\s*\d{12})*$/, "OPERATORS must be 12-digit personal numbers separated by commas")
    .optional(),
  /**
   * How often (ms) each open live connection's groups are checked against the current scope (decision 042);
   * unset, every 15 s. Test servers set it short.
   */
  LIVE_ACCESS_CHECK_MS: z.coerce.number().int().min(50).max(3_600_000).optional(),
  /**
   * Reading an uploaded PDF (decision 044): what a document's streams may decode to together, its pages and text
   * items, and the PDF worker's heap, memory growth, time and count. Defaults in docs/spec-choices.md.
   */
  PDF_MAX_DECODED_MB: z.coerce.number().int().min(1).max(1024).default(48),
  PDF_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
  PDF_MAX_TEXT_ITEMS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  PDF_WORKER_HEAP_MB: z.coerce.number().int().min(16).max(8192).default(128),
  PDF_WORKER_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(160),
  PDF_WORKER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Unset: the live channel's backplane and presence stay in process (docs/decisions/009). */
  REDIS_URL: z
    .string()
    .regex(/^(rediss?:\/\/.+)?$/, "REDIS_URL must be a redis:// or rediss:// URL")
    .optional(),
});

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  databaseUrl: string;
  sessionSecrets: string[];
  secureCookies: boolean;
  showDevFeatures: boolean;
  trustProxy: boolean;
  /** Who may see and retry background jobs (OPERATORS). */
  operators: string[];
  /** The BankID simulator answers sign-ins: a demo or test install, never production data. */
  testEnvironment: boolean;
};

let cached: Env | undefined;

/** Reads the environment once, validated; creates DATA_DIR and a session secret in it when none is given. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(fromProcess());
  if (!parsed.success) {
    throw new Error("Invalid environment:\n" + z.prettifyError(parsed.error));
  }
  if (parsed.data.STORAGE === "s3" && !parsed.data.S3_BUCKET) {
    throw new Error(
      "Invalid environment:\nSTORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a service other than AWS)",
    );
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = raw.DATABASE_URL?.trim() || `file:${path.join(dataDir, "app.db")}`;
  const sessionSecrets = raw.SESSION_SECRET ? raw.SESSION_SECRET.split(",") : [generatedSecret(dataDir)];
  cached = {
    ...raw,
    dataDir,
    databaseUrl,
    sessionSecrets,
    secureCookies: raw.NODE_ENV === "production" && raw.INSECURE_COOKIES !== "1",
    showDevFeatures: raw.SHOW_DEV_FEATURES ? raw.SHOW_DEV_FEATURES === "on" : raw.NODE_ENV !== "production",
    trustProxy: raw.TRUST_PROXY === "1",
    operators: raw.OPERATORS ? raw.OPERATORS.split(",").map((n) => n.trim()) : [],
    testEnvironment: raw.BANKID === "simulator",
  };
  return cached;
}

/**
 * The process environment as the schema reads it: every variable the product knows, blank values as unset (an
 * empty `DB_SLOW_QUERY_MS=` in a unit file means "not set", not zero). The only read of process.env in app/.
 */
function fromProcess(): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(EnvSchema.shape)) {
    const value = process.env[name]?.trim();
    values[name] = value ? value : undefined;
  }
  // Secrets and passphrases keep their spaces.
  values.BANKID_CERT_PASSPHRASE = process.env.BANKID_CERT_PASSPHRASE;
  values.SESSION_SECRET = process.env.SESSION_SECRET || undefined;
  values.S3_SECRET_ACCESS_KEY = process.env.S3_SECRET_ACCESS_KEY || undefined;
  return values;
}

/** The integrations this environment simulates (or, for mail, keeps in the outbox), as their settings read. */
export function simulatedIntegrations(
  env: Pick<Env, "BANKID" | "COMPANY_REGISTRY" | "PROPERTY_MANAGERS" | "CREDIT_BUREAU" | "MAIL">,
): string[] {
  const simulated: string[] = [];
  if (env.BANKID === "simulator") simulated.push("BANKID=simulator");
  if (env.COMPANY_REGISTRY === "simulator") simulated.push("COMPANY_REGISTRY=simulator");
  if (env.PROPERTY_MANAGERS === "simulator") simulated.push("PROPERTY_MANAGERS=simulator");
  if ((env.CREDIT_BUREAU?.trim() || "simulator") === "simulator") simulated.push("CREDIT_BUREAU=simulator");
  if (env.MAIL === "outbox") simulated.push("MAIL=outbox");
  return simulated;
}

/**
 * Why a server must not start, or null: NODE_ENV=production with any simulator (anyone could sign in as a test
 * person, and the demo's control pages would be there) is a demo install only when DEMO=1 says so; a production
 * install that left an integration at its default would otherwise run on simulated BankID unnoticed.
 */
export function productionRefusal(
  env: Parameters<typeof simulatedIntegrations>[0] & Pick<Env, "NODE_ENV" | "DEMO">,
) {
  if (env.NODE_ENV !== "production" || env.DEMO === "1") return null;
  const simulated = simulatedIntegrations(env);
  if (simulated.length === 0) return null;
  return (
    `NODE_ENV=production with ${simulated.join(", ")}: set DEMO=1 for a demo install, ` +
    "or configure the real services (README, Configuration)."
  );
}

export function resetEnvForTests() {
  cached = undefined;
}

function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  // wx: two processes starting at once must not overwrite each other's secret
  try {
    fs.writeFileSync(file, secret + "\n", { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return fs.readFileSync(file, "utf8").trim();
  }
}
