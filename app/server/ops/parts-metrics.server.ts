import client from "prom-client";
import type { Db, PoolStats } from "../db/kysely.server";
import type { Meters } from "../platform/meters.server";

export interface PartsMetricsDeps {
  db: () => Db;
  /** PostgreSQL's pool now; null on SQLite, which has no pool. */
  dbPool?: () => PoolStats | null;
}

/** The job that sends one e-mail (domain/mail.server's MAIL_JOB; ops may not import the domain). */
const MAIL_JOB = "mail.send";

/**
 * The metrics of the parts beneath the web: the database's queries and pool, the integrations' calls, the mail
 * waiting to leave, uploads and the live channel's messages. Returns the sink those parts report to
 * (platform/meters.server): they cannot import this layer.
 */
export function createPartsMetrics(registry: client.Registry, deps: PartsMetricsDeps): Meters {
  const registers = [registry];
  const queries = new client.Histogram({
    name: "db_query_duration_seconds",
    help: "Time a database query took, by statement kind (select, insert, update, delete, other).",
    labelNames: ["kind"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const queryErrors = new client.Counter({
    name: "db_query_errors_total",
    help: "Database queries that failed, by statement kind.",
    labelNames: ["kind"] as const,
    registers,
  });
  new client.Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections on this instance, by state (in_use, idle); read at each scrape.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      this.reset();
      const pool = deps.dbPool?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
    },
  });
  new client.Gauge({
    name: "db_pool_waiting",
    help: "Queries waiting for a PostgreSQL pool connection on this instance; read at each scrape.",
    registers,
    collect() {
      this.set(deps.dbPool?.()?.waiting ?? 0);
    },
  });
  new client.Gauge({
    name: "db_pool_max",
    help: "The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE); 0 on SQLite.",
    registers,
    collect() {
      this.set(deps.dbPool?.()?.max ?? 0);
    },
  });

  const calls = new client.Histogram({
    name: "integration_call_duration_seconds",
    help: "Time a call to an external system took, by system, provider and operation, failed or not.",
    labelNames: ["system", "provider", "operation"] as const,
    buckets: [0.001, 0.005, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const callFailures = new client.Counter({
    name: "integration_call_failures_total",
    help: "Calls to an external system that failed (threw or were refused), by system, provider and operation.",
    labelNames: ["system", "provider", "operation"] as const,
    registers,
  });
  new client.Gauge({
    name: "mail_outbox_depth",
    help: "E-mails waiting to leave (mail.send jobs queued or running, retries included); read at each scrape.",
    registers,
    async collect() {
      this.set(await waitingMail(deps.db()));
    },
  });
  new client.Gauge({
    name: "mail_outbox_oldest_seconds",
    help: "Age of the oldest e-mail waiting to leave, 0 when none waits; read at each scrape.",
    registers,
    async collect() {
      this.set(await oldestWaitingMail(deps.db()));
    },
  });

  const uploadBytes = new client.Histogram({
    name: "upload_bytes",
    help: "Size of each upload stored (its _sum: the bytes uploaded).",
    buckets: [16_384, 65_536, 262_144, 1_048_576, 4_194_304, 10_485_760, 26_214_400],
    registers,
  });
  const uploadRefusals = new client.Counter({
    name: "upload_refusals_total",
    help: "Uploads refused before they were stored, by reason (notPdf, tooLarge, empty, tooMany).",
    labelNames: ["reason"] as const,
    registers,
  });

  const liveSent = new client.Counter({
    name: "live_messages_sent_total",
    help: "Records queued for live clients on this instance (events and answers; keep-alive pings not counted).",
    registers,
  });
  const liveDropped = new client.Counter({
    name: "live_slow_clients_dropped_total",
    help: "Live clients cut off because too much data waited for them (a long poll that stopped coming).",
    registers,
  });

  return {
    query(kind, seconds, failed) {
      queries.observe({ kind }, seconds);
      if (failed) queryErrors.inc({ kind });
    },
    call({ system, provider, operation, seconds, failed }) {
      const labels = { system, provider, operation };
      calls.observe(labels, seconds);
      if (failed) callFailures.inc(labels);
    },
    uploadStored: (bytes) => uploadBytes.observe(bytes),
    uploadRefused: (reason) => uploadRefusals.inc({ reason }),
    liveSent: () => liveSent.inc(),
    liveDroppedSlow: () => liveDropped.inc(),
  };
}

const waiting = (db: Db) =>
  db.selectFrom("jobs").where("type", "=", MAIL_JOB).where("state", "in", ["queued", "running"]);

async function waitingMail(db: Db): Promise<number> {
  const row = await waiting(db)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function oldestWaitingMail(db: Db): Promise<number> {
  const row = await waiting(db)
    .select((eb) => eb.fn.min<string | null>("created_at").as("oldest"))
    .executeTakeFirst();
  if (!row?.oldest) return 0;
  return Math.max(0, (Date.now() - Date.parse(row.oldest)) / 1000);
}
