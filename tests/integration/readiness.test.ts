// Readiness (GET /readyz) against real databases: what it checks, how fast it gives up, what shutdown does.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { createDiskStorage } from "~/server/integrations/storage/index.server";
import { readiness, type ReadinessDeps } from "~/server/ops/health.server";
import { freshPostgres, freshSqlite } from "../support/db";

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-readyz-"));
const storage = createDiskStorage(filesDir);
const handles: DbHandle[] = [];
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.destroy().catch(() => undefined)));
  fs.rmSync(filesDir, { recursive: true, force: true });
});

function deps(handle: DbHandle, extra: Partial<ReadinessDeps> = {}): ReadinessDeps {
  return { db: handle.db, storage: () => storage, shuttingDown: () => false, ...extra };
}

const part = (answer: Awaited<ReturnType<typeof readiness>>, name: string) =>
  answer.parts.find((p) => p.name === name);

describe("readiness on SQLite", () => {
  it("is ready with a migrated database, the storage and a job runner that looks for work", async () => {
    const handle = await freshSqlite();
    handles.push(handle);
    const answer = await readiness(deps(handle, { jobHeartbeat: () => Date.now() - 300 }));
    expect(answer.ready).toBe(true);
    expect(answer.parts.map((p) => p.name)).toEqual(["database", "migrations", "storage", "redis", "jobs"]);
    expect(part(answer, "redis")).toMatchObject({ ok: true, off: true });
    for (const p of answer.parts) expect(p.ms).toBeGreaterThanOrEqual(0);
  });

  it("is not ready while migrations are pending, and names them", async () => {
    const handle = openDatabase(":memory:");
    handles.push(handle);
    const answer = await readiness(deps(handle));
    expect(answer.ready).toBe(false);
    expect(part(answer, "migrations")).toMatchObject({ ok: false });
    expect(part(answer, "migrations")?.error).toContain("0001");
  });

  it("is not ready when the job runner stopped or has not looked for work for too long", async () => {
    const handle = await freshSqlite();
    handles.push(handle);
    const stopped = await readiness(deps(handle, { jobHeartbeat: () => null }));
    expect(part(stopped, "jobs")).toMatchObject({ ok: false, error: "the job runner is stopped" });
    const stuck = await readiness(deps(handle, { jobHeartbeat: () => Date.now() - 60_000 }));
    expect(stuck.ready).toBe(false);
    expect(part(stuck, "jobs")?.error).toMatch(/last looked for work 60 s ago/);
  });

  it("answers not ready at once during shutdown, without touching the database", async () => {
    const handle = openDatabase(":memory:");
    await handle.destroy();
    const answer = await readiness(deps(handle, { shuttingDown: () => true }));
    expect(answer).toEqual({ ready: false, shuttingDown: true, parts: [] });
  });

  it("reports a Redis that does not answer, and one that never answers within the time", async () => {
    const handle = await freshSqlite();
    handles.push(handle);
    const refused = await readiness(
      deps(handle, { redisPing: () => Promise.reject(new Error("Connection is closed.")) }),
    );
    expect(refused.ready).toBe(false);
    expect(part(refused, "database")?.ok).toBe(true);
    expect(part(refused, "redis")).toMatchObject({ ok: false, error: "Connection is closed." });
    const silent = await readiness(deps(handle, { redisPing: () => new Promise(() => undefined) }));
    expect(part(silent, "redis")?.error).toMatch(/no answer within 1500 ms/);
  });
});

describe("readiness on PostgreSQL", () => {
  it("is ready on a migrated database, and gives up on an unreachable one within 2 s", async (ctx) => {
    const pg = await freshPostgres("migrated");
    if (!pg) {
      console.log("SKIPPED: readiness on PostgreSQL (set TEST_DATABASE_URL to a reachable server)");
      ctx.skip();
      return;
    }
    try {
      expect((await readiness(deps(pg.handle))).ready).toBe(true);
    } finally {
      await pg.drop();
    }
    // A server that takes the connection but never answers (a black hole): the check must not hang.
    const sockets: net.Socket[] = [];
    const hole = net.createServer((socket) => sockets.push(socket)).listen(0, "127.0.0.1");
    await new Promise((resolve) => hole.once("listening", resolve));
    const port = (hole.address() as net.AddressInfo).port;
    const gone = openDatabase(`postgres://ci:ci@127.0.0.1:${port}/none`);
    const started = performance.now();
    const answer = await readiness(deps(gone));
    const elapsed = performance.now() - started;
    expect(answer.ready).toBe(false);
    expect(part(answer, "database")?.error).toMatch(/no answer within/);
    expect(elapsed).toBeLessThan(2_000);
    for (const socket of sockets) socket.destroy();
    hole.close();
    await gone.destroy().catch(() => undefined);
  });
});
