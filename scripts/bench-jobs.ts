// The background jobs' figures for npm run bench (decisions 013, 016), also runnable alone: tsx scripts/bench-jobs.ts
// On a fresh SQLite file (as the product runs by default), in this process: no-op jobs through the runner, the
// latency from enqueue to start at idle (woken in process, and found by polling as from another process), and the
// retention purge of 10,000 erasable documents with their files on disk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as z from "zod";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/demo/seed.server";
import { applyRetention } from "~/server/domain/retention.server";
import { createDiskStorage } from "~/server/integrations/storage/index.server";
import { enqueueJob } from "~/server/context/job-queue.server";
import { defineJob } from "~/server/jobs/registry.server";
import { createJobRunner, DEFAULT_POLL_MS } from "~/server/jobs/runner.server";

const NOOP_JOBS = 2_000;
const LATENCY_SAMPLES = 20;
const PURGE_DOCUMENTS = 10_000;

let started: ((at: number) => void) | null = null;
defineJob({
  type: "bench.noop",
  schema: z.object({ n: z.number() }),
  maxAttempts: 1,
  async handler() {
    started?.(performance.now());
  },
});

const quiet = () => undefined;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function noopThroughput(handle: DbHandle) {
  const enqueueStart = performance.now();
  for (let n = 0; n < NOOP_JOBS; n++) await enqueueJob(handle.db, { type: "bench.noop", payload: { n } });
  const enqueueSeconds = (performance.now() - enqueueStart) / 1000;
  const runner = createJobRunner({ db: handle.db, kind: handle.kind, log: quiet });
  const t0 = performance.now();
  const ran = await runner.drain();
  const seconds = (performance.now() - t0) / 1000;
  return {
    measure: `${ran} no-op jobs, claimed and settled one by one`,
    figure: `${(ran / seconds).toFixed(0)} jobs/s (enqueue ${(NOOP_JOBS / enqueueSeconds).toFixed(0)} jobs/s)`,
  };
}

/** Enqueue to handler start with a started, idle runner: `wake` true as in the server, false as from a CLI. */
async function latency(handle: DbHandle, wake: boolean) {
  const runner = createJobRunner({ db: handle.db, kind: handle.kind, log: quiet });
  runner.start();
  // The runner's poll timer is unref'd (it never keeps a server from exiting); here nothing else would wait.
  const keepAlive = setInterval(() => undefined, 1_000);
  const samples: number[] = [];
  try {
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await new Promise((resolve) => setTimeout(resolve, 120 + Math.random() * 300)); // idle, out of phase
      const begin = performance.now();
      const ran = new Promise<number>((resolve) => (started = resolve));
      if (wake) await enqueueJob(handle.db, { type: "bench.noop", payload: { n: i } });
      else {
        // Another process's enqueue: the row appears without this process's wake-up.
        await handle.db
          .insertInto("jobs")
          .values({
            id: crypto.randomUUID(),
            type: "bench.noop",
            payload: JSON.stringify({ n: i }),
            transfer_id: null,
            state: "queued",
            run_at: new Date().toISOString(),
            max_attempts: 1,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      samples.push((await ran) - begin);
    }
  } finally {
    clearInterval(keepAlive);
    started = null;
    await runner.stop();
  }
  return {
    measure: `enqueue to start at idle, ${wake ? "same process (woken)" : `other process (poll ${DEFAULT_POLL_MS} ms)`}`,
    figure: `p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms (target < 1000 ms)`,
  };
}

async function retentionPurge(handle: DbHandle, dir: string) {
  const storage = createDiskStorage(path.join(dir, "files"));
  const decided = new Date(Date.now() - 60 * 24 * 3600_000).toISOString().slice(0, 10);
  const db = handle.db;
  const transfer = await db.selectFrom("transfers").selectAll().limit(1).executeTakeFirstOrThrow();
  const perTransfer = 10;
  const rows = [];
  for (let t = 0; t < PURGE_DOCUMENTS / perTransfer; t++) {
    rows.push({
      ...transfer,
      id: `bench-purge-${t}`,
      status: "MembershipApproved",
      membership_decision: "Approved",
      membership_decision_date: decided,
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("transfers")
      .values(rows.slice(i, i + 200))
      .execute();
  const pdf = new TextEncoder().encode("%PDF-1.4\n% bench\n");
  const documents = [];
  for (let d = 0; d < PURGE_DOCUMENTS; d++) {
    const transferId = `bench-purge-${Math.floor(d / perTransfer)}`;
    const key = `transfers/${transferId}/bench-doc-${d}.pdf`;
    await storage.put(key, pdf);
    documents.push({
      id: `bench-doc-${d}`,
      transfer_id: transferId,
      file_name: "Överlåtelseavtal.pdf",
      category: "TransferAgreement",
      status: "UploadVerified",
      document_type: "pdf" as const,
      size_in_bytes: pdf.byteLength,
      sensitive: 0 as const,
      storage_key: key,
      created_at: new Date().toISOString(),
    });
  }
  for (let i = 0; i < documents.length; i += 500) {
    await db
      .insertInto("documents")
      .values(documents.slice(i, i + 500))
      .execute();
  }
  const t0 = performance.now();
  const report = await applyRetention({ db, storage, now: new Date() });
  const seconds = (performance.now() - t0) / 1000;
  const erased = report.items.filter((i) => i.id.startsWith("bench-doc-")).length;
  return {
    measure: `retention purge of ${erased.toLocaleString("en-US")} erasable documents (file and row, audited)`,
    figure: `${seconds.toFixed(1)} s, ${(report.items.length / seconds).toFixed(0)} items/s (target < 60 s)`,
  };
}

export async function benchJobs(): Promise<Array<{ measure: string; figure: string }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "op-bench-jobs-"));
  const handle = openDatabase(`file:${path.join(dir, "app.db")}`);
  try {
    await migrateToLatest(handle.db);
    await seed(handle.db, { filesDir: path.join(dir, "files") });
    const rows = [];
    for (const step of [
      () => noopThroughput(handle),
      () => latency(handle, true),
      () => latency(handle, false),
      () => retentionPurge(handle, dir),
    ]) {
      rows.push(await step());
      if (process.env.BENCH_VERBOSE) console.error(rows.at(-1));
    }
    return rows;
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench-jobs.ts")) {
  console.table(await benchJobs());
}
