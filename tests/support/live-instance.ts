// Two roles in one file, for the live channel's scale-out test:
// - imported: helpers that start Debian's redis-server and instances of this script as child processes;
// - run with `npx tsx tests/support/live-instance.ts`: one product instance. It takes DATA_DIR,
//   SESSION_SECRET (or the secret file in DATA_DIR), REDIS_URL and PORT from the environment, builds the
//   live channel exactly as the product does (getLive(): Redis backplane and Redis presence), and serves
//   the product's resource routes /api/ws/negotiate and /api/ws over node:http, plus two test endpoints:
//   POST /test/publish {group, event, payload}, POST /test/watch {userId, transferId} and
//   POST /test/access-changed {userIds} (the domain's announcement that these users' access narrowed).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer as createNetServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "../..");

export const REDIS_SERVER = "/usr/bin/redis-server";

export function redisServerInstalled(): boolean {
  return fs.existsSync(REDIS_SERVER);
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

function waitForLine(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 20_000) {
  return new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`${what} did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) done();
    };
    const onExit = (code: number | null) => fail(new Error(`${what} exited (${code}):\n${output}`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
    }
    function done() {
      cleanup();
      resolve();
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", onExit);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free port, without persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  await waitForLine(child, /Ready to accept connections/, "redis-server");
  child.stdout?.resume();
  child.stderr?.resume();
  return { url: `redis://127.0.0.1:${port}`, stop: () => stop(child) };
}

export interface LiveInstance {
  origin: string;
  stop(): Promise<void>;
}

/**
 * This script as a child process; resolves once it listens. The project's tsx binary is what `npx tsx`
 * runs, started directly so that SIGTERM reaches the instance rather than npm.
 */
export async function startLiveInstance(env: Record<string, string>): Promise<LiveInstance> {
  const port = await freePort();
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), [here], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitForLine(child, /live-instance listening/, "live instance", 60_000);
  child.stdout?.resume();
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[instance ${port}] ${chunk.toString()}`));
  return { origin: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

async function main(): Promise<void> {
  const { createServer } = await import("node:http");
  const { createFetchListener } = await import("~/server/live/node-adapter.server");
  const { getLive, closeLive } = await import("~/server/live/live.server");
  const { getDb } = await import("~/server/db/db.server");
  const { getUserById } = await import("~/server/domain/users.server");
  const negotiate = await import("~/routes/api.ws.negotiate");
  const connection = await import("~/routes/api.ws");

  if (!process.env.REDIS_URL) throw new Error("live-instance needs REDIS_URL");
  const live = getLive();
  await live.ready;
  const context = {};
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  const server = createServer(
    createFetchListener(async (request) => {
      const { pathname } = new URL(request.url);
      const args = { request, params: {}, context };
      if (pathname === "/api/ws/negotiate") return negotiate.action(args);
      if (pathname === "/api/ws") {
        return request.method === "GET" || request.method === "HEAD"
          ? connection.loader(args)
          : connection.action(args);
      }
      if (pathname === "/test/publish" && request.method === "POST") {
        const { group, event, payload } = (await request.json()) as {
          group: string;
          event: string;
          payload: unknown;
        };
        await live.hub.publish(group, event, payload);
        return json({ ok: true });
      }
      if (pathname === "/test/access-changed" && request.method === "POST") {
        const { userIds } = (await request.json()) as { userIds: string[] };
        await live.publisher.accessChanged(userIds);
        return json({ ok: true });
      }
      if (pathname === "/test/watch" && request.method === "POST") {
        const { userId, transferId } = (await request.json()) as { userId: string; transferId: string };
        const user = await getUserById(getDb(), userId);
        if (!user) return json({ error: "no such user" }, 404);
        const principal = {
          userId: user.id,
          tenantId: user.tenantId,
          firstName: user.firstName,
          lastName: user.lastName,
        };
        return json(await live.methods.watchTransfer(principal, transferId));
      }
      return new Response("Not found", { status: 404 });
    }),
  );
  const port = Number(process.env.PORT ?? 0);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  console.log(`live-instance listening on ${port}`);
  const shutdown = () => {
    server.closeAllConnections();
    server.close();
    void closeLive().finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
