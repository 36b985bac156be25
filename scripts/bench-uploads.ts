// The upload figures for npm run bench (decisions 018 and 030), also runnable alone: npm run bench:uploads
// The built product on a fresh DATA_DIR (demo seed, disk storage, the job runner in the server process), signed in
// as a property manager: a 20 MB PDF through the upload form without JavaScript (multipart POST, 303) and through
// the JavaScript flow (POST …/documents, then PUT to the signed upload URL, 201). Figures: time and MB/s of
// sequential uploads (server time from the access log, at one connection, and as a ratio to the floor route
// /api/tenants measured in the same run); the server's RSS before and at its peak during 10 parallel uploads
// (target: grows by less than 50 MB); a 26 MB upload through each path, declared and streamed (413, and the RSS
// growth next to the file's size). Printed, never asserted: a missed target is a FAIL in the table, not an exit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { measure } from "./bench/load";
import { cookieFor, ensureBuild, startServer, tail, type RunningServer } from "./bench/server";
import { makeBigPdf } from "./bench/uploads/bodies";
import { MB, mb, PARALLEL, parallel, sequential, tooLarge, type UploadRow } from "./bench/uploads/figures";
import { memoryOf } from "./bench/uploads/memory";
import {
  fetch,
  findTransfer,
  MANAGER,
  uploadOne,
  verifiedByApi,
  waitVerified,
  type Session,
} from "./bench/uploads/product";

export type { UploadRow };

const FILE_BYTES = 20 * MB;
/** Over the 25 MB limit (MAX_UPLOAD_BYTES) by one megabyte. */
const OVER_BYTES = 26 * MB;
const FLOOR_SECONDS = 5;
const FLOOR_WARMUP_SECONDS = 1;
// scripts/bench.ts FLOOR_PATH: the cheapest Remix route, what the framework and HTTP stack cost per request.
const FLOOR_PATH = "/api/tenants";

export async function benchUploads(): Promise<UploadRow[]> {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "overlatelser-bench-uploads-"));
  let server: RunningServer | null = null;
  let handle: DbHandle | null = null;
  try {
    server = await startServer(dataDir, "uploads");
    const coldRss = memoryOf(server.pid).rss;
    handle = openDatabase(`file:${path.join(dataDir, "app.db")}`);
    const headers = { Cookie: cookieFor(dataDir, MANAGER), Origin: server.origin };
    const found = await findTransfer(server, handle, headers);
    const session: Session = { server, handle, headers, ...found };
    const pdf = makeBigPdf(FILE_BYTES);
    const over = makeBigPdf(OVER_BYTES);
    console.log(
      `[bench] uploads: transfer ${session.transferId}, category ${session.category}, PDF ${pdf.length} bytes, ` +
        `server pid ${server.pid}, RSS at start ${mb(coldRss)} MB, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} on ${os.cpus().length} cores`,
    );

    // Warm-up (not measured): the probe's document by PUT, one form post; both verified.
    const warm = await fetch(new URL(found.probe.uploadUrl, server.origin), {
      method: "PUT",
      headers: { Origin: server.origin, "Content-Type": "application/pdf" },
      body: pdf,
    } as RequestInit);
    await warm.arrayBuffer();
    if (warm.status !== 201) throw new Error(`warm-up PUT answered ${warm.status}\n${tail(server.logFile)}`);
    const warmForm = await uploadOne("form", session, pdf);
    await waitVerified(session, [found.probe.id, warmForm.documentId]);
    const apiStatus = await verifiedByApi(session, warmForm.documentId);
    if (apiStatus !== "UploadVerified") throw new Error(`GET …/documents says ${apiStatus}`);

    const floor = await measure(
      server.origin,
      { name: "floor", method: "GET", path: FLOOR_PATH, headers: { Accept: "application/json" } },
      1,
      { seconds: FLOOR_SECONDS, warmupSeconds: FLOOR_WARMUP_SECONDS },
    );
    const floor10 = await measure(
      server.origin,
      { name: "floor", method: "GET", path: FLOOR_PATH, headers: { Accept: "application/json" } },
      PARALLEL,
      { seconds: FLOOR_SECONDS, warmupSeconds: FLOOR_WARMUP_SECONDS },
    );
    const rows: UploadRow[] = [
      {
        path: `floor ${FLOOR_PATH}`,
        measure: "GET, autocannon, 1 and 10 connections",
        figure:
          `c=1 p50 ${floor.p50.toFixed(2)} ms, ${floor.requestsPerSecond.toFixed(0)} req/s; ` +
          `c=${PARALLEL} ${floor10.requestsPerSecond.toFixed(0)} req/s`,
      },
    ];

    // The refusals first, on the warmed server: after a parallel batch the heap is still shedding what ten
    // verifications grew (ArrayBuffers that V8 frees lazily), and that drift, not the refusal, filled these rows.
    for (const kind of ["form", "put"] as const) {
      for (const stream of [false, true]) rows.push(await tooLarge(kind, session, over, stream));
    }
    for (const kind of ["form", "put"] as const)
      rows.push(...(await sequential(kind, session, pdf, floor.p50)));
    // Each parallel batch on a fresh server process (same DATA_DIR), after one upload of its path verified: the V8
    // heap keeps what an earlier batch's verification grew it to, which would hide the next batch's growth.
    for (const kind of ["form", "put"] as const) {
      await server.stop();
      server = await startServer(dataDir, `uploads-${kind}`);
      session.server = server;
      session.headers = { ...session.headers, Origin: server.origin };
      const cold = memoryOf(server.pid).rss;
      const warmed = await uploadOne(kind, session, pdf);
      await waitVerified(session, [warmed.documentId]);
      console.log(
        `[bench] uploads ${kind}: fresh server pid ${server.pid}, RSS ${mb(cold)} MB before its warm-up`,
      );
      rows.push(...(await parallel(kind, session, pdf)));
    }

    // The end of the run: a document from the parallel batch, as the API reports it.
    const last = await handle.db
      .selectFrom("documents")
      .select("id")
      .where("transfer_id", "=", session.transferId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    rows.push({
      path: "check",
      measure: "GET …/documents: a measured upload's status",
      figure: `${await verifiedByApi(session, last.id)}; server RSS at the end ${mb(memoryOf(server.pid).rss)} MB`,
    });
    return rows;
  } finally {
    await handle?.destroy();
    await server?.stop();
    if (process.env.BENCH_KEEP_DATA) console.log(`[bench] uploads: DATA_DIR kept, ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench-uploads.ts")) {
  try {
    console.table(await benchUploads());
  } catch (error) {
    console.error(
      `[bench] ERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` +
        (error instanceof Error && error.cause ? `\ncause: ${String(error.cause)}` : ""),
    );
    process.exitCode = 1;
  }
}
