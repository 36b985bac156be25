import client from "prom-client";
import type { Db, PoolStats } from "../db/kysely.server";
import { createPartsMetrics } from "./parts-metrics.server";

export interface HubStats {
  connections: number;
  serverSentEvents: number;
  longPolling: number;
  groups: number;
}

export interface MetricsDeps {
  db: () => Db;
  /** The live hub's counts on this instance; absent before the channel starts. */
  liveStats?: () => HubStats | null;
  /** PostgreSQL's pool now; null on SQLite. */
  dbPool?: () => PoolStats | null;
}

/** Refusals an operator watches for: a body too large, a type we do not take, a client sending too much. */
const REFUSALS: Record<number, string> = { 413: "too_large", 415: "unsupported_type", 429: "rate_limited" };

/**
 * The product's metrics in the Prometheus text format (prom-client), served on a listener of their own
 * (METRICS_PORT, bound to METRICS_HOST), never on the public port. Labels are route ids and kinds, never a path,
 * an id of a transfer or a person.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by Remix route id, method and status class.",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by Remix route id, method and status class.",
    labelNames: ["route", "method", "status_class"] as const,
    registers: [registry],
  });
  const inFlight = new client.Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered now.",
    registers: [registry],
  });
  const bytes = new client.Counter({
    name: "http_response_bytes_total",
    help: "Bytes of response bodies sent, by Remix route id.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const refusals = new client.Counter({
    name: "http_refusals_total",
    help: "Requests refused with 413, 415 or 429, by reason.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const jobRuns = new client.Histogram({
    name: "jobs_run_duration_seconds",
    help: "Time a job took, by type and outcome (done, retry, dead).",
    labelNames: ["type", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  new client.Gauge({
    name: "jobs_queue",
    help: "Jobs in the queue, by type and state (read from the database at each scrape).",
    labelNames: ["type", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await deps
        .db()
        .selectFrom("jobs")
        .select(["type", "state", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy(["type", "state"])
        .execute();
      for (const row of rows) this.set({ type: row.type, state: row.state }, Number(row.count));
    },
  });
  new client.Gauge({
    name: "live_connections",
    help: "Open live-channel connections on this instance, by transport.",
    labelNames: ["transport"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = deps.liveStats?.();
      if (!stats) return;
      this.set({ transport: "sse" }, stats.serverSentEvents);
      this.set({ transport: "long_polling" }, stats.longPolling);
      this.set({ transport: "negotiating" }, stats.connections - stats.serverSentEvents - stats.longPolling);
    },
  });
  new client.Gauge({
    name: "live_groups",
    help: "Live-channel groups with members on this instance.",
    registers: [registry],
    collect() {
      this.set(deps.liveStats?.()?.groups ?? 0);
    },
  });
  // The database, the integrations, uploads and the live channel report through this (platform/meters.server).
  const meters = createPartsMetrics(registry, deps);

  return {
    registry,
    meters,
    /** A request began: counted in flight until `end` is called with what it answered. */
    startRequest() {
      inFlight.inc();
      const started = process.hrtime.bigint();
      return (answer: { routeId: string | undefined; method: string; status: number; bytes: number }) => {
        inFlight.dec();
        const labels = {
          route: answer.routeId ?? "none",
          method: answer.method,
          status_class: `${Math.floor(answer.status / 100)}xx`,
        };
        duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        requests.inc(labels);
        if (answer.bytes > 0) bytes.inc({ route: labels.route }, answer.bytes);
        const reason = REFUSALS[answer.status];
        if (reason) refusals.inc({ reason });
      };
    },
    observeJob(type: string, outcome: "done" | "retry" | "dead", seconds: number) {
      jobRuns.observe({ type, outcome }, seconds);
    },
    async text(): Promise<string> {
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
