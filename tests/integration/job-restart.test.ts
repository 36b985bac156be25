import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { enqueueJob } from "~/server/context/job-queue.server";

/**
 * Decision 013: kill the server with SIGKILL while a job runs, start it again, and the job completes exactly once.
 * The worker is a real second process (tests/support/job-worker.ts) on a SQLite file; its lease is 1.5 s.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "op-restart-"));
const databaseFile = path.join(dir, "app.db");
const children: ChildProcess[] = [];
const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");

function worker(): ChildProcess {
  const child = spawn(process.execPath, [tsx, "tests/support/job-worker.ts", databaseFile, dir], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "test" },
  });
  children.push(child);
  return child;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(() => {
  // The wrappers, and the runner processes tsx started under them (their pids are in the files).
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const file of ["started", "completions"]) {
    const text = fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), "utf8") : "";
    for (const pid of text.match(/\d{2,}/g) ?? [])
      if (alive(Number(pid))) process.kill(Number(pid), "SIGKILL");
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a job whose server is killed", () => {
  it("is taken over after the lease by the restarted server and completes exactly once", async () => {
    const { db, destroy } = openDatabase(`file:${databaseFile}`);
    try {
      await migrateToLatest(db);
      const jobId = (await enqueueJob(db, { type: "test.waiting", payload: { id: "once" } }))!;

      const first = worker();
      await until(() => fs.existsSync(path.join(dir, "started")), 30_000, "the first run to start");
      // tsx runs the script in a child of its own: kill the process that runs the job, then the wrapper.
      const runnerPid = Number(fs.readFileSync(path.join(dir, "started"), "utf8").trim());
      process.kill(runnerPid, "SIGKILL");
      first.kill("SIGKILL");
      await until(() => first.exitCode !== null || first.signalCode !== null, 5_000, "the kill");
      await until(() => !alive(runnerPid), 5_000, "the runner process to die");
      const running = await db
        .selectFrom("jobs")
        .selectAll()
        .where("id", "=", jobId)
        .executeTakeFirstOrThrow();
      expect(running.state).toBe("running");

      const second = worker();
      await until(
        async () =>
          (await db.selectFrom("jobs").select("state").where("id", "=", jobId).executeTakeFirstOrThrow())
            .state === "done",
        30_000,
        "the restarted server to finish the job",
      );
      second.kill("SIGTERM");
      const done = await db.selectFrom("jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
      expect(done).toMatchObject({ state: "done", last_error: null });
      expect(Number(done.attempts)).toBe(2);
      const completions = fs.readFileSync(path.join(dir, "completions"), "utf8").trim().split("\n");
      expect(completions).toHaveLength(1);
      expect(completions[0]).toMatch(/^once \d+$/);
      expect(completions[0]).not.toBe(`once ${runnerPid}`);
    } finally {
      await destroy();
    }
  }, 90_000);
});
