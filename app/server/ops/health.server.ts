import { Migrator, sql } from "kysely";
import type { Db } from "../db/kysely.server";
import { migrationProvider } from "../db/migrations/index.server";
import type { FileStorage } from "../integrations/storage/index.server";

/** One part of the readiness answer: its name, whether it answered in time, how long it took. */
export interface PartStatus {
  name: string;
  ok: boolean;
  ms: number;
  /** What failed, in an operator's words (never personal data). */
  error?: string;
  /** A part not in use on this instance (Redis without REDIS_URL, the job runner in a test process). */
  off?: boolean;
}

export interface Readiness {
  ready: boolean;
  shuttingDown: boolean;
  parts: PartStatus[];
}

/** Each part answers within this, or counts as failed: a database that is gone is a 503 in 2 s, not a hang. */
export const PART_TIMEOUT_MS = 1_500;

export interface ReadinessDeps {
  db: Db;
  storage: () => FileStorage;
  /** PING the live channel's Redis; absent without REDIS_URL. */
  redisPing?: () => Promise<unknown>;
  /** The job runner's last look for due jobs (ms), null when it is stopped; absent when this process runs none. */
  jobHeartbeat?: () => number | null;
  /** How old the heartbeat may be before the runner counts as stuck. */
  heartbeatMaxAgeMs?: number;
  shuttingDown: () => boolean;
  now?: () => number;
}

async function timed(name: string, check: () => Promise<void | "off">): Promise<PartStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PART_TIMEOUT_MS} ms`)), PART_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([check(), timeout]);
    const ms = Math.round(performance.now() - started);
    return outcome === "off" ? { name, ok: true, ms, off: true } : { name, ok: true, ms };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The first line only, cut: a driver's message may carry a connection string's host, never more than that.
    return {
      name,
      ok: false,
      ms: Math.round(performance.now() - started),
      error: message.split("\n")[0]!.slice(0, 200),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Databases found current once: a migration is only ever added by a newer build, so the answer stays true. */
const migrationsCurrent = new WeakSet<Db>();

/**
 * Whether this instance may take work: the database answers, its migrations are the ones this build knows, the
 * storage answers, Redis answers (with REDIS_URL), the job runner looks for work, and the process is not shutting
 * down (then 503 at once, without touching anything, so that the proxy stops sending requests).
 */
export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  if (deps.shuttingDown()) return { ready: false, shuttingDown: true, parts: [] };
  const now = deps.now ?? Date.now;
  const parts = await Promise.all([
    timed("database", async () => {
      await sql`select 1`.execute(deps.db);
    }),
    timed("migrations", async () => {
      if (migrationsCurrent.has(deps.db)) return;
      const migrations = await new Migrator({ db: deps.db, provider: migrationProvider }).getMigrations();
      const pending = migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
      if (pending.length) throw new Error(`pending: ${pending.join(", ")}`);
      migrationsCurrent.add(deps.db);
    }),
    timed("storage", async () => {
      await deps.storage().exists("readyz/probe");
    }),
    timed("redis", async () => {
      if (!deps.redisPing) return "off";
      await deps.redisPing();
    }),
    timed("jobs", async () => {
      if (!deps.jobHeartbeat) return "off";
      const beat = deps.jobHeartbeat();
      if (beat === null) throw new Error("the job runner is stopped");
      const age = now() - beat;
      const max = deps.heartbeatMaxAgeMs ?? 10_000;
      if (age > max) throw new Error(`the job runner last looked for work ${Math.round(age / 1000)} s ago`);
    }),
  ]);
  return { ready: parts.every((part) => part.ok), shuttingDown: false, parts };
}
