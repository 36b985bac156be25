import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { getDbHandle } from "~/server/db/db.server";
import type { Db, DbKind } from "~/server/db/kysely.server";
import type { JobState } from "~/server/db/schema.server";
import { collectCreditCheck } from "~/server/domain/credit-checks/collect.server";
import { CollectCreditCheckSchema } from "~/schemas/credit-check";
import {
  COLLECT_CREDIT_CHECK_JOB,
  collectDedupeKey,
  orderCreditCheck,
} from "~/server/domain/credit-checks/orders.server";
import { sweepChain, sweepCreditChecks } from "~/server/domain/credit-checks/sweep.server";
import { CreditBureauSimulator, creditReportSchema } from "~/server/integrations/credit-bureau/index.server";
import { SWEEP_CREDIT_CHECKS } from "~/server/jobs/handlers/credit-checks.server";
import { JOB_MODULES } from "~/server/jobs/index.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import { enqueueSlot, PERIODIC, runPeriodicNow } from "~/server/jobs/schedule.server";
import { startFreshApp } from "../support/app";
import { freshPostgres } from "../support/db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";
import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * The credit-check sweep (decision 040): a Pending order left without a collect job to run — its chain
 * died, or the row was written outside the domain like the demo seed's — gets a new chain, on SQLite and (with
 * TEST_DATABASE_URL) on PostgreSQL. The jobs run by the runner use the process's simulated bureau, set here to
 * answer at once; the polls that must stay Pending are run with a slower simulator of the test's own.
 */

const ANNA = "199001011239";
const YUSUF = "196201086490";
const SEEDED_PENDING = "t-sjoutsikten-action-needed-cc1";

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-sweep-"));

beforeAll(async () => {
  process.env.CREDIT_BUREAU_LATENCY_MS = "0";
  await startFreshApp(); // the demo seed, transfers included
  expect(JOB_MODULES.length).toBeGreaterThan(0);
});

afterAll(() => {
  delete process.env.CREDIT_BUREAU_LATENCY_MS;
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const sweepPeriodic = PERIODIC.find((p) => p.type === SWEEP_CREDIT_CHECKS)!;

describe("the credit-check sweep's schedule", () => {
  it("runs every quarter of an hour and at start, one slot per quarter", () => {
    expect(sweepPeriodic).toMatchObject({ pattern: "*/15 * * * *", atStart: true });
    expect(sweepPeriodic.slot(new Date("2026-11-26T06:44:59.999Z"))).toBe("2026-11-26T06:30");
    expect(sweepPeriodic.slot(new Date("2026-11-26T06:45:00.000Z"))).toBe("2026-11-26T06:45");
    expect(sweepPeriodic.slot(new Date("2026-11-26T07:05:00.000Z"))).toBe("2026-11-26T07:00");
  });
});

describe.each(["sqlite", "postgres"] as const)("the credit-check sweep on %s", (backendName) => {
  let backend: { db: Db; kind: DbKind; drop: () => Promise<void> } | null = null;
  let transferSeq = 0;

  beforeAll(async () => {
    if (backendName === "sqlite") {
      const handle = getDbHandle();
      backend = { db: handle.db, kind: handle.kind, drop: async () => undefined };
    } else {
      const pg = await freshPostgres("demo", { filesDir });
      if (!pg) return;
      backend = { db: pg.handle.db, kind: pg.handle.kind, drop: () => pg.drop() };
    }
    await buildWorld(backend.db);
  }, 120_000);

  afterAll(async () => {
    await backend?.drop();
  });

  function on(ctx: TestContext) {
    if (!backend) {
      console.warn(`SKIPPED: the sweep on PostgreSQL (set TEST_DATABASE_URL to a reachable server)`);
      ctx.skip();
    }
    return backend!;
  }

  function collectJobs(db: Db, orderId: string) {
    return db
      .selectFrom("jobs")
      .select(["id", "payload", "dedupe_key", "state", "result"])
      .where("type", "=", COLLECT_CREDIT_CHECK_JOB)
      .where("dedupe_key", "like", `%${orderId}%`)
      .orderBy("created_at")
      .orderBy("run_at")
      .execute();
  }

  async function statusOf(db: Db, orderId: string) {
    const row = await db
      .selectFrom("credit_check_orders")
      .select(["status", "result"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** As the runner leaves a job: done, or dead after its last attempt. */
  async function settle(db: Db, dedupeKey: string, state: Extract<JobState, "done" | "dead">) {
    const updated = await db
      .updateTable("jobs")
      .set({
        state,
        finished_at: new Date().toISOString(),
        last_error: state === "dead" ? "connect ECONNREFUSED 127.0.0.1:5432" : null,
      })
      .where("dedupe_key", "=", dedupeKey)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
  }

  /** A fresh transfer of association A with an acquirer (Anna) and a guarantor (Yusuf). */
  async function newTransfer(db: Db): Promise<string> {
    const id = `sweep-${backendName}-${++transferSeq}`;
    await insertTransfer(db, { id, objectId: WORLD.objectA }, [
      { identifier_value: ANNA },
      {
        kind: "Guarantor",
        identifier_value: YUSUF,
        first_name: "Yusuf",
        last_name: "Hassan",
        transfer_share_numerator: null,
        transfer_share_denominator: null,
      },
    ]);
    return id;
  }

  /** A Pending order placed through the domain: the order and its first job. */
  async function ordered(db: Db, now = new Date(), transferId?: string, person = ANNA): Promise<string> {
    const id = transferId ?? (await newTransfer(db));
    const outcome = await orderCreditCheck(
      buildUseCaseContext(db, await actorFor(db, "user-karin"), { now }),
      id,
      {
        identifier: { type: "SocialSecurityNumber", value: person },
      },
    );
    if (!("orderId" in outcome)) throw new Error(`not ordered: ${outcome.rejectedReasons.join()}`);
    return outcome.orderId;
  }

  it("collects the seeded order that never had a job, at start, and leaves final orders as they are", async (ctx) => {
    const { db, kind } = on(ctx);
    const finals = () =>
      db
        .selectFrom("credit_check_orders")
        .select(["id", "status", "result", "completed_at"])
        .where("status", "<>", "Pending")
        .orderBy("id")
        .execute();
    const finalBefore = await finals();
    expect(finalBefore.length).toBeGreaterThan(3);
    expect(await statusOf(db, SEEDED_PENDING)).toMatchObject({ status: "Pending" });
    expect(await collectJobs(db, SEEDED_PENDING)).toEqual([]);

    // What startSchedules does at start; a second instance starting in the same quarter enqueues nothing.
    const at = new Date();
    expect(await enqueueSlot(db, sweepPeriodic, at)).not.toBeNull();
    expect(await enqueueSlot(db, sweepPeriodic, new Date(at.getTime() + 1))).toBeNull();
    const logs: string[] = [];
    const runner = createJobRunner({ db, kind, log: (m) => logs.push(m) });
    expect(await runner.drain()).toBe(2); // the sweep, then the collect job it enqueued

    const seeded = await statusOf(db, SEEDED_PENDING);
    expect(seeded.status).toBe("Success");
    creditReportSchema.parse(JSON.parse(seeded.result!));
    const chain = sweepChain(sweepPeriodic.slot(at));
    expect(await collectJobs(db, SEEDED_PENDING)).toMatchObject([
      { dedupe_key: collectDedupeKey(SEEDED_PENDING, 0, chain), state: "done" },
    ]);
    const sweepJob = await db
      .selectFrom("jobs")
      .select(["state", "result"])
      .where("type", "=", SWEEP_CREDIT_CHECKS)
      .executeTakeFirstOrThrow();
    expect(sweepJob.state).toBe("done");
    expect(JSON.parse(sweepJob.result!)).toEqual({ stranded: 1, swept: 1 });
    expect(
      logs.some((m) => m.endsWith("1 pending credit checks without a collect job given a new one")),
    ).toBe(true);

    expect((await finals()).filter((o) => o.id !== SEEDED_PENDING)).toEqual(finalBefore);
    for (const order of finalBefore) expect(await collectJobs(db, order.id)).toEqual([]);
  });

  it("gives an order whose chain died a new one, which the runner collects", async (ctx) => {
    const { db, kind } = on(ctx);
    const orderId = await ordered(db);
    await settle(db, collectDedupeKey(orderId, 0), "dead");

    // An operator's extra run (`npm run jobs -- run creditChecks.sweep`) takes the path of a scheduled one.
    expect(await runPeriodicNow(db, SWEEP_CREDIT_CHECKS)).not.toBeNull();
    const runner = createJobRunner({ db, kind, log: () => undefined });
    expect(await runner.drain()).toBe(2);
    expect((await statusOf(db, orderId)).status).toBe("Success");
    const jobs = await collectJobs(db, orderId);
    expect(jobs.map((j) => j.state)).toEqual(["dead", "done"]);
    expect(JSON.parse(jobs[1]!.result!)).toEqual({ outcome: "final", status: "Success" });
  });

  it("the new chain survives its first poll: its polls do not meet the dead chain's dedupe keys", async (ctx) => {
    const { db } = on(ctx);
    let clock = new Date();
    const slow = new CreditBureauSimulator({ latencyMs: 3_000, now: () => clock });
    const orderId = await ordered(db, clock);
    // The first chain: poll 0 placed the order and enqueued poll 1, which then failed every attempt.
    const first = await collectJobs(db, orderId);
    expect(
      await collectCreditCheck(
        buildUseCaseContext(db, "system", { now: clock, ports: { creditBureau: slow } }),
        CollectCreditCheckSchema.parse(JSON.parse(first[0]!.payload)),
      ),
    ).toMatchObject({ outcome: "later", reason: "Pending", nextPoll: 1 });
    await settle(db, collectDedupeKey(orderId, 0), "done");
    await settle(db, collectDedupeKey(orderId, 1), "dead");

    const outcome = await sweepCreditChecks(buildUseCaseContext(db, "system", { now: clock }), "slot-b");
    expect(outcome.swept).toBeGreaterThanOrEqual(1);
    const chain = sweepChain("slot-b");
    const started = (await collectJobs(db, orderId)).filter((j) => j.state === "queued");
    expect(started.map((j) => j.dedupe_key)).toEqual([collectDedupeKey(orderId, 0, chain)]);
    const payload = CollectCreditCheckSchema.parse(JSON.parse(started[0]!.payload));
    expect(payload).toEqual({ orderId, chain, poll: 0, bureauOrderId: null, placedAgain: 0 });

    // Poll 0 of the new chain: still Pending at the bureau, so poll 1 is enqueued under the chain's own key.
    expect(
      await collectCreditCheck(
        buildUseCaseContext(db, "system", { now: clock, ports: { creditBureau: slow } }),
        payload,
      ),
    ).toMatchObject({
      outcome: "later",
      reason: "Pending",
      nextPoll: 1,
    });
    await settle(db, collectDedupeKey(orderId, 0, chain), "done");
    const next = (await collectJobs(db, orderId)).filter((j) => j.state === "queued");
    expect(next.map((j) => j.dedupe_key)).toEqual([collectDedupeKey(orderId, 1, chain)]);
    const nextPayload = CollectCreditCheckSchema.parse(JSON.parse(next[0]!.payload));
    expect(nextPayload).toMatchObject({ chain, poll: 1, bureauOrderId: expect.stringMatching(/^SIM-/) });

    // Alive again: a later sweep leaves it alone; the next poll gets the answer.
    await sweepCreditChecks(buildUseCaseContext(db, "system", { now: clock }), "slot-b2");
    expect(await collectJobs(db, orderId)).toHaveLength(4);
    clock = new Date(clock.getTime() + 3_500);
    expect(
      await collectCreditCheck(
        buildUseCaseContext(db, "system", { now: clock, ports: { creditBureau: slow } }),
        nextPayload,
      ),
    ).toEqual({
      outcome: "final",
      status: "Success",
    });
    expect((await statusOf(db, orderId)).status).toBe("Success");
  });

  it("leaves an order alone while its job is queued or running, even under a lease that ran out", async (ctx) => {
    const { db } = on(ctx);
    const orderId = await ordered(db);
    await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-c");
    expect(await collectJobs(db, orderId)).toHaveLength(1);

    await db
      .updateTable("jobs")
      .set({ state: "running", locked_by: "gone", locked_until: new Date(Date.now() - 60_000).toISOString() })
      .where("dedupe_key", "=", collectDedupeKey(orderId, 0))
      .execute();
    await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-c2");
    expect(await collectJobs(db, orderId)).toHaveLength(1);
  });

  it("matches jobs to their order, not to the transfer: another order's live job does not count", async (ctx) => {
    const { db } = on(ctx);
    const transferId = await newTransfer(db);
    const anna = await ordered(db, new Date(), transferId, ANNA);
    const yusuf = await ordered(db, new Date(), transferId, YUSUF);
    await settle(db, collectDedupeKey(anna, 0), "dead");
    await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-d");
    expect((await collectJobs(db, anna)).map((j) => [j.dedupe_key, j.state])).toEqual([
      [collectDedupeKey(anna, 0), "dead"],
      [collectDedupeKey(anna, 0, sweepChain("slot-d")), "queued"],
    ]);
    expect((await collectJobs(db, yusuf)).map((j) => [j.dedupe_key, j.state])).toEqual([
      [collectDedupeKey(yusuf, 0), "queued"],
    ]);
  });

  it("run twice in one slot, starts one chain; a chain of the slot that died waits for the next slot", async (ctx) => {
    const { db } = on(ctx);
    const orderId = await ordered(db);
    await settle(db, collectDedupeKey(orderId, 0), "dead");
    const chain = sweepChain("slot-e");

    expect(
      (await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-e")).swept,
    ).toBeGreaterThanOrEqual(1);
    expect(await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-e")).toEqual(
      { stranded: 0, swept: 0 },
    );
    expect((await collectJobs(db, orderId)).map((j) => j.dedupe_key)).toEqual([
      collectDedupeKey(orderId, 0),
      collectDedupeKey(orderId, 0, chain),
    ]);

    // The slot's own chain died as well (an operator's retry of the sweep job runs the same slot again).
    await settle(db, collectDedupeKey(orderId, 0, chain), "dead");
    const again = await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-e");
    expect(again.stranded).toBeGreaterThanOrEqual(1);
    expect(again.swept).toBe(0);
    expect(await collectJobs(db, orderId)).toHaveLength(2);
    expect(
      (await sweepCreditChecks(buildUseCaseContext(db, "system", { now: new Date() }), "slot-e2")).swept,
    ).toBe(1);
    expect(await collectJobs(db, orderId)).toHaveLength(3);
  });
});
