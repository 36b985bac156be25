// Readiness (GET /readyz) against real databases: what it checks, how fast it gives up, what shutdown does, and
// that it comes back by itself when a database that went away returns.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
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

/**
 * PostgreSQL behind a TCP relay the test controls: `down` ends every connection and refuses new ones, as a server
 * that stopped (or restarted) does; `up` listens again on the same port, as the server coming back does.
 */
async function relayTo(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.address() as net.AddressInfo).port;
  return {
    port,
    async down() {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async up() {
      await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
    },
    close: () => relay.close(),
  };
}

describe("readiness when PostgreSQL goes away and comes back", () => {
  it("answers not ready within 2 s while the database is gone, and ready again on its own once it returns", async (ctx) => {
    const pg = await freshPostgres("migrated");
    if (!pg) {
      console.log("SKIPPED: readiness on PostgreSQL (set TEST_DATABASE_URL to a reachable server)");
      ctx.skip();
      return;
    }
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const relay = await relayTo({ host: server.hostname, port: Number(server.port || 5432) });
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(pg.handle.db);
    const url = new URL(server);
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${rows[0]!.name}`;
    // The instance's own pool, opened once: nothing reopens it between the checks below.
    const handle = openDatabase(url.toString());
    try {
      // Several checks, so that the pool holds connections that the outage then cuts.
      for (let i = 0; i < 3; i++) expect((await readiness(deps(handle))).ready).toBe(true);

      await relay.down();
      const started = performance.now();
      const gone = await readiness(deps(handle));
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(gone.ready).toBe(false);
      expect(part(gone, "database")).toMatchObject({ ok: false });
      expect(part(gone, "storage")?.ok).toBe(true);
      // It stays not ready while the database is away, every check answering in time.
      for (let i = 0; i < 3; i++) {
        const again = performance.now();
        expect((await readiness(deps(handle))).ready).toBe(false);
        expect(performance.now() - again).toBeLessThan(2_000);
      }

      await relay.up();
      let answer = await readiness(deps(handle));
      const deadline = Date.now() + 5_000;
      while (!answer.ready && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await readiness(deps(handle));
      }
      expect(answer.ready).toBe(true);
      expect(part(answer, "database")).toMatchObject({ ok: true });
    } finally {
      relay.close();
      await handle.destroy().catch(() => undefined);
      await pg.drop();
    }
  });
});
