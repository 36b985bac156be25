import { getDbHandle } from "../db/db.server";
import { getLive } from "../live/live.server";
import { createJobRunner, type JobRunner } from "./runner.server";
// Every job type, so that a runner knows them all.
import "./handlers/complete-abort.server";
import "./handlers/periodic.server";
import "./handlers/maintenance.server";
import "./handlers/documents.server";
import "./handlers/mail.server";
import { startSchedules } from "./schedule.server";

declare global {
  var __jobRunner: JobRunner | undefined;
}

/**
 * The runner embedded in the server process (decision 013): started once per process by the server entry, stopped
 * on shutdown. Several instances on one PostgreSQL database each run one; the claim makes each job run once.
 */
export function startJobRunner(): JobRunner {
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
