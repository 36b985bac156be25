// Live channel benchmark: concurrent SSE connections held by one instance, memory per connection, memory
// after a second round, and event fan-out latency. `npm run bench` imports benchLive(); alone:
// `npx tsx scripts/bench-live.ts`.
//
// The instance (node:http + the hub + the product's methods, in-process backplane) runs in a child
// process of this script (bench/live/instance.ts), so that its memory is measured apart from the 2,000
// clients'. The clients are raw HTTP: negotiate, an SSE GET, the handshake POST, as the official client does
// on that transport.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openSse, RS } from "./bench/live/clients";
import { startInstance } from "./bench/live/instance";

const HERE = fileURLToPath(import.meta.url);

export interface BenchLiveOptions {
  connections?: number;
  fanOutClients?: number;
  events?: number;
  /** Pause between published events. */
  eventIntervalMs?: number;
  concurrency?: number;
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

if (process.argv[1] && path.resolve(process.argv[1]) === HERE) {
  benchLive()
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
