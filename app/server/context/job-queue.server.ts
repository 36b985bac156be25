import crypto from "node:crypto";
import type { Db } from "../db/kysely.server";
import type { JobQueue, NewJob } from "../domain/core/context.server";
import { currentTraceparent } from "../platform/tracing.server";

export type { NewJob };

/**
 * Enqueueing a background job (decision 013): the job queue port of the use cases (domain/core/context). Called
 * inside the same transaction as the change that needs the job, so a committed change never lacks its job and a
 * rolled-back one never has a stray job. A `dedupeKey` that already exists enqueues nothing (a periodic slot, or
 * one job per change).
 */
export const DEFAULT_MAX_ATTEMPTS = 5;

const wakers = new Set<() => void>();

/** A runner in this process listens, so that a job enqueued here starts at once instead of at the next poll. */
export function onJobEnqueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export async function enqueueJob(db: Db, job: NewJob, now = new Date()): Promise<string | null> {
  const id = crypto.randomUUID();
  const inserted = await db
    .insertInto("jobs")
    .values({
      id,
      type: job.type,
      payload: JSON.stringify(job.payload ?? null),
      transfer_id: job.transferId ?? null,
      state: "queued",
      run_at: (job.runAt ?? now).toISOString(),
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupe_key: job.dedupeKey ?? null,
      created_at: now.toISOString(),
      // The run is traced under what enqueued it (decision 046).
      trace_parent: currentTraceparent(),
    })
    .onConflict((oc) =>
      job.coalesce
        ? oc.column("dedupe_key").doUpdateSet((eb) => ({ dedupe_key: eb.ref("excluded.dedupe_key") }))
        : oc.column("dedupe_key").doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  // Nothing inserted, or (coalescing) the row of the job that was already waiting.
  if (inserted?.id !== id) return null;
  // The transaction may still be open: the runner's claim simply finds the row once it is committed.
  setTimeout(() => wakers.forEach((wake) => wake()), 0);
  return id;
}

/** A coalescing job, as it starts: later enqueues with its key make a new job instead of joining this one. */
export async function releaseDedupeKey(db: Db, jobId: string): Promise<void> {
  await db.updateTable("jobs").set({ dedupe_key: null }).where("id", "=", jobId).execute();
}

/** The queue the use cases are given. */
export const jobQueue: JobQueue = { enqueue: enqueueJob, release: releaseDedupeKey };
