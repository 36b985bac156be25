import type { Measurement } from "../load";
import { SIZES, TARGET_GROWTH, TARGET_P50_MS, TARGET_P99_MS } from "./settings";

// The list benchmark's figures: the table of every row, then the growth and the targets, judged.

export interface Row {
  size: number;
  target: string;
  connections: number;
  result: Measurement;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");
export const pad = (value: string, width: number, right = false) =>
  right ? value.padStart(width) : value.padEnd(width);

export function printTable(rows: Row[]) {
  const header = ["size", "target", "conn", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx"];
  const widths = [8, 19, 5, 8, 8, 8, 9, 8];
  const right = [true, false, true, true, true, true, true, true];
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 8, right[i])).join("  ");
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) {
    console.log(
      line([
        row.size.toLocaleString("en-US"),
        row.target,
        String(row.connections),
        row.result.requestsPerSecond.toFixed(0),
        ms(row.result.p50),
        ms(row.result.p99),
        String(row.result.requests),
        String(row.result.non2xx),
      ]),
    );
  }
}

/** The two floors (a static file, the cheapest Remix route) are measured for comparison, not judged. */
const isFloor = (name: string) => name.startsWith("static") || name.startsWith("floor");

/** Growth 10k -> 100k at 20 connections and the targets at 100k; true when every list target meets them. */
export function printVerdict(rows: Row[]): boolean {
  const at = (size: number, target: string, connections: number) =>
    rows.find((r) => r.size === size && r.target === target && r.connections === connections)?.result;
  const small = Math.min(...SIZES);
  const large = Math.max(...SIZES);
  const ratio = `${large.toLocaleString("en-US")} / ${small.toLocaleString("en-US")}`;
  const names = [...new Set(rows.map((r) => r.target))];
  let allPass = true;
  for (const connections of [20, 1]) {
    const judged = connections === 20;
    console.log(
      judged
        ? `\ngrowth at 20 connections (${ratio}), target <= ${TARGET_GROWTH}:`
        : `\ngrowth at 1 connection (${ratio}; one request at a time, no queueing), for information:`,
    );
    for (const name of names) {
      const a = at(small, name, connections);
      const b = at(large, name, connections);
      if (!a || !b) continue;
      const g50 = b.p50 / a.p50;
      const g99 = b.p99 / a.p99;
      const floor = isFloor(name);
      const pass = g50 <= TARGET_GROWTH && g99 <= TARGET_GROWTH;
      if (judged && !floor && !pass) allPass = false;
      const verdict = floor ? "(floor, no target)" : judged ? (pass ? "PASS" : "FAIL") : "";
      console.log(`  ${pad(name, 19)}  p50 x${g50.toFixed(2)}  p99 x${g99.toFixed(2)}  ${verdict}`.trimEnd());
    }
  }
  console.log(
    `\ntargets at ${large.toLocaleString("en-US")}, 20 connections: p50 < ${TARGET_P50_MS} ms, p99 < ${TARGET_P99_MS} ms:`,
  );
  for (const name of names.filter((n) => !isFloor(n))) {
    const r = at(large, name, 20);
    if (!r) continue;
    const pass = r.p50 < TARGET_P50_MS && r.p99 < TARGET_P99_MS;
    if (!pass) allPass = false;
    // 20 connections each waiting for its answer: latency ~ 20 / throughput (Little's law).
    console.log(
      `  ${pad(name, 19)}  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  ${pass ? "PASS" : "FAIL"}` +
        `  (20 / req/s = ${ms((20 / r.requestsPerSecond) * 1000)} ms)`,
    );
  }
  for (const name of names.filter(isFloor)) {
    const r = at(large, name, 20);
    if (!r) continue;
    console.log(
      `  ${pad(name, 19)}  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  (floor, for comparison: ` +
        `${r.requestsPerSecond.toFixed(0)} req/s)`,
    );
  }
  // The overview's target: its server time at one connection no more than the list page's, for the same user.
  console.log(
    `\noverview vs list page at ${large.toLocaleString("en-US")}, 1 connection (p50), target <= 1:`,
  );
  const floor1 = at(large, "floor /api/tenants", 1);
  for (const who of ["manager", "board"]) {
    const overview = at(large, `overview ${who}`, 1);
    const list = at(large, `page ${who}`, 1);
    if (!overview || !list) continue;
    const ratio = overview.p50 / list.p50;
    if (ratio > 1) allPass = false;
    console.log(
      `  ${pad(`overview ${who}`, 19)}  p50 ${ms(overview.p50)} ms  list ${ms(list.p50)} ms  x${ratio.toFixed(2)}` +
        `${floor1 ? `  (floor x${(overview.p50 / floor1.p50).toFixed(1)})` : ""}  ${ratio <= 1 ? "PASS" : "FAIL"}`,
    );
  }
  console.log(`\noverall: ${allPass ? "PASS" : "FAIL"}`);
  return allPass;
}
