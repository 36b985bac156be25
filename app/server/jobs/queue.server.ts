import crypto from "node:crypto";
import type { Db } from "../db/kysely.server";

/**
 * Enqueueing a background job (decision 013). Called inside the same transaction as the change that needs the
 * job, so a committed change never lacks its job and a rolled-back one never has a stray job. A `dedupeKey`
 * that already exists enqueues nothing (a periodic slot, or one job per change).
 */
export interface NewJob {
  type: string;
  payload: unknown;
  transferId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  dedupeKey?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

const wakers = new Set<() => void>();

/** A runner in this process listens, so that a job enqueued here starts at once instead of at the next poll. */
export function onJobEnqueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export async function enqueueJob(db: Db, job: NewJob, now = new Date()): Promise<string | null> {
  const id = crypto.randomUUID();
  const result = await db
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
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  // The transaction may still be open: the runner's claim simply finds the row once it is committed.
  setTimeout(() => wakers.forEach((wake) => wake()), 0);
  return id;
}
