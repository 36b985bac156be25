import * as z from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/kysely.server";
import { freshPostgres, freshSqlite } from "../../../tests/support/db";
import { enqueueJob, releaseDedupeKey } from "../context/job-queue.server";
import { defineJob } from "./registry.server";
import { backoffMs, createJobRunner } from "./runner.server";
import { jobsOf, retryJob } from "./admin.server";

/** The runner's contract (decision 013): once per job, leases, backoff, dead jobs, bad input never stops it. */

const calls: Record<string, number> = {};
const attemptsToFail = new Map<string, number>();

defineJob({
  type: "test.count",
  schema: z.object({ key: z.string() }),
  maxAttempts: 3,
  async handler({ key }, { attempt }) {
    calls[key] = (calls[key] ?? 0) + 1;
    if (attempt <= (attemptsToFail.get(key) ?? 0)) throw new Error(`planned failure ${attempt}`);
    return key === "report" ? { counted: calls[key] } : undefined;
  },
});

let handle: DbHandle;
let clock = new Date("2026-11-24T08:00:00.000Z");
const now = () => clock;
const quiet = () => undefined;

beforeAll(async () => {
  handle = await freshSqlite();
});
beforeEach(async () => {
  await handle.db.deleteFrom("jobs").execute();
});
afterAll(async () => {
  await handle.destroy();
});

const runner = (id: string, leaseMs = 60_000) =>
  createJobRunner({ db: handle.db, kind: handle.kind, instanceId: id, now, leaseMs, log: quiet });

describe("the job runner", () => {
  it("runs an enqueued job once and marks it done", async () => {
    await enqueueJob(handle.db, { type: "test.count", payload: { key: "once" } }, clock);
    const a = runner("a");
    expect(await a.drain()).toBe(1);
    expect(await a.drain()).toBe(0);
    expect(calls.once).toBe(1);
    const [job] = await jobsOf(handle.db, { type: "test.count" });
    expect(job).toMatchObject({ state: "done", attempts: 1, last_error: null, result: null });
  });

  it("records what a handler returns as the job's result", async () => {
    await enqueueJob(handle.db, { type: "test.count", payload: { key: "report" } }, clock);
    expect(await runner("a").drain()).toBe(1);
    const [job] = await jobsOf(handle.db, { type: "test.count" });
    expect(JSON.parse(job!.result!)).toEqual({ counted: 1 });
  });

  it("a job that fails twice is retried after a backoff and then succeeds", async () => {
    attemptsToFail.set("twice", 2);
    const id = await enqueueJob(handle.db, { type: "test.count", payload: { key: "twice" } }, clock);
    const a = runner("a");
    expect(await a.runOnce()).toBe(true);
    expect(await a.runOnce()).toBe(false); // not due yet
    let row = (await jobsOf(handle.db, { id: id! }))[0]!;
    expect(row).toMatchObject({ state: "queued", attempts: 1, last_error: "planned failure 1" });
    clock = new Date(Date.parse(row.run_at) + 1);
    expect(await a.runOnce()).toBe(true);
    row = (await jobsOf(handle.db, { id: id! }))[0]!;
    expect(row.state).toBe("queued");
    clock = new Date(Date.parse(row.run_at) + 1);
    expect(await a.runOnce()).toBe(true);
    expect((await jobsOf(handle.db, { id: id! }))[0]).toMatchObject({ state: "done", attempts: 3 });
    expect(calls.twice).toBe(3);
  });

  it("after its last attempt a job is dead, and an operator's retry runs it again", async () => {
    attemptsToFail.set("dead", 99);
    const id = (await enqueueJob(handle.db, { type: "test.count", payload: { key: "dead" } }, clock))!;
    const a = runner("a");
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + 2 * 60 * 60_000);
      await a.runOnce();
    }
    expect((await jobsOf(handle.db, { id }))[0]).toMatchObject({ state: "dead", attempts: 3 });
    attemptsToFail.set("dead", 0);
    expect(await retryJob(handle.db, id, clock)).toBe(true);
    expect(await a.drain()).toBe(1);
    expect((await jobsOf(handle.db, { id }))[0]!.state).toBe("done");
  });

  it("bad input fails the job with its reason and never stops the runner", async () => {
    const badPayload = (await enqueueJob(handle.db, { type: "test.count", payload: { key: 42 } }, clock))!;
    const unknown = (await enqueueJob(handle.db, { type: "test.nope", payload: {} }, clock))!;
    await enqueueJob(handle.db, { type: "test.count", payload: { key: "after" } }, clock);
    const a = runner("a");
    expect(await a.drain()).toBe(3);
    expect((await jobsOf(handle.db, { id: badPayload }))[0]!.last_error).toMatch(
      /^the payload does not parse/,
    );
    expect((await jobsOf(handle.db, { id: unknown }))[0]!.last_error).toBe("unknown job type test.nope");
    expect(calls.after).toBe(1);
  });

  it("a job enqueued in a transaction that rolls back does not exist; a dedupe key enqueues once", async () => {
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await enqueueJob(trx, { type: "test.count", payload: { key: "rolled" } }, clock);
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect(await jobsOf(handle.db, { type: "test.count", key: "rolled" })).toEqual([]);
    expect(
      await enqueueJob(handle.db, { type: "test.count", payload: { key: "d" }, dedupeKey: "slot-1" }),
    ).not.toBeNull();
    expect(
      await enqueueJob(handle.db, { type: "test.count", payload: { key: "d" }, dedupeKey: "slot-1" }),
    ).toBeNull();
  });

  it("a coalescing key joins the job still waiting, and is free again once that job has started", async () => {
    const job = { type: "test.count", payload: { key: "c" }, dedupeKey: "c-1", coalesce: true };
    const first = await enqueueJob(handle.db, job, clock);
    expect(first).not.toBeNull();
    expect(await enqueueJob(handle.db, job, clock)).toBeNull();
    expect(await jobsOf(handle.db, { type: "test.count", key: "c" })).toHaveLength(1);
    await releaseDedupeKey(handle.db, first!);
    expect(await enqueueJob(handle.db, job, clock)).not.toBeNull();
    expect(await jobsOf(handle.db, { type: "test.count", key: "c" })).toHaveLength(2);
  });

  it("a job whose runner died is claimed again when the lease runs out, and only the new claim settles it", async () => {
    const id = (await enqueueJob(handle.db, { type: "test.count", payload: { key: "lease" } }, clock))!;
    const dead = runner("dead", 60_000);
    const claimed = await dead.claim();
    expect(claimed?.id).toBe(id);
    const b = runner("b", 60_000);
    expect(await b.claim()).toBeNull(); // the lease holds
    clock = new Date(clock.getTime() + 60_001);
    expect(await b.drain()).toBe(1);
    expect((await jobsOf(handle.db, { id }))[0]).toMatchObject({ state: "done", attempts: 2 });
  });

  it("backs off exponentially with jitter, at most an hour", () => {
    expect(backoffMs(1, () => 0.5)).toBe(10_000);
    expect(backoffMs(2, () => 0.5)).toBe(40_000);
    expect(backoffMs(3, () => 0)).toBe(128_000);
    expect(backoffMs(20, () => 1)).toBe(72 * 60_000);
  });

  it("a started runner picks up a job enqueued at idle within a second", async () => {
    const live = createJobRunner({
      db: handle.db,
      kind: handle.kind,
      instanceId: "live",
      log: quiet,
      pollMs: 10_000,
    });
    live.start();
    try {
      const started = Date.now();
      await enqueueJob(handle.db, { type: "test.count", payload: { key: "wake" } });
      while (!calls.wake && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 10));
      expect(calls.wake).toBe(1);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await live.stop();
    }
  });
});

describe("two runners on one PostgreSQL database", () => {
  it("a change that joins a waiting job holds it back until the change commits", async (ctx) => {
    const pg = await freshPostgres("migrated");
    if (!pg) {
      console.log(
        "SKIPPED: PostgreSQL coalescing (set TEST_DATABASE_URL to a reachable server; .ci/run does)",
      );
      ctx.skip();
      return;
    }
    try {
      const job = { type: "test.count", payload: { key: "pg-join" }, dedupeKey: "pg-join", coalesce: true };
      const waiting = await enqueueJob(pg.handle.db, job, clock);
      const r = createJobRunner({ db: pg.handle.db, kind: "postgres", instanceId: "r", now, log: quiet });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const change = pg.handle.db.transaction().execute(async (trx) => {
        expect(await enqueueJob(trx, job, clock)).toBeNull();
        await held;
      });
      let claimedWhileOpen;
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        claimedWhileOpen = await r.claim();
      } finally {
        release();
        await change;
      }
      expect(claimedWhileOpen).toBeNull(); // the open change holds the row
      expect((await r.claim())?.id).toBe(waiting);
    } finally {
      await pg.drop();
    }
  }, 60_000);

  it("claim each of 1,000 jobs exactly once", async (ctx) => {
    const pg = await freshPostgres("migrated");
    if (!pg) {
      console.log(
        "SKIPPED: PostgreSQL job claims (set TEST_DATABASE_URL to a reachable server; .ci/run does)",
      );
      ctx.skip();
      return;
    }
    try {
      const values = Array.from({ length: 1_000 }, (_, i) => i);
      for (const i of values)
        await enqueueJob(pg.handle.db, { type: "test.count", payload: { key: `pg-${i}` } });
      const make = (id: string) =>
        createJobRunner({ db: pg.handle.db, kind: "postgres", instanceId: id, log: quiet });
      const [x, y] = [make("x"), make("y")];
      const counts = await Promise.all([x.drain(), y.drain(), x.drain(), y.drain()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1_000);
      expect(values.every((i) => calls[`pg-${i}`] === 1)).toBe(true);
      expect(counts[0]! + counts[2]!).toBeGreaterThan(0);
      expect(counts[1]! + counts[3]!).toBeGreaterThan(0);
    } finally {
      await pg.drop();
    }
  }, 120_000);
});
