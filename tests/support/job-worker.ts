// A server-like process for the restart test (tests/integration/job-restart.test.ts): a job runner on the given
// SQLite file with a short lease, and a job type that, the first time it runs, says so and then hangs (the test
// kills the process with SIGKILL there); any later run completes and appends a line to the completions file.
import fs from "node:fs";
import * as z from "zod";
import { openDatabase } from "~/server/db/kysely.server";
import { defineJob } from "~/server/jobs/registry.server";
import { createJobRunner } from "~/server/jobs/runner.server";

const [databaseFile, dir] = process.argv.slice(2) as [string, string];
const startedFile = `${dir}/started`;
const completionsFile = `${dir}/completions`;

defineJob({
  type: "test.waiting",
  schema: z.object({ id: z.string() }),
  async handler({ id }) {
    if (!fs.existsSync(startedFile)) {
      fs.writeFileSync(startedFile, `${process.pid}\n`);
      await new Promise(() => undefined); // hangs until the process is killed
    }
    fs.appendFileSync(completionsFile, `${id} ${process.pid}\n`);
  },
});

const { db, kind } = openDatabase(`file:${databaseFile}`);
const runner = createJobRunner({ db, kind, leaseMs: 1_500, pollMs: 100, log: (m) => console.log(m) });
runner.start();
// A server's listening socket keeps its process alive; the runner's own timers are unref'd, so this stands in.
const alive = setInterval(() => undefined, 1_000);
process.on("SIGTERM", () => {
  clearInterval(alive);
  void runner.stop().finally(() => process.exit(0));
});
console.log("ready");
