import { Cron } from "croner";
import { todayInStockholm } from "~/lib/dates";
import type { Db } from "../db/kysely.server";
import { SWEEP_CREDIT_CHECKS } from "./handlers/credit-checks.server";
import { EXPIRE_UPLOADS } from "./handlers/documents.server";
import { APPLY_RETENTION, REFRESH_BOARDS } from "./handlers/maintenance.server";
import { PURGE_SESSIONS, REFRESH_EXPIRY } from "./handlers/periodic.server";
import { enqueueJob } from "../context/job-queue.server";
import { getLog } from "../platform/log.server";

/**
 * Periodic jobs (decision 037). Every instance keeps the same cron schedule; each run enqueues the job with a dedupe
 * key naming its slot (the day, the hour, the quarter or the five minutes), so a slot runs once per cluster however
 * many instances fire. Daily slots (and the credit-check sweep, decision 040) are also enqueued at start, so a day
 * missed while the service was down is caught up.
 */
export interface Periodic {
  type: string;
  pattern: string;
  /** The slot a moment belongs to: the same string for every instance firing for the same run. */
  slot: (at: Date) => string;
  atStart: boolean;
}

export const PERIODIC: Periodic[] = [
  { type: REFRESH_EXPIRY, pattern: "5 0 * * *", slot: (at) => todayInStockholm(at), atStart: true },
  // Before the working day: who sits on which board today, then what the retention rules release.
  { type: REFRESH_BOARDS, pattern: "30 4 * * *", slot: (at) => todayInStockholm(at), atStart: true },
  { type: APPLY_RETENTION, pattern: "15 3 * * *", slot: (at) => todayInStockholm(at), atStart: true },
  // Every five minutes: uploads started and never completed (slot: the five-minute window).
  {
    type: EXPIRE_UPLOADS,
    pattern: "*/5 * * * *",
    slot: (at) => `${at.toISOString().slice(0, 15)}${Math.floor((at.getUTCMinutes() % 10) / 5) * 5}`,
    atStart: false,
  },
  // Every quarter of an hour, and at start: Pending credit checks whose collect job was lost get a new one
  // (slot: the quarter, `2026-11-26T06:45`).
  {
    type: SWEEP_CREDIT_CHECKS,
    pattern: "*/15 * * * *",
    slot: (at) =>
      `${at.toISOString().slice(0, 14)}${String(Math.floor(at.getUTCMinutes() / 15) * 15).padStart(2, "0")}`,
    atStart: true,
  },
  {
    type: PURGE_SESSIONS,
    pattern: "17 * * * *",
    slot: (at) => at.toISOString().slice(0, 13),
    atStart: false,
  },
];

export async function enqueueSlot(db: Db, periodic: Periodic, at: Date): Promise<string | null> {
  const slot = periodic.slot(at);
  return enqueueJob(
    db,
    { type: periodic.type, payload: { slot }, dedupeKey: `${periodic.type}@${slot}` },
    at,
  );
}

/** An operator's extra run of a periodic job (`npm run jobs -- run boards.refresh`, the simulators' pages). */
export async function runPeriodicNow(db: Db, type: string, at = new Date()): Promise<string | null> {
  const periodic = PERIODIC.find((p) => p.type === type);
  if (!periodic) return null;
  const slot = `manual-${at.toISOString()}`;
  return enqueueJob(db, { type, payload: { slot }, dedupeKey: `${type}@${slot}` }, at);
}

export function startSchedules(
  db: Db,
  log: (message: string) => void = (message) => getLog().error({ component: "schedules" }, message),
): () => void {
  const crons = PERIODIC.map(
    (periodic) =>
      new Cron(periodic.pattern, { timezone: "Europe/Stockholm", protect: true }, () => {
        enqueueSlot(db, periodic, new Date()).catch((error: unknown) =>
          log(`[jobs] could not enqueue ${periodic.type}: ${String(error)}`),
        );
      }),
  );
  for (const periodic of PERIODIC.filter((p) => p.atStart)) {
    enqueueSlot(db, periodic, new Date()).catch((error: unknown) =>
      log(`[jobs] could not enqueue ${periodic.type}: ${String(error)}`),
    );
  }
  return () => crons.forEach((cron) => cron.stop());
}
