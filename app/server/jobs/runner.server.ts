import crypto from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import type { Db, DbKind } from "../db/kysely.server";
import type { JobsTable } from "../db/schema.server";
import type { Ports } from "../domain/core/context.server";
import type { LivePublisher } from "../live/events.server";
import { buildUseCaseContext } from "../context/use-case.server";
import { onJobEnqueued } from "../context/job-queue.server";
import { jobDefinition } from "./registry.server";
import { getLog } from "../platform/log.server";
import {
  contextOf,
  inSpanUnder,
  recordFailure,
  SpanKind,
  untraced,
  type Span,
} from "../platform/tracing.server";

/**
 * The job runner (decision 013). One statement claims the oldest due job — queued and due, or running under a
 * lease that ran out because its instance died — and takes a lease on it; PostgreSQL skips rows another runner
 * has locked (`FOR UPDATE SKIP LOCKED`), SQLite serialises writers anyway. A finished job is written back only by
 * the runner that still holds its lease. Failures retry with exponential backoff and jitter; after the last
 * attempt the job is `dead` and waits for an operator (`npm run jobs -- retry ID`).
 */

export type JobRow = Omit<JobsTable, "attempts"> & { attempts: number };

export interface RunnerOptions {
  db: Db;
  kind: DbKind;
  instanceId?: string;
  /** How long a claim holds before another runner may take the job over. */
  leaseMs?: number;
  /** How often an idle runner looks for due jobs (an enqueue in this process wakes it at once). */
  pollMs?: number;
  concurrency?: number;
  now?: () => Date;
  log?: (message: string) => void;
  live?: LivePublisher;
  /** Other ports than the configured ones for the handlers' use cases (a test's own simulator). */
  ports?: Partial<Ports>;
  /** Told of every run's outcome and duration (the metrics); never fails the job. */
  onRun?: (run: { type: string; outcome: "done" | "retry" | "dead"; seconds: number }) => void;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_POLL_MS = 500;

/** Seconds to wait before attempt n+1: 10 s, 40 s, 2.7 min, 10.7 min … at most an hour, ±20 % jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60 * 60_000, 10_000 * 4 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface JobRunner {
  readonly instanceId: string;
  claim(): Promise<JobRow | null>;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Runs due jobs until none is left (tests and the CLI). */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  /** When the started runner last looked for due jobs (ms since the epoch), or null when it is not running. */
  heartbeat(): number | null;
}

export function createJobRunner(options: RunnerOptions): JobRunner {
  const { db, kind } = options;
  const instanceId =
    options.instanceId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const concurrency = options.concurrency ?? 2;
  const now = options.now ?? (() => new Date());
  const jobLog = getLog().child({ component: "jobs", instance: instanceId });
  const log = options.log ?? ((message: string) => jobLog.info(message));
  const logFailure =
    options.log ?? ((message: string, fields: Record<string, unknown>) => jobLog.error(fields, message));

  async function claim(): Promise<JobRow | null> {
    const at = now();
    const nowIso = at.toISOString();
    const until = new Date(at.getTime() + leaseMs).toISOString();
    const lock = kind === "postgres" ? sql` for update skip locked` : sql``;
    const result = await sql<JobRow>`
      update jobs
         set state = 'running', locked_by = ${instanceId}, locked_until = ${until}, attempts = attempts + 1
       where id = (
         select id from jobs
          where (state = 'queued' and run_at <= ${nowIso})
             or (state = 'running' and locked_until <= ${nowIso})
          order by run_at
          limit 1${lock}
       )
      returning *`.execute(db);
    const row = result.rows[0];
    return row ? { ...row, attempts: Number(row.attempts), max_attempts: Number(row.max_attempts) } : null;
  }

  /** Writes a job's outcome, but only while this runner still holds its lease. */
  async function settle(job: JobRow, set: Partial<Record<keyof JobsTable, unknown>>): Promise<boolean> {
    const result = await db
      .updateTable("jobs")
      .set({ ...set, locked_by: null, locked_until: null } as never)
      .where("id", "=", job.id)
      .where("locked_by", "=", instanceId)
      .where("state", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  function observe(job: JobRow, outcome: "done" | "retry" | "dead", started: number): void {
    try {
      options.onRun?.({ type: job.type, outcome, seconds: (performance.now() - started) / 1000 });
    } catch {
      // An observer's fault is never the job's.
    }
  }

  /**
   * A run is a span under what enqueued the job (its stored traceparent: the request or job that asked for it), or
   * the root of a trace of its own (a schedule's job), with the job's type, id, attempt and outcome (decision 046).
   */
  function execute(job: JobRow): Promise<void> {
    return inSpanUnder(
      contextOf({ traceparent: job.trace_parent }),
      `job ${job.type}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: { "app.job.type": job.type, "app.job.id": job.id, "app.job.attempt": job.attempts },
      },
      (span) => run(job, span),
    );
  }

  async function run(job: JobRow, span: Span | null): Promise<void> {
    const definition = jobDefinition(job.type);
    const started = performance.now();
    try {
      if (!definition) throw new Error(`unknown job type ${job.type}`);
      let raw: unknown;
      try {
        raw = JSON.parse(job.payload);
      } catch {
        throw new Error("the payload is not JSON");
      }
      const parsed = definition.schema.safeParse(raw);
      if (!parsed.success) throw new Error(`the payload does not parse: ${parsed.error.message}`);
      const result = await definition.handler(parsed.data, {
        db,
        jobId: job.id,
        transferId: job.transfer_id,
        attempt: job.attempts,
        now,
        log: (message) => log(`${job.type} ${job.id}: ${message}`),
        live: options.live,
        context: () =>
          buildUseCaseContext(db, "system", {
            live: options.live,
            now: now(),
            ports: options.ports,
          }),
      });
      await settle(job, {
        state: "done",
        finished_at: now().toISOString(),
        last_error: null,
        result: result ? JSON.stringify(result).slice(0, 20_000) : null,
      });
      observe(job, "done", started);
      span?.setAttribute("app.job.outcome", "done");
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
      const maxAttempts = definition?.maxAttempts ?? job.max_attempts;
      const dead = job.attempts >= maxAttempts;
      await settle(
        job,
        dead
          ? { state: "dead", last_error: reason, finished_at: now().toISOString() }
          : {
              state: "queued",
              last_error: reason,
              run_at: new Date(now().getTime() + backoffMs(job.attempts)).toISOString(),
            },
      );
      observe(job, dead ? "dead" : "retry", started);
      if (span) {
        recordFailure(span, error);
        span.setAttribute("app.job.outcome", dead ? "dead" : "retry");
      }
      logFailure(
        `${job.type} ${job.id} attempt ${job.attempts}/${job.max_attempts} failed${dead ? " (dead)" : ""}: ${reason}`,
        { jobId: job.id, type: job.type, attempt: job.attempts, dead, err: error },
      );
    }
  }

  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    await execute(job);
    return true;
  }

  let running = false;
  let active = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopWaking: (() => void) | null = null;
  let idle: Promise<void> = Promise.resolve();
  let resolveIdle: (() => void) | null = null;
  let lastTick: number | null = null;

  async function work(): Promise<void> {
    if (!running || active >= concurrency) return;
    active++;
    if (active === 1) idle = new Promise((resolve) => (resolveIdle = resolve));
    try {
      while (
        running &&
        (await runOnce().catch((error: unknown) => {
          log(`claim failed: ${String(error)}`);
          return false;
        }))
      ) {
        // keep going while jobs are due
      }
    } finally {
      active--;
      if (active === 0) resolveIdle?.();
    }
  }

  return {
    instanceId,
    claim,
    runOnce,
    async drain() {
      let ran = 0;
      while (await runOnce()) ran++;
      return ran;
    },
    start() {
      if (running) return;
      running = true;
      const tick = () => {
        lastTick = Date.now();
        for (let i = active; i < concurrency; i++) void work();
      };
      // An enqueue wakes the runner from inside the enqueuing request: its claims are not that request's work.
      stopWaking = onJobEnqueued(() => untraced(tick));
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    heartbeat: () => (running ? lastTick : null),
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      stopWaking?.();
      await idle;
    },
  };
}
