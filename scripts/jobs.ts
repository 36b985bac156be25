// npm run jobs -- list | dead | retry <id> | run <periodic type>   (operators; honours DATABASE_URL and DATA_DIR)
import { getDbHandle } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { jobsOf, retryJob } from "~/server/jobs/admin.server";
import { runPeriodicNow } from "~/server/jobs/schedule.server";

const [command, id] = process.argv.slice(2);
const { db, destroy } = getDbHandle();

function print(rows: Awaited<ReturnType<typeof jobsOf>>) {
  if (rows.length === 0) return console.log("(inga jobb)");
  for (const job of rows) {
    console.log(
      [
        job.id,
        job.state.padEnd(7),
        job.type,
        `försök ${job.attempts}/${job.max_attempts}`,
        job.run_at,
        job.transfer_id ?? "-",
        job.last_error ?? "",
      ]
        .join("  ")
        .trimEnd(),
    );
  }
}

try {
  await migrateToLatest(db);
  if (command === "list") print(await jobsOf(db, { limit: 100 }));
  else if (command === "dead") print(await jobsOf(db, { state: "dead" }));
  else if (command === "retry" && id) {
    if (await retryJob(db, id)) console.log(`Köad igen: ${id}`);
    else {
      console.error("Inget dött eller misslyckat jobb med det id:t.");
      process.exitCode = 1;
    }
  } else if (command === "run" && id) {
    const jobId = await runPeriodicNow(db, id);
    if (jobId) console.log(`Köat: ${id} (${jobId}); en körande server tar det inom en sekund.`);
    else {
      console.error(`Inget periodiskt jobb heter ${id}.`);
      process.exitCode = 1;
    }
  } else {
    console.error("usage: npm run jobs -- list | dead | retry <id> | run <periodic type>");
    process.exitCode = 2;
  }
} finally {
  await destroy();
}
