// Live channel benchmark: concurrent SSE connections held by one instance, memory per connection, memory
// after a second round, and event fan-out latency. `npm run bench` imports benchLive(); alone:
// `npx tsx scripts/bench-live.ts`.
//
// The instance (node:http + the hub + the product's methods, in-process backplane) runs in a child
// process of this script, so that its memory is measured apart from the 2,000 clients'. The clients are
// raw HTTP: negotiate, an SSE GET, the handshake POST, as the official client does on that transport.
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(import.meta.url);
const SERVER_FLAG = "--bench-live-server";
const TOKEN = "bench-token";
const RS = "\u001e";

export interface BenchLiveOptions {
  connections?: number;
  fanOutClients?: number;
  events?: number;
  /** Pause between published events. */
  eventIntervalMs?: number;
  concurrency?: number;
}

// ---------------------------------------------------------------------------------------------------
// The instance (child process)

interface MemoryReport {
  rss: number;
  heapUsed: number;
  external: number;
  connections: number;
}

type ServerRequest =
  | { id: number; kind: "memory" }
  | { id: number; kind: "publish"; group: string; events: number; intervalMs: number }
  | { id: number; kind: "exit" };

async function runServer(): Promise<void> {
  const { createHub } = await import("../app/server/live/hub.server");
  const { createProductMethods } = await import("../app/server/live/methods.server");
  const { createMemoryPresence } = await import("../app/server/live/presence.server");
  const { createFetchListener } = await import("../app/server/live/node-adapter.server");

  const principal = { userId: "bench-user", tenantId: "bench-tenant", firstName: "Bench", lastName: "User" };
  const hub = createHub({
    authenticate: async (token) => (token === TOKEN ? principal : null),
    // The raw clients do not ping; the server's own pings (every 15 s) still run.
    clientTimeoutMs: 10 * 60_000,
  });
  const product = createProductMethods({
    hub,
    presence: createMemoryPresence(),
    canSeeTransfer: async () => true,
    ownsSearch: () => false,
    scopeUnitsOf: async () => ["tenant:bench"],
    transferUnits: async (ids) => new Map(ids.map((id) => [id, ["tenant:bench"]])),
    presenceSweepMs: 0,
  });
  hub.addMethods(product.methods);

  const server = http.createServer(
    createFetchListener((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/api/ws/negotiate") return hub.handleNegotiate(request);
      if (pathname === "/api/ws") return hub.handleConnection(request);
      return new Response("Not found", { status: 404 });
    }),
  );
  server.maxConnections = 100_000;
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const gc = (globalThis as { gc?: () => void }).gc;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  process.on("message", (message: ServerRequest) => {
    void (async () => {
      if (message.kind === "memory") {
        await settle();
        const usage = process.memoryUsage();
        const report: MemoryReport = {
          rss: usage.rss,
          heapUsed: usage.heapUsed,
          external: usage.external,
          connections: hub.stats().connections,
        };
        process.send?.({ id: message.id, report });
      } else if (message.kind === "publish") {
        for (let i = 0; i < message.events; i++) {
          await hub.publish(message.group, "benchEvent", {
            seq: i,
            sentAt: performance.timeOrigin + performance.now(),
          });
          await new Promise((resolve) => setTimeout(resolve, message.intervalMs));
        }
        process.send?.({ id: message.id });
      } else {
        product.dispose();
        await hub.close();
        server.closeAllConnections();
        server.close();
        process.send?.({ id: message.id });
        process.exit(0);
      }
    })();
  });
  process.send?.({ ready: port, gc: gc !== undefined });
}

// ---------------------------------------------------------------------------------------------------
// The bench (parent process)

class Instance {
  private nextId = 1;
  private readonly waiting = new Map<number, (value: unknown) => void>();
  constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on("message", (message: { id?: number }) => {
      if (message.id === undefined) return;
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
  }
  ask<T>(request: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve as (value: unknown) => void);
      this.child.send({ ...request, id });
    });
  }
  memory() {
    return this.ask<{ report: MemoryReport }>({ kind: "memory" }).then((answer) => answer.report);
  }
}

async function startInstance(): Promise<Instance> {
  const child = fork(HERE, [SERVER_FLAG], {
    execArgv: [...process.execArgv, "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message: { ready?: number }) => {
      if (typeof message.ready === "number") resolve(message.ready);
    });
    child.once("exit", (code) => reject(new Error(`bench instance exited (${code})`)));
  });
  return new Instance(child, port);
}

interface RawClient {
  /** Resolves on the next record matching `match`. */
  waitFor(
    match: (record: { type?: number; invocationId?: string; target?: string }) => boolean,
  ): Promise<void>;
  send(body: string): Promise<void>;
  onRecord?: (record: { type?: number; target?: string; arguments?: unknown[] }, receivedAt: number) => void;
  close(): void;
}

function httpRequest(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "text/plain;charset=UTF-8" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function openSse(agent: http.Agent, port: number): Promise<RawClient> {
  const negotiated = await httpRequest(agent, port, "POST", "/api/ws/negotiate?negotiateVersion=1");
  if (negotiated.status !== 200) throw new Error(`negotiate answered ${negotiated.status}`);
  const { connectionToken } = JSON.parse(negotiated.body) as { connectionToken: string };
  const path = `/api/ws?id=${connectionToken}`;
  const waiters: Array<{ match: Parameters<RawClient["waitFor"]>[0]; resolve: () => void }> = [];
  let buffer = "";
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));

  // Each SSE stream gets its own socket (agent: false), as a browser's EventSource holds one.
  const req = http.request(
    {
      host: "127.0.0.1",
      port,
      path: `${path}&access_token=${TOKEN}`,
      headers: { Accept: "text/event-stream" },
      agent: false,
    },
    (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const receivedAt = performance.timeOrigin + performance.now();
        buffer += chunk;
        if (buffer.startsWith(":\r\n")) {
          buffer = buffer.slice(3);
          opened();
        }
        let end: number;
        while ((end = buffer.indexOf("\r\n\r\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 4);
          const data = block
            .split("\r\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6))
            .join("\n");
          for (const text of data.split(RS)) {
            if (text === "") continue;
            const record = JSON.parse(text) as { type?: number; invocationId?: string; target?: string };
            client.onRecord?.(record, receivedAt);
            for (let i = waiters.length - 1; i >= 0; i--) {
              const waiter = waiters[i]!;
              if (waiter.match(record)) {
                waiters.splice(i, 1);
                waiter.resolve();
              }
            }
          }
        }
      });
      res.on("error", () => undefined);
    },
  );
  req.on("error", () => undefined);
  req.end();

  const client: RawClient = {
    waitFor: (match) => new Promise<void>((resolve) => waiters.push({ match, resolve })),
    async send(body) {
      const answer = await httpRequest(agent, port, "POST", path, body);
      if (answer.status !== 200) throw new Error(`send answered ${answer.status}`);
    },
    close: () => req.destroy(),
  };
  await open;
  const handshake = client.waitFor((record) => Object.keys(record).length === 0);
  await client.send(`{"protocol":"json","version":1}${RS}`);
  await handshake;
  return client;
}

async function inBatches<T>(count: number, concurrency: number, task: (index: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchLive(
  options: BenchLiveOptions = {},
): Promise<Array<{ metric: string; value: string }>> {
  const n = options.connections ?? 2_000;
  const fanOut = options.fanOutClients ?? 500;
  const events = options.events ?? 50;
  const concurrency = options.concurrency ?? 50;
  const instance = await startInstance();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
  const rows: Array<{ metric: string; value: string }> = [];
  const add = (metric: string, value: string) => rows.push({ metric, value });

  try {
    const baseline = await instance.memory();

    async function round() {
      const started = performance.now();
      const clients = await inBatches(n, concurrency, () => openSse(agent, instance.port));
      const seconds = (performance.now() - started) / 1000;
      const open = await instance.memory();
      for (const client of clients) client.close();
      await waitUntil(async () => (await instance.memory()).connections === 0);
      const closed = await instance.memory();
      return { seconds, open, closed, held: open.connections };
    }

    const first = await round();
    const second = await round();
    add(`SSE connections held (target ${n})`, `${first.held} and ${second.held} (two rounds)`);
    add(
      "time to open them (negotiate, stream, handshake)",
      `${first.seconds.toFixed(1)} s, ${second.seconds.toFixed(1)} s`,
    );
    add("instance memory before (RSS / heap)", `${mb(baseline.rss)} / ${mb(baseline.heapUsed)}`);
    add(
      `instance memory with ${n} open, round 1 (RSS / heap)`,
      `${mb(first.open.rss)} / ${mb(first.open.heapUsed)}`,
    );
    add(
      `instance memory with ${n} open, round 2 (RSS / heap)`,
      `${mb(second.open.rss)} / ${mb(second.open.heapUsed)}`,
    );
    add(
      "memory per connection (heap / RSS)",
      `${kb((first.open.heapUsed - baseline.heapUsed) / n)} / ${kb((first.open.rss - baseline.rss) / n)}`,
    );
    add(
      "instance heap after closing all (round 1, round 2)",
      `${mb(first.closed.heapUsed)}, ${mb(second.closed.heapUsed)}`,
    );
    const heapGrowth = second.open.heapUsed - first.open.heapUsed;
    const flat = Math.abs(heapGrowth) < 0.1 * (first.open.heapUsed - baseline.heapUsed) + 2 * 1024 * 1024;
    add(
      "memory flat over the second round",
      `${flat ? "yes" : "NO"} (heap ${heapGrowth >= 0 ? "+" : ""}${mb(heapGrowth)})`,
    );

    // Fan-out: one group, every client a member, events spaced out so each is timed on its own.
    const latencies: number[] = [];
    const clients = await inBatches(fanOut, concurrency, async (index) => {
      const client = await openSse(agent, instance.port);
      const id = `join-${index}`;
      const joined = client.waitFor((record) => record.type === 3 && record.invocationId === id);
      await client.send(
        JSON.stringify({ type: 1, invocationId: id, target: "JoinGroup", arguments: ["bench-transfer"] }) +
          RS,
      );
      await joined;
      client.onRecord = (record, receivedAt) => {
        if (record.type !== 1 || record.target !== "benchEvent") return;
        const payload = record.arguments?.[0] as { sentAt: number } | undefined;
        if (payload) latencies.push(receivedAt - payload.sentAt);
      };
      return client;
    });
    await instance.ask({
      kind: "publish",
      group: "transfer:bench-transfer",
      events,
      intervalMs: options.eventIntervalMs ?? 20,
    });
    await waitUntil(async () => latencies.length >= fanOut * events, 10_000).catch(() => undefined);
    for (const client of clients) client.close();
    latencies.sort((x, y) => x - y);
    add(
      `fan-out deliveries (${events} events to ${fanOut} clients)`,
      `${latencies.length} of ${fanOut * events}`,
    );
    add("fan-out latency median", `${percentile(latencies, 50).toFixed(1)} ms`);
    add("fan-out latency p99", `${percentile(latencies, 99).toFixed(1)} ms`);
    add("fan-out latency max", `${(latencies.at(-1) ?? NaN).toFixed(1)} ms`);
  } finally {
    agent.destroy();
    await Promise.race([
      instance.ask({ kind: "exit" }),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
    instance.child.kill();
  }
  return rows;
}

function printTable(rows: Array<{ metric: string; value: string }>) {
  const width = Math.max(...rows.map((row) => row.metric.length));
  for (const row of rows) console.log(`${row.metric.padEnd(width)}  ${row.value}`);
}

if (process.argv.includes(SERVER_FLAG)) {
  void runServer();
} else if (process.argv[1] && path.resolve(process.argv[1]) === HERE) {
  benchLive()
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
