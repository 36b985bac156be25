import { getDbHandle } from "../db/db.server";
import { getLive } from "../live/live.server";
import { createJobRunner, type JobRunner } from "./runner.server";
// Every job type, so that a runner knows them all.
import * as automaticReview from "./handlers/automatic-review.server";
import * as completeAbort from "./handlers/complete-abort.server";
import * as creditChecks from "./handlers/credit-checks.server";
import * as decision from "./handlers/decision.server";
import * as documents from "./handlers/documents.server";
import * as mail from "./handlers/mail.server";
import * as maintenance from "./handlers/maintenance.server";
import * as periodic from "./handlers/periodic.server";
import { startSchedules } from "./schedule.server";
import { getMetrics } from "../ops/index.server";

/**
 * The handler modules, referenced by name: package.json declares `sideEffects: false`, so the server bundle
 * drops a module imported only for its side effects (`import "./handlers/x"`), and with it the defineJob calls,
 * and the built server would answer `unknown job type` for those jobs. Add every new handler module here.
 */
export const JOB_MODULES = [
  automaticReview,
  completeAbort,
  creditChecks,
  decision,
  documents,
  mail,
  maintenance,
  periodic,
] as const;

declare global {
  var __jobRunner: JobRunner | undefined;
}

/**
 * The runner embedded in the server process (decision 013): started once per process by the server entry, stopped
 * on shutdown. Several instances on one PostgreSQL database each run one; the claim makes each job run once.
 */
export function startJobRunner(): JobRunner {
  if (!globalThis.__jobRunner) {
    // (Referenced here, so that the bundle keeps the handler modules and their defineJob calls.)
    if (JOB_MODULES.some((module) => Object.keys(module).length === 0))
      throw new Error("A job module is empty");
    const { db, kind } = getDbHandle();
    const metrics = getMetrics();
    const runner = createJobRunner({
      db,
      kind,
      live: getLive().publisher,
      onRun: metrics ? ({ type, outcome, seconds }) => metrics.observeJob(type, outcome, seconds) : undefined,
    });
    const stopSchedules = startSchedules(db);
    runner.start();
    globalThis.__jobRunner = {
      ...runner,
      async stop() {
        stopSchedules();
        await runner.stop();
      },
    };
  }
  return globalThis.__jobRunner;
}

export async function stopJobRunner(): Promise<void> {
  const runner = globalThis.__jobRunner;
  globalThis.__jobRunner = undefined;
  await runner?.stop();
}
