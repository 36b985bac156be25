// The wizard's form step for npm run bench (decision 023), also runnable alone: npm run bench:wizard
// The built product on a fresh DATA_DIR (demo seed). Maria's Initiated purchase of Kvarnen 3 lgh 1203 (Viktor and
// Lina Hallberg, half each) gets its two required documents as verified rows, so step 2 opens. Measured with
// autocannon at 1 and 10 connections, in the same run: GET /transfers/{id}/application/form, a valid POST of the
// step with three acquirers (saved every time, answered 303 to Övriga dokument), and the transfer list page.
// Target: the step's server time at 1 connection (p50) no more than 1.5 times the list page's. Printed, not asserted.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/kysely.server";
import { measure, type Measurement, type Target } from "./bench/load";
import { cookieFor, ensureBuild, killAll, startServer, tail } from "./bench/server";

const CONNECTIONS = [1, 10] as const;
const SECONDS = 6;
const WARMUP_SECONDS = 1;
const TARGET_RATIO = 1.5;
const MANAGER = { userId: "user-maria", tenantId: "stadsbo" };
const TRANSFER = "t-kvarnen-initiated";
const FORM_PATH = `/transfers/${TRANSFER}/application/form`;
const LIST_PATH = "/transfers?sort=Modified&dir=Desc";
const BROWSER = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br" };

export interface WizardRow {
  target: string;
  connections: number;
  "req/s": string;
  "p50 ms": string;
  "p99 ms": string;
}

/** Step 1 done for the transfer: a verified membership application and transfer agreement. Its transferors' ids. */
async function verifyRequiredDocuments(dataDir: string): Promise<string[]> {
  const handle = openDatabase(`file:${path.join(dataDir, "app.db")}`);
  try {
    for (const category of ["MembershipApplication", "TransferAgreement"]) {
      await handle.db
        .insertInto("documents")
        .values({
          id: `bench-${category}`,
          transfer_id: TRANSFER,
          file_name: `${category}.pdf`,
          category,
          status: "UploadVerified",
          document_type: "pdf",
          size_in_bytes: 1024,
          sensitive: 0,
          storage_key: `transfers/${TRANSFER}/bench-${category}.pdf`,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const transferors = await handle.db
      .selectFrom("transfer_parties")
      .select("id")
      .where("transfer_id", "=", TRANSFER)
      .where("kind", "=", "Transferor")
      .orderBy("sort_order")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return transferors.map((t) => t.id);
  } finally {
    await handle.destroy();
  }
}

/** The step as a browser without JavaScript posts it: both transferors, three acquirers, the agreement. */
function formBody(transferorIds: string[]): string {
  const day = (offset: number) =>
    new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  const fields: Array<[string, string]> = [];
  transferorIds.forEach((id, i) =>
    fields.push([`transferors[${i}].id`, id], [`transferors[${i}].transferShare`, "50"]),
  );
  const acquirers = [
    ["Sara", "Lind", "199006304829", "50,5"],
    ["Olle", "Berg", "198802111735", "24,75"],
    ["Maja", "Berg", "199208192642", "24,75"],
  ];
  acquirers.forEach(([firstName, lastName, identifier, share], i) => {
    const p = `acquirers[${i}]`;
    fields.push(
      [`${p}.firstName`, firstName!],
      [`${p}.lastName`, lastName!],
      [`${p}.identifier`, identifier!],
      [`${p}.transferShare`, share!],
      [`${p}.emailAddress`, `${firstName!.toLowerCase()}@example.se`],
      [`${p}.phoneNumber`, "070-123 45 67"],
      [`${p}.address.street`, "Kvarngatan 3"],
      [`${p}.address.postalCode`, "118 47"],
      [`${p}.address.city`, "Stockholm"],
      [`${p}.address.country`, "Sverige"],
    );
  });
  fields.push(
    ["paymentNoticeRecipient", "Acquirer:0"],
    ["agreement.purchasePrice", "2 450 000"],
    ["agreement.contractDate", day(-5)],
    ["agreement.entryDate", day(30)],
  );
  return new URLSearchParams(fields).toString();
}

/** One request with node:http (no compression asked for), its status, headers and text. */
function send(
  origin: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const { "Accept-Encoding": _ignored, ...plain } = headers;
    const req = http.request(`${origin}${pathname}`, { method, headers: plain }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");

export async function benchWizard(): Promise<WizardRow[]> {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "overlatelser-bench-wizard-"));
  try {
    const first = await startServer(dataDir, "wizard-seed");
    await first.stop();
    const transferorIds = await verifyRequiredDocuments(dataDir);
    const server = await startServer(dataDir, "wizard");
    try {
      const cookie = cookieFor(dataDir, MANAGER);
      const body = formBody(transferorIds);
      const opened = await send(server.origin, "GET", FORM_PATH, { ...BROWSER, Cookie: cookie });
      if (opened.status !== 200 || !opened.body.includes("<h1>Uppgifter</h1>"))
        throw new Error(`the form step answered ${opened.status}\n${tail(server.logFile)}`);
      const post: Target = {
        name: "form step POST (3 acquirers)",
        method: "POST",
        path: FORM_PATH,
        headers: {
          Cookie: cookie,
          Origin: server.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: BROWSER.Accept,
        },
        body,
      };
      const saved = await send(server.origin, "POST", FORM_PATH, post.headers ?? {}, body);
      const location = String(saved.headers.location ?? "");
      if (saved.status !== 303 || !location.endsWith("/application/optionalDocuments"))
        throw new Error(`the valid post answered ${saved.status} ${location}: ${saved.body.slice(0, 500)}`);
      console.log(`[bench] wizard: the valid post saves and answers 303 to ${location}`);

      const targets: Target[] = [
        { name: "form step GET", method: "GET", path: FORM_PATH, headers: { ...BROWSER, Cookie: cookie } },
        post,
        {
          name: "list page /transfers",
          method: "GET",
          path: LIST_PATH,
          headers: { ...BROWSER, Cookie: cookie },
        },
      ];
      const results = new Map<string, Measurement>();
      const rows: WizardRow[] = [];
      for (const target of targets) {
        for (const connections of CONNECTIONS) {
          const result = await measure(server.origin, target, connections, {
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
          });
          // The post's answer is the redirect to the next step; anything else is a failure.
          const expected = target === post ? "303" : "200";
          const other = Object.entries(result.statusCodes).filter(([code]) => code !== expected);
          if (other.length > 0 || result.errors > 0 || result.requests === 0)
            throw new Error(
              `${target.name} c=${connections}: status codes ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`,
            );
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
      const list = results.get(`list page /transfers@1`)!;
      for (const target of targets.slice(0, 2)) {
        const step = results.get(`${target.name}@1`)!;
        const ratio = step.p50 / list.p50;
        console.log(
          `[bench] wizard c=1: ${target.name} p50 ${ms(step.p50)} ms vs list page ${ms(list.p50)} ms ` +
            `x${ratio.toFixed(2)}, target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "PASS" : "FAIL"}`,
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

if (process.argv[1]?.endsWith("bench-wizard.ts")) {
  console.table(await benchWizard());
}
