import { getDbHandle } from "../db/db.server";
import { getStorage } from "../integrations/storage/index.server";
import { closeLive } from "../live/live.server";
import { lazyModule } from "../platform/lazy-module.server";
import { getEnv } from "../platform/env.server";
import { readiness, type Readiness } from "./health.server";
import { getLog } from "../platform/log.server";
import { createMetrics, type Metrics } from "./metrics.server";
import { installMeters } from "../platform/meters.server";
import type * as IORedis from "ioredis";

declare global {
  var __ops: { shuttingDown: boolean; metrics?: Metrics; redis?: IORedis.Redis } | undefined;
}

function state() {
  globalThis.__ops ??= { shuttingDown: false };
  return globalThis.__ops;
}

const loadIoRedis = lazyModule<typeof IORedis>("ioredis");

function redisPing(url: string): () => Promise<unknown> {
  return () => {
    const ops = state();
    if (!ops.redis) {
      ops.redis = new (loadIoRedis().Redis)(url, {
        connectionName: "overlatelseportalen-readyz",
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      });
      ops.redis.on("error", () => {
        // Reported by the next readiness answer; ioredis reconnects by itself.
      });
    }
    return ops.redis.ping();
  };
}

/** GET /readyz: whether this instance may take work (health.server.ts says what each part checks). */
export function checkReadiness(): Promise<Readiness> {
  const env = getEnv();
  const runner = globalThis.__jobRunner;
  return readiness({
    db: getDbHandle().db,
    storage: getStorage,
    redisPing: env.REDIS_URL ? redisPing(env.REDIS_URL) : undefined,
    jobHeartbeat: runner ? () => runner.heartbeat() : undefined,
    shuttingDown: () => state().shuttingDown,
  });
}

/**
 * The process's metrics when METRICS_PORT asks for them (created on first use, with the live hub's counts once the
 * channel runs); null otherwise, so that an install without a scraper runs no collectors and counts nothing. The
 * first call installs the sink the database, the integrations and the live channel report to: the server build
 * (server-entry) makes it before start-up opens the database, which times its queries only when the sink is there.
 */
export function getMetrics(): Metrics | null {
  if (!process.env.METRICS_PORT) return null;
  const ops = state();
  if (!ops.metrics) {
    ops.metrics = createMetrics({
      db: () => getDbHandle().db,
      liveStats: () => globalThis.__live?.live.hub.stats() ?? null,
      dbPool: () => getDbHandle().pool?.() ?? null,
    });
    installMeters(ops.metrics.meters);
  }
  return ops.metrics;
}

/** From now on /readyz answers 503 without touching anything, so that a proxy stops sending work here. */
export function beginShutdown(): void {
  state().shuttingDown = true;
}

export function isShuttingDown(): boolean {
  return state().shuttingDown;
}

/**
 * After the listener stopped taking connections: ends the live connections (the SignalR client reconnects, to
 * another instance behind the proxy) and lets running jobs finish within the grace. A job still running after it
 * keeps its lease, which runs out, and another instance takes it over, so it is done once.
 */
export async function endLiveAndJobs(graceMs: number): Promise<"finished" | "grace-expired"> {
  const log = getLog().child({ component: "shutdown" });
  const work = (async () => {
    await closeLive().catch((error: unknown) => log.error({ err: error }, "closing the live channel failed"));
    const runner = globalThis.__jobRunner;
    globalThis.__jobRunner = undefined;
    await runner?.stop();
    return "finished" as const;
  })();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<"grace-expired">((resolve) => {
    timer = setTimeout(() => resolve("grace-expired"), graceMs);
    timer.unref();
  });
  const outcome = await Promise.race([work, grace]);
  clearTimeout(timer);
  return outcome;
}

/** Last: the readiness check's Redis connection and the database pool, once no request or job uses them. */
export async function closeStores(): Promise<void> {
  state().redis?.disconnect();
  await getDbHandle()
    .destroy()
    .catch((error: unknown) => getLog().error({ err: error }, "closing the database failed"));
}

export { getLog } from "../platform/log.server";
export { startRequestSpan, stopTracing } from "./tracing.server";
export {
  currentRequest,
  noteRoute,
  noteUser,
  requestIdOf,
  runInRequest,
} from "../platform/request-context.server";
