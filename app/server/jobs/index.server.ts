import { getDbHandle } from "../db/db.server";
import { getLive } from "../live/live.server";
import { createJobRunner, type JobRunner } from "./runner.server";
// Every job type, so that a runner knows them all.
import { completeAbortJob } from "./handlers/complete-abort.server";
import "./handlers/periodic.server";
import "./handlers/maintenance.server";
import "./handlers/documents.server";
import { sendMailJob } from "./handlers/mail.server";
import { jobDefinition } from "./registry.server";
import { startSchedules } from "./schedule.server";

declare global {
  var __jobRunner: JobRunner | undefined;
}

/**
 * The runner embedded in the server process (decision 013): started once per process by the server entry, stopped
 * on shutdown. Several instances on one PostgreSQL database each run one; the claim makes each job run once.
 */
export function startJobRunner(): JobRunner {
  // package.json says `sideEffects: false`, so the bundle drops a handler module that nothing uses by name: these
  // are the ones only the runner needs, named here so that they stay (and checked, so that a dropped one is loud).
  for (const job of [completeAbortJob, sendMailJob]) {
    if (jobDefinition(job.type) !== job) throw new Error(`job type ${job.type} is not registered`);
  }
  if (!globalThis.__jobRunner) {
    const { db, kind } = getDbHandle();
    const runner = createJobRunner({ db, kind, live: getLive().publisher });
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
