// What observability costs the list page, for npm run bench; also runnable alone: npm run bench:observability
// The built product on a fresh DATA_DIR (demo seed and 10,000 bulk transfers) and on a copy of it, a server each:
// one with metrics, the access log and traces off (no METRICS_PORT, LOG_LEVEL=warn, no OTLP endpoint), one with
// them on (METRICS_PORT, LOG_LEVEL=info in JSON to its log file, and, in a build that has traces, every span sent
// to an OTLP sink in this process that answers and drops them). The list page is measured on each in turn at one
// connection, alternating for several rounds so that the machine's drift falls on both, and so is the floor route
// on each. Target: the page's server time (p50) with observability on within 5 % of the same page with it off.
// Printed, not asserted.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { addBulk } from "./bench/database";
import { measure, type Measurement, type Target } from "./bench/load";
import {
  cookieFor,
  ensureBuild,
  freePort,
  killAll,
  ROOT,
  startServer,
  tail,
  type RunningServer,
} from "./bench/server";

const TRANSFERS = 10_000;
const ROUNDS = 4;
const SECONDS = 6;
const WARMUP_SECONDS = 1;
const TARGET_COST = 1.05;
const MANAGER = { userId: "user-maria", tenantId: "stadsbo" };
const LIST_PATH = "/transfers?sort=Modified&dir=Desc";
const LIST_ROUTE = "routes/transfers._index";
const FLOOR_PATH = "/api/tenants";
const BROWSER = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br" };

export interface ObservabilityRow {
  server: string;
  target: string;
  "p50 ms": string;
  "p99 ms": string;
  "req/s": string;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "-");
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const spread = (list: Measurement[]) => list.map((m) => ms(m.p50)).join(", ");
/** Slowest over fastest p50 of one server's rounds: how much the machine itself moved during the run. */
const ratioOfRounds = (list: Measurement[]) =>
  Math.max(...list.map((m) => m.p50)) / Math.min(...list.map((m) => m.p50));

/** An OTLP/HTTP collector that takes every export and keeps nothing but a count. */
async function otlpSink(): Promise<{ url: string; exports: () => number; close: () => void }> {
  let exports = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url?.endsWith("/v1/traces")) exports++;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, exports: () => exports, close: () => server.close() };
}

/** Whether this build has traces at all (the OpenTelemetry SDK reads OTEL_EXPORTER_OTLP_ENDPOINT). */
function buildHasTraces(): boolean {
  const built = fs.readFileSync(path.join(ROOT, "build", "index.js"), "utf8");
  return built.includes("OTEL_EXPORTER_OTLP_ENDPOINT");
}

async function measured(server: RunningServer, target: Target): Promise<Measurement> {
  const result = await measure(server.origin, target, 1, { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  if (result.non2xx > 0 || result.errors > 0 || result.requests === 0)
    throw new Error(
      `${target.name}: status codes ${JSON.stringify(result.statusCodes)}, ${result.errors} errors\n${tail(server.logFile)}`,
    );
  return result;
}

/** The "on" server really observed the page: its route in the metrics and the access log, spans at the sink. */
async function checkObserved(
  server: RunningServer,
  metricsPort: number,
  traces: boolean,
  exports: () => number,
) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const requests = new RegExp(
    `^http_requests_total\\{route="${LIST_ROUTE.replace(/\./g, "\\.")}",method="GET",status_class="2xx"\\} (\\d+)`,
    "m",
  ).exec(text)?.[1];
  const queries = /^db_query_duration_seconds_count\{kind="select"\} (\d+)/m.exec(text)?.[1];
  const logLines = fs
    .readFileSync(server.logFile, "utf8")
    .split("\n")
    .filter((l) => l.includes(`"route":"${LIST_ROUTE}"`)).length;
  if (!requests || !queries || logLines === 0)
    throw new Error(
      `the observed server did not observe: ${requests} requests, ${queries} queries, ${logLines} log lines`,
    );
  if (traces && exports() === 0)
    throw new Error("traces are in the build, but no span reached the OTLP sink");
  console.log(
    `[bench] observability on: ${requests} list requests and ${queries} select queries in the metrics, ` +
      `${logLines} access-log lines of the list route` +
      (traces ? `, ${exports()} OTLP exports of spans received` : ", no traces in this build"),
  );
}

export async function benchObservability(): Promise<ObservabilityRow[]> {
  ensureBuild();
  const traces = buildHasTraces();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "overlatelser-bench-observability-"));
  const sink = await otlpSink();
  const servers: RunningServer[] = [];
  try {
    const first = await startServer(dataDir, "observability-seed");
    await first.stop();
    await addBulk(dataDir, TRANSFERS);
    const cookie = cookieFor(dataDir, MANAGER);
    // Each server on a copy of its own: two processes on one SQLite file would wait on each other's writes.
    const dataDirOn = `${dataDir}-on`;
    fs.cpSync(dataDir, dataDirOn, { recursive: true });
    const metricsPort = await freePort();
    const off = await startServer(dataDir, "observability-off", {
      LOG_LEVEL: "warn",
      OTEL_SDK_DISABLED: "true",
    });
    servers.push(off);
    const on = await startServer(dataDirOn, "observability-on", {
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_BSP_SCHEDULE_DELAY: "1000",
    });
    servers.push(on);
    const page: Target = {
      name: "list page",
      method: "GET",
      path: LIST_PATH,
      headers: { ...BROWSER, Cookie: cookie },
    };
    const floor: Target = {
      name: "floor /api/tenants",
      method: "GET",
      path: FLOOR_PATH,
      headers: { Accept: "application/json", "Accept-Encoding": BROWSER["Accept-Encoding"] },
    };
    const runs = {
      off: { page: [] as Measurement[], floor: [] as Measurement[] },
      on: { page: [] as Measurement[], floor: [] as Measurement[] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Off first in even rounds, on first in odd ones: neither always runs on a warmer machine.
      const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const which of order) {
        const server = which === "off" ? off : on;
        runs[which].page.push(await measured(server, page));
        runs[which].floor.push(await measured(server, floor));
      }
      console.log(
        `[bench] observability round ${round + 1}/${ROUNDS}: list page p50 off ${ms(runs.off.page.at(-1)!.p50)} ms, ` +
          `on ${ms(runs.on.page.at(-1)!.p50)} ms`,
      );
    }
    // Spans are sent in batches: give the last one time to leave before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await checkObserved(on, metricsPort, traces, sink.exports);

    const summary = (list: Measurement[]) => ({
      p50: median(list.map((m) => m.p50)),
      p99: median(list.map((m) => m.p99)),
      rps: median(list.map((m) => m.requestsPerSecond)),
    });
    const rows: ObservabilityRow[] = [];
    const figures = {
      off: { page: summary(runs.off.page), floor: summary(runs.off.floor) },
      on: { page: summary(runs.on.page), floor: summary(runs.on.floor) },
    };
    for (const which of ["off", "on"] as const) {
      for (const target of ["page", "floor"] as const) {
        const f = figures[which][target];
        rows.push({
          server: which === "off" ? "off" : traces ? "on (metrics, logs, traces)" : "on (metrics, logs)",
          target: target === "page" ? "list page" : "floor /api/tenants",
          "p50 ms": ms(f.p50),
          "p99 ms": ms(f.p99),
          "req/s": f.rps.toFixed(0),
        });
      }
    }
    const cost = figures.on.page.p50 / figures.off.page.p50;
    console.log(
      `\n[bench] observability, list page at 1 connection (median of ${ROUNDS} rounds of ${SECONDS} s, ` +
        `${TRANSFERS.toLocaleString("en-US")} bulk transfers; ${traces ? "traces to a local OTLP sink" : "traces: not in this build"}):`,
    );
    for (const which of ["off", "on"] as const) {
      const f = figures[which];
      console.log(
        `  ${which.padEnd(3)}  page p50 ${ms(f.page.p50)} ms  p99 ${ms(f.page.p99)} ms  floor p50 ${ms(f.floor.p50)} ms  ` +
          `page / floor x${(f.page.p50 / f.floor.p50).toFixed(2)}  rounds' p50 ${spread(runs[which].page)}`,
      );
    }
    // The same server's rounds differ by more than the target on a busy machine: then no verdict can be read.
    const noise = Math.max(...(["off", "on"] as const).map((which) => ratioOfRounds(runs[which].page)));
    const verdict =
      noise > TARGET_COST
        ? `INCONCLUSIVE (one server's rounds differ x${noise.toFixed(2)})`
        : cost <= TARGET_COST
          ? "PASS"
          : "FAIL";
    console.log(
      `  cost: on / off x${cost.toFixed(3)} (${((cost - 1) * 100).toFixed(1)} %), target <= x${TARGET_COST}: ${verdict}`,
    );
    return rows;
  } finally {
    for (const server of servers) await server.stop();
    sink.close();
    killAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-on`, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench-observability.ts")) {
  console.table(await benchObservability());
}
