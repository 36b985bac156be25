import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Builds when build/index.js is missing or older than anything under app/. */
export function ensureBuild(): void {
  const built = path.join(ROOT, "build", "index.js");
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const newest = newestMtime(path.join(ROOT, "app"));
  if (builtAt > 0 && builtAt >= newest) {
    console.log("[bench] build is up to date");
    return;
  }
  console.log(
    builtAt === 0 ? "[bench] no build: npm run build" : "[bench] app/ changed since the build: npm run build",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * The environment of `DEMO=1 npm start` in DATA_DIR (a demo install on the simulators, as the README starts it),
 * without anything of the caller's that would point elsewhere.
 */
export function productEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DEMO: "1",
    DATA_DIR: dataDir,
    ...extra,
  };
  for (const name of ["DATABASE_URL", "SESSION_SECRET", "NODE_OPTIONS", "HOST", "INSECURE_COOKIES"]) {
    delete env[name];
  }
  return env;
}

export interface BenchUser {
  userId: string;
  tenantId: string;
}

/**
 * Session cookies for these users, signed with this DATA_DIR's secret: scripts/bench/mint-cookies.ts runs in the
 * product's environment, as a signed-in browser's cookie would have been made. Throws when one is missing.
 */
export function mintCookies(dataDir: string, users: BenchUser[]): Record<string, string> {
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const out = execFileSync(
    tsx,
    [
      path.join(ROOT, "scripts", "bench", "mint-cookies.ts"),
      ...users.map((u) => `${u.userId}:${u.tenantId}`),
    ],
    { cwd: ROOT, env: productEnv(dataDir), encoding: "utf8" },
  );
  const cookies = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as Record<string, string>;
  for (const { userId } of users) if (!cookies[userId]) throw new Error(`no session cookie for ${userId}`);
  return cookies;
}

/** One user's session cookie (mintCookies). */
export function cookieFor(dataDir: string, user: BenchUser): string {
  return mintCookies(dataDir, [user])[user.userId]!;
}

export interface RunningServer {
  port: number;
  /** The server process's id (node ./server.js itself, no shell in between): for /proc/{pid}/status. */
  pid: number;
  /** http://localhost:PORT: the Host the server sees, and the Origin its same-site check expects. */
  origin: string;
  logFile: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills what is still running (an error or Ctrl-C in the middle of a run). */
export function killAll(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/**
 * `DEMO=1 NODE_ENV=production node ./server.js` as the README starts it, on a free port, with its output in a log
 * file (the access log writes a line per request). Resolves when GET /api/tenants answers 200, which is after
 * migrations and, on a fresh DATA_DIR, the demo seed.
 */
export async function startServer(
  dataDir: string,
  label: string,
  /** More of the environment (METRICS_PORT, LOG_LEVEL, OTEL_*): the observability bench's two servers. */
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const logFile = path.join(dataDir, `server-${label}.log`);
  const log = fs.openSync(logFile, "a");
  // BENCH_NODE_FLAGS: node flags for the server under measurement only, e.g. `--require ./memlog.cjs` to log
  // process.memoryUsage() (NODE_OPTIONS is removed above, so the bench's own tsx flags do not leak in).
  const flags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...flags, "./server.js"], {
    cwd: ROOT,
    env: productEnv(dataDir, { ...extraEnv, PORT: String(port) }),
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  running.add(child);
  let exited: number | null | undefined;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exited = code;
      running.delete(child);
      resolve();
    }),
  );

  const origin = `http://localhost:${port}`;
  const started = performance.now();
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== undefined) {
      throw new Error(`server exited with ${exited} before it was ready\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready after 180 s\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${origin}/api/tenants`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  console.log(
    `[bench] server ${label} ready on ${origin} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  return {
    port,
    pid: child.pid ?? 0,
    origin,
    logFile,
    async stop() {
      if (exited !== undefined) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 8000);
      await exitedPromise;
      clearTimeout(killer);
    },
  };
}

export function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
