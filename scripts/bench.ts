// npm run bench: the transfer lists under load at 10,000 and 100,000 bulk transfers (decision 010).
// For each size: a fresh DATA_DIR, the product started as the README does (which migrates and seeds the demo
// data), the bulk generator, the product started again, then autocannon against the list page, the JSON list
// call (a property manager and a board member) and a static file, at 1 and 20 connections.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addBulk, explainLists, timeQueries } from "./bench/database";
import { measure } from "./bench/load";
import { printTable, printVerdict, ms, pad, type Row } from "./bench/lists/report";
import { CONNECTIONS, SECONDS, SIZES, WARMUP_SECONDS } from "./bench/lists/settings";
import { BOARD, checkTargets, LIST_USERS, MANAGER, targets } from "./bench/lists/targets";
import { ensureBuild, killAll, ROOT, startServer, tail, mintCookies } from "./bench/server";

const tempDirs: string[] = [];

function cleanup() {
  killAll();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: stopping servers, removing temp dirs`);
    cleanup();
    process.exit(130);
  });
}

async function runLive(): Promise<void> {
  const file = path.join(ROOT, "scripts", "bench-live.ts");
  if (!fs.existsSync(file)) {
    console.log("\n[bench] scripts/bench-live.ts not found: live-channel benchmark skipped");
    return;
  }
  const mod = (await import(file)) as { benchLive?: unknown };
  if (typeof mod.benchLive !== "function") {
    console.log("\n[bench] scripts/bench-live.ts exports no benchLive(): live-channel benchmark skipped");
    return;
  }
  console.log("\n[bench] live channel (scripts/bench-live.ts):");
  const rows: unknown = await (mod.benchLive as () => Promise<unknown>)();
  if (Array.isArray(rows)) console.table(rows);
  else if (rows !== undefined) console.log(rows);
}

async function runJobs(): Promise<void> {
  console.log("\n[bench] background jobs (scripts/bench-jobs.ts, SQLite file, in this process):");
  const { benchJobs } = await import("./bench-jobs");
  console.table(await benchJobs());
}

async function runUploads(): Promise<void> {
  console.log("\n[bench] uploads (scripts/bench-uploads.ts, its own server on a fresh DATA_DIR):");
  const { benchUploads } = await import("./bench-uploads");
  console.table(await benchUploads());
}

async function runSearch(): Promise<void> {
  console.log("\n[bench] object search (scripts/bench-search.ts, in process on a fresh seeded SQLite file):");
  const { benchSearch } = await import("./bench-search");
  console.table(await benchSearch());
}

async function runMessages(): Promise<void> {
  console.log("\n[bench] messages (scripts/bench-messages.ts, its own server on a fresh DATA_DIR):");
  const { benchMessages } = await import("./bench-messages");
  console.table(await benchMessages());
}

async function runWizard(): Promise<void> {
  console.log(
    "\n[bench] the wizard's form step (scripts/bench-wizard.ts, its own server on a fresh DATA_DIR):",
  );
  const { benchWizard } = await import("./bench-wizard");
  console.table(await benchWizard());
}

async function runObservability(): Promise<void> {
  console.log(
    "\n[bench] observability on and off, the list page (scripts/bench-observability.ts, two servers on one DATA_DIR):",
  );
  const { benchObservability } = await import("./bench-observability");
  console.table(await benchObservability());
}

async function main(): Promise<number> {
  const started = performance.now();
  ensureBuild();
  const rows: Row[] = [];
  const problems: string[] = [];
  const dbTimes: string[] = [];

  for (const size of SIZES) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `overlatelser-bench-${size}-`));
    tempDirs.push(dataDir);
    console.log(`\n[bench] ${size.toLocaleString("en-US")} transfers, DATA_DIR ${dataDir}`);

    const first = await startServer(dataDir, "seed");
    await first.stop();
    await addBulk(dataDir, size);
    if (size === Math.max(...SIZES)) problems.push(...(await explainLists(dataDir, LIST_USERS)));
    for (const t of await timeQueries(dataDir, LIST_USERS)) {
      dbTimes.push(
        `  ${pad(size.toLocaleString("en-US"), 8, true)}  ${pad(t.label, 30)}  ${pad(String(t.total), 6, true)} rows  ` +
          `p50 ${ms(t.p50)} ms  p99 ${ms(t.p99)} ms`,
      );
    }

    const server = await startServer(dataDir, "bench");
    try {
      const cookies = mintCookies(dataDir, [MANAGER, BOARD]);
      const list = targets(server.origin, cookies);
      await checkTargets(server, list);
      for (const target of list) {
        for (const connections of CONNECTIONS) {
          const result = await measure(server.origin, target, connections, {
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
          });
          console.log(
            `[bench] ${size} ${target.name} c=${connections}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
              `p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, ${result.requests} requests`,
          );
          if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result.requests === 0) {
            throw new Error(
              `${target.name} at ${connections} connections: ${result.non2xx} non-2xx, ${result.errors} errors, ` +
                `${result.timeouts} timeouts, status codes ${JSON.stringify(result.statusCodes)}\n${tail(server.logFile)}`,
            );
          }
          rows.push({ size, target: target.name, connections, result });
        }
      }
    } finally {
      await server.stop();
    }
  }

  console.log("\nsearchTransfers alone (in the bench process, default list, pages as the page asks):");
  for (const line of dbTimes) console.log(line);
  console.log(
    `\nload: autocannon, ${SECONDS} s per row after ${WARMUP_SECONDS} s warm-up; latency as the client sees it`,
  );
  printTable(rows);
  printVerdict(rows);

  if (problems.length > 0) {
    console.error(`\n[bench] query plans without indexes:\n  ${problems.join("\n  ")}`);
    return 1;
  }
  console.log("\nquery plans: every list query uses a transfers_ index (no full scan of transfers)");

  cleanup();
  await runLive();
  await runJobs();
  await runUploads();
  await runSearch();
  await runMessages();
  await runWizard();
  await runObservability();
  console.log(`\n[bench] done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(
    `\n[bench] ERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  cleanup();
}
