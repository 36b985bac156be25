// The object search's figures for npm run bench (decision 039), also runnable alone: tsx scripts/bench-search.ts
// On a fresh seeded SQLite file, in this process: the search across the four simulated manager systems with their
// default spread (50, 150, 250 and 400 ms), registering what it finds as the product does, at 1 and 10
// concurrent searches: the time to the first manager's answer, to the first object found (the demo owners' objects
// are at the 150 ms and 250 ms managers) and to the completion, as a listening page sees them.
// Then the two failures: a manager past the time limit (the search must end at the limit, not wait for it) and
// a manager that is down.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/demo/seed.server";
import { registerFoundObjects } from "~/server/domain/transfers/objects.server";
import { searchPropertyObjects } from "~/server/integrations/property-managers/search.server";
import {
  DEFAULT_LATENCY_MS,
  PropertyManagerSimulator,
  type SimulatedState,
} from "~/server/integrations/property-managers/simulator.server";
import { PROVIDER_IDS, type ProviderId } from "~/server/integrations/property-managers/types.server";

// The demo owners of the README: objects at one manager each, so every search asks all four.
const OWNERS = ["196803142428", "198706083246", "199106021257"];
const ROUNDS = 30;
const SLACK_MS = 50;

type Row = {
  scenario: string;
  concurrent: number;
  searches: number;
  "first answer p50 ms": string;
  "first hit p50 ms": string;
  "completion p50 ms": string;
  "completion p95 ms": string;
  "completion max ms": string;
  target: string;
  verdict: string;
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => value.toFixed(0);

async function timedSearch(
  handle: DbHandle,
  systems: PropertyManagerSimulator[],
  owner: string,
  timeLimitMs: number,
  n: number,
): Promise<{ firstAnswer: number | null; firstHit: number | null; completion: number; status: string }> {
  const start = performance.now();
  let firstAnswer: number | null = null;
  let firstHit: number | null = null;
  let completion = 0;
  let status = "";
  await searchPropertyObjects(
    { searchId: `bench-${n}`, query: { identifier: { type: "SocialSecurityNumber", value: owner } } },
    {
      systems,
      timeLimitMs,
      register: async (objects) => {
        await registerFoundObjects(handle.db, objects);
      },
      live: {
        group: `search:bench-${n}`,
        publisher: {
          async publish(_group, event, payload) {
            const at = performance.now() - start;
            if (event === "propertyMangerSearchResultFound") {
              firstAnswer ??= at;
              const hits = (payload as { results: unknown[] }).results;
              if (firstHit === null && hits.length > 0) firstHit = at;
            } else {
              completion = at;
              status = (payload as { status: string }).status;
            }
          },
        },
      },
    },
  );
  return { firstAnswer, firstHit, completion, status };
}

async function scenario(
  handle: DbHandle,
  name: string,
  options: {
    latency?: Partial<Record<ProviderId, number>>;
    state?: Partial<Record<ProviderId, SimulatedState>>;
    timeLimitMs: number;
    concurrent: number;
    target: (completions: number[]) => { text: string; ok: boolean };
  },
): Promise<Row> {
  const systems = PROVIDER_IDS.map(
    (providerId) =>
      new PropertyManagerSimulator({
        providerId,
        db: () => handle.db,
        latencyMs: options.latency?.[providerId] ?? DEFAULT_LATENCY_MS[providerId],
        state: options.state?.[providerId] ?? "up",
      }),
  );
  const firstAnswers: number[] = [];
  const firstHits: number[] = [];
  const completions: number[] = [];
  let n = 0;
  for (let round = 0; round < ROUNDS / options.concurrent || round === 0; round++) {
    const batch = await Promise.all(
      Array.from({ length: options.concurrent }, () =>
        timedSearch(handle, systems, OWNERS[n % OWNERS.length]!, options.timeLimitMs, n++),
      ),
    );
    for (const r of batch) {
      if (r.firstAnswer !== null) firstAnswers.push(r.firstAnswer);
      if (r.firstHit !== null) firstHits.push(r.firstHit);
      completions.push(r.completion);
    }
  }
  const verdict = options.target(completions);
  return {
    scenario: name,
    concurrent: options.concurrent,
    searches: completions.length,
    "first answer p50 ms": firstAnswers.length > 0 ? ms(percentile(firstAnswers, 50)) : "-",
    "first hit p50 ms": firstHits.length > 0 ? ms(percentile(firstHits, 50)) : "-",
    "completion p50 ms": ms(percentile(completions, 50)),
    "completion p95 ms": ms(percentile(completions, 95)),
    "completion max ms": ms(Math.max(...completions)),
    target: verdict.text,
    verdict: verdict.ok ? "ok" : "MISSED",
  };
}

export async function benchSearch(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "op-bench-search-"));
  const handle = openDatabase(`file:${path.join(dir, "app.db")}`);
  try {
    await migrateToLatest(handle.db);
    await seed(handle.db, { filesDir: path.join(dir, "files") });
    const slowest = Math.max(...Object.values(DEFAULT_LATENCY_MS));
    const withinSlowest = (completions: number[]) => ({
      text: `p95 <= ${slowest} + ${SLACK_MS}`,
      ok: percentile(completions, 95) <= slowest + SLACK_MS,
    });
    const rows: Row[] = [];
    for (const concurrent of [1, 10]) {
      rows.push(
        await scenario(handle, "4 managers up (50-400 ms)", {
          timeLimitMs: 5_000,
          concurrent,
          target: withinSlowest,
        }),
      );
    }
    // Riksbyggen answers after 8 s; the time limit is 1 s: the search ends at the limit, limitedCompleted.
    const limitMs = 1_000;
    rows.push(
      await scenario(handle, "one manager past a 1 s limit", {
        latency: { riksbyggen: 8_000 },
        timeLimitMs: limitMs,
        concurrent: 10,
        target: (completions) => ({
          text: `max <= ${limitMs} + ${SLACK_MS}`,
          ok: Math.max(...completions) <= limitMs + SLACK_MS,
        }),
      }),
    );
    rows.push(
      await scenario(handle, "fastighetsagarna down", {
        state: { fastighetsagarna: "down" },
        timeLimitMs: 5_000,
        concurrent: 10,
        target: withinSlowest,
      }),
    );
    return rows;
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench-search.ts")) {
  console.table(await benchSearch());
}
