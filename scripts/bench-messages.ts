// The messages figures for npm run bench (spec 02 §2.9), also runnable alone: npm run bench:messages
// The built product on a fresh DATA_DIR (demo seed) with 10,000 unhandled messages to the property manager's side of
// one tenant (Stadsbo, Maria's), spread over its transfers. Measured with autocannon at 1 and 20 connections, in
// the same run: the /messages worklist page, GET api/core/messages/count (the header counter), the transfer list
// page (/transfers) and the floor route /api/tenants. Targets: the worklist no slower than the list page (p50),
// the counter no more than twice the floor (p50). Printed, never asserted.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/kysely.server";
import { measure, type Measurement, type Target } from "./bench/load";
import { cookieFor, ensureBuild, killAll, startServer } from "./bench/server";

const MESSAGES = 10_000;
const CONNECTIONS = [1, 20] as const;
const SECONDS = 6;
const WARMUP_SECONDS = 1;
const MANAGER = { userId: "user-maria", tenantId: "stadsbo" };
const BROWSER = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br" };

export interface MessagesRow {
  target: string;
  connections: number;
  "req/s": string;
  "p50 ms": string;
  "p99 ms": string;
}

/** 10,000 unhandled messages from brokers to the manager's side, with the transfers' counts kept right. */
async function addMessages(dataDir: string): Promise<void> {
  const handle = openDatabase(`file:${path.join(dataDir, "app.db")}`);
  const { db } = handle;
  try {
    const transfers = await db
      .selectFrom("transfers")
      .select("id")
      .where("tenant_id", "=", MANAGER.tenantId)
      .where("deleted_at", "is", null)
      .execute();
    if (transfers.length === 0) throw new Error("no transfers of the manager's tenant");
    const start = Date.parse("2026-06-01T08:00:00.000Z");
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MESSAGES; i += 500) {
        const rows = Array.from({ length: Math.min(500, MESSAGES - i) }, (_, k) => {
          const n = i + k;
          const at = new Date(start + n * 60_000).toISOString();
          return {
            id: crypto.randomUUID(),
            transfer_id: transfers[n % transfers.length]!.id,
            parent_id: null,
            recipient: "PropertyManager",
            sent_by_user_id: null,
            sent_by_first_name: "Jenny",
            sent_by_last_name: "Wallin",
            sent_by_role: "Intermediary",
            body: `Fråga ${n}: när kan köparna räkna med besked om medlemskapet? Säljaren undrar också över tillträdet.`,
            resolved: 0,
            created_at: at,
            latest_at: at,
          };
        });
        await trx.insertInto("messages").values(rows).execute();
      }
      for (const t of transfers) {
        const counted = await trx
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("transfer_id", "=", t.id)
          .where("parent_id", "is", null)
          .executeTakeFirstOrThrow();
        const open = await trx
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("transfer_id", "=", t.id)
          .where("parent_id", "is", null)
          .where("resolved", "=", 0)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable("transfers")
          .set({ number_of_messages: Number(counted.n), unresolved_messages: Number(open.n) })
          .where("id", "=", t.id)
          .execute();
      }
    });
    await handle.destroy();
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");

export async function benchMessages(): Promise<MessagesRow[]> {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "overlatelser-bench-messages-"));
  try {
    const first = await startServer(dataDir, "messages-seed");
    await first.stop();
    await addMessages(dataDir);
    const server = await startServer(dataDir, "messages");
    try {
      const cookie = cookieFor(dataDir, MANAGER);
      const targets: Target[] = [
        {
          name: "worklist /messages",
          method: "GET",
          path: "/messages",
          headers: { ...BROWSER, Cookie: cookie },
        },
        {
          name: "counter api/core/messages/count",
          method: "GET",
          path: "/api/core/messages/count",
          headers: { Accept: "application/json", Cookie: cookie },
        },
        {
          name: "list page /transfers",
          method: "GET",
          path: "/transfers?sort=Modified&dir=Desc",
          headers: { ...BROWSER, Cookie: cookie },
        },
        {
          name: "floor /api/tenants",
          method: "GET",
          path: "/api/tenants",
          headers: { Accept: "application/json" },
        },
      ];
      const count = await fetch(`${server.origin}/api/core/messages/count`, { headers: targets[1]!.headers });
      const counted = (await count.json()) as { unresolved: number };
      if (counted.unresolved < MESSAGES) throw new Error(`counter answered ${JSON.stringify(counted)}`);
      console.log(`[bench] messages: the manager's counter says ${counted.unresolved} unhandled`);
      const results = new Map<string, Measurement>();
      const rows: MessagesRow[] = [];
      for (const target of targets) {
        for (const connections of CONNECTIONS) {
          const result = await measure(server.origin, target, connections, {
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
          });
          if (result.non2xx > 0 || result.errors > 0 || result.requests === 0)
            throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          results.set(`${target.name}@${connections}`, result);
          rows.push({
            target: target.name,
            connections,
            "req/s": result.requestsPerSecond.toFixed(0),
            "p50 ms": ms(result.p50),
            "p99 ms": ms(result.p99),
          });
        }
      }
      for (const connections of CONNECTIONS) {
        const at = (name: string) => results.get(`${name}@${connections}`)!;
        const worklist = at("worklist /messages");
        const list = at("list page /transfers");
        const counter = at("counter api/core/messages/count");
        const floor = at("floor /api/tenants");
        console.log(
          `[bench] messages c=${connections}: worklist p50 ${ms(worklist.p50)} ms vs list page ${ms(list.p50)} ms ` +
            `${worklist.p50 <= list.p50 ? "PASS" : "FAIL"}; counter p50 ${ms(counter.p50)} ms vs 2 x floor ` +
            `${ms(2 * floor.p50)} ms ${counter.p50 <= 2 * floor.p50 ? "PASS" : "FAIL"}`,
        );
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    killAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench-messages.ts")) {
  console.table(await benchMessages());
}
