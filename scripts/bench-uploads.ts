// The upload figures for npm run bench (decisions 018 and 030), also runnable alone: npm run bench:uploads
// The built product on a fresh DATA_DIR (demo seed, disk storage, the job runner in the server process), signed in
// as a property manager: a 20 MB PDF through the upload form without JavaScript (multipart POST, 303) and through
// the JavaScript flow (POST …/documents, then PUT to the signed upload URL, 201). Figures: time and MB/s of
// sequential uploads (server time from the access log, at one connection, and as a ratio to the floor route
// /api/tenants measured in the same run); the server's RSS before and at its peak during 10 parallel uploads
// (target: grows by less than 50 MB); a 26 MB upload through each path, declared and streamed (413, and the RSS
// growth next to the file's size). Printed, never asserted: a missed target is a FAIL in the table, not an exit.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DbHandle } from "~/server/db/kysely.server";
import { measure, percentile } from "./bench/load";
import { cookieFor, ensureBuild, startServer, tail, type RunningServer } from "./bench/server";

/**
 * fetch, once more when a kept-alive socket turned out closed by the server (its keep-alive timeout, 5 s, passes
 * while this script waits for a verification): the request never reached the server, so repeating it is safe.
 */
async function fetch(input: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    const stale = String((error as Error).cause).includes("other side closed");
    if (!stale || init?.body instanceof ReadableStream) throw error;
    return globalThis.fetch(input, init);
  }
}

const MB = 1024 * 1024;
const FILE_BYTES = 20 * MB;
/** Over the 25 MB limit (MAX_UPLOAD_BYTES) by one megabyte. */
const OVER_BYTES = 26 * MB;
const SEQUENTIAL = 5;
const PARALLEL = 10;
const TARGET_GROWTH_MB = 50;
const SAMPLE_MS = 50;
const VERIFY_TIMEOUT_MS = 180_000;
const FLOOR_SECONDS = 5;
const FLOOR_WARMUP_SECONDS = 1;
// scripts/bench.ts FLOOR_PATH: the cheapest Remix route, what the framework and HTTP stack cost per request.
const FLOOR_PATH = "/api/tenants";

const MANAGER = { userId: "user-maria", tenantId: "stadsbo" };
const BOUNDARY = "----overlatelser-bench-7f3a9c";

export interface UploadRow {
  path: string;
  measure: string;
  figure: string;
}

type Path = "form" | "put";
const PATH_LABEL: Record<Path, string> = {
  form: "no-JS form (multipart POST)",
  put: "JS flow (signed PUT)",
};

// --- the PDF ---------------------------------------------------------------------------------------------------

/**
 * A valid one-page PDF of close to `targetBytes` (never over it): the page draws an uncompressed RGB image of
 * random pixels, as large as fits, so the bytes cannot shrink in transit and pdf.js (the verification job) opens it.
 */
export function makeBigPdf(targetBytes: number): Buffer {
  const width = 2048;
  const build = (height: number) => {
    const pixels = height * width * 3;
    const content = "q 500 0 0 500 48 300 cm /Im1 Do Q\n";
    const objects: Array<Buffer | string> = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] " +
        "/Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
      `<< /Length ${content.length} >>\nstream\n${content}endstream`,
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB ` +
        `/BitsPerComponent 8 /Length ${pixels} >>\nstream\n`,
      "<< /Title (Bench upload) /Producer (Overlatelseportalen bench) >>",
    ];
    const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
    let length = chunks[0]!.length;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(length);
      const parts = [Buffer.from(`${i + 1} 0 obj\n${String(body)}`, "latin1")];
      if (i === 4) parts.push(crypto.randomBytes(pixels), Buffer.from("\nendstream", "latin1"));
      parts.push(Buffer.from("\nendobj\n", "latin1"));
      for (const part of parts) {
        chunks.push(part);
        length += part.length;
      }
    });
    const size = objects.length + 1;
    const xref = [
      "xref",
      `0 ${size}`,
      "0000000000 65535 f ",
      ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
      "trailer",
      `<< /Size ${size} /Root 1 0 R /Info ${objects.length} 0 R >>`,
      "startxref",
      String(length),
      "%%EOF",
    ];
    chunks.push(Buffer.from(xref.join("\n") + "\n", "latin1"));
    return Buffer.concat(chunks);
  };
  const overhead = build(1).length - width * 3;
  return build(Math.floor((targetBytes - overhead) / (width * 3)));
}

function multipartBody(category: string, pdf: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${category}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A body sent chunked (no Content-Length), as a client that does not declare its size. */
function chunked(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

// --- the server's memory ---------------------------------------------------------------------------------------

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") * 1024, hwm: kb("VmHWM") * 1024 };
}

/** Resets VmHWM (Linux: "5" to clear_refs, allowed on one's own processes); false where that is refused. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** VmRSS sampled every 50 ms, plus the kernel's own peak (VmHWM, reset at the start when the kernel allows). */
function sampler(pid: number) {
  const hwmReset = resetPeak(pid);
  let peak = memoryOf(pid).rss;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
      samples++;
    } catch {
      // the process is gone; the caller finds out from its requests
    }
  }, SAMPLE_MS);
  return {
    /** The peak so far: the larger of the sampled maximum and VmHWM (when it was reset). */
    peak(): number {
      const now = memoryOf(pid);
      peak = Math.max(peak, now.rss);
      return hwmReset ? Math.max(peak, now.hwm) : peak;
    },
    samples: () => samples,
    hwmReset,
    stop: () => clearInterval(timer),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The RSS at rest: the median of five readings 50 ms apart. */
async function restingRss(pid: number): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < 5; i++) {
    values.push(memoryOf(pid).rss);
    await sleep(SAMPLE_MS);
  }
  return values.sort((a, b) => a - b)[2]!;
}

// --- the product -----------------------------------------------------------------------------------------------

interface Session {
  server: RunningServer;
  handle: DbHandle;
  headers: Record<string, string>;
  transferId: string;
  category: string;
}

async function documentIds(session: Session): Promise<Set<string>> {
  const rows = await session.handle.db
    .selectFrom("documents")
    .select("id")
    .where("transfer_id", "=", session.transferId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Waits until every document is UploadVerified; a document that is gone was rejected (an error here). */
async function waitVerified(session: Session, ids: string[]): Promise<void> {
  const deadline = Date.now() + VERIFY_TIMEOUT_MS;
  for (;;) {
    const rows = await session.handle.db
      .selectFrom("documents")
      .select(["id", "status"])
      .where("id", "in", ids)
      .execute();
    if (rows.length < ids.length) {
      const gone = ids.filter((id) => !rows.some((r) => r.id === id));
      throw new Error(`documents rejected or removed: ${gone.join(", ")}\n${tail(session.server.logFile)}`);
    }
    if (rows.every((r) => r.status === "UploadVerified")) return;
    if (Date.now() > deadline) {
      throw new Error(`not verified after ${VERIFY_TIMEOUT_MS / 1000} s: ${JSON.stringify(rows)}`);
    }
    await sleep(100);
  }
}

async function countVerified(session: Session, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await session.handle.db
    .selectFrom("documents")
    .select("id")
    .where("id", "in", ids)
    .where("status", "=", "UploadVerified")
    .execute();
  return rows.length;
}

interface Upload {
  status: number;
  /** Wall time of the request carrying the bytes (the PUT, or the form post), as this client saw it. */
  ms: number;
  documentId: string | null;
}

async function createForPut(session: Session): Promise<{ id: string; uploadUrl: string }> {
  const response = await fetch(
    `${session.server.origin}/api/core/transfers/${session.transferId}/documents`,
    {
      method: "POST",
      headers: { ...session.headers, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ fileName: "bench.pdf", category: session.category }),
    },
  );
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST …/documents answered ${response.status}: ${text}`);
  return JSON.parse(text) as { id: string; uploadUrl: string };
}

async function putUpload(session: Session, pdf: Buffer, stream = false): Promise<Upload> {
  const created = await createForPut(session);
  const started = performance.now();
  const response = await fetch(new URL(created.uploadUrl, session.server.origin), {
    method: "PUT",
    headers: { Origin: session.server.origin, "Content-Type": "application/pdf" },
    body: stream ? chunked(pdf) : pdf,
    duplex: "half",
  } as RequestInit);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, documentId: created.id };
}

async function formUpload(session: Session, pdf: Buffer, stream = false): Promise<Upload> {
  const body = multipartBody(session.category, pdf);
  const started = performance.now();
  const response = await fetch(`${session.server.origin}/transfers/${session.transferId}/documents`, {
    method: "POST",
    headers: {
      ...session.headers,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      Accept: "text/html",
    },
    body: stream ? chunked(body) : body,
    duplex: "half",
    redirect: "manual",
  } as RequestInit);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, documentId: null };
}

const upload = (kind: Path, session: Session, pdf: Buffer, stream = false) =>
  kind === "put" ? putUpload(session, pdf, stream) : formUpload(session, pdf, stream);
const expected: Record<Path, number> = { form: 303, put: 201 };

/** One upload, checked, with its new document's id (the form's redirect does not name it). */
async function uploadOne(
  kind: Path,
  session: Session,
  pdf: Buffer,
): Promise<Upload & { documentId: string }> {
  const before = await documentIds(session);
  const result = await upload(kind, session, pdf);
  if (result.status !== expected[kind]) {
    throw new Error(`${kind} upload answered ${result.status}\n${tail(session.server.logFile)}`);
  }
  const documentId = result.documentId ?? [...(await documentIds(session))].find((id) => !before.has(id));
  if (!documentId) throw new Error(`${kind} upload answered ${result.status} but made no document`);
  return { ...result, documentId };
}

/** The access log's response times (morgan, request start to answer) of the last `count` matching lines. */
function serverTimes(logFile: string, method: string, pathPrefix: string, count: number): number[] {
  const lines = fs.readFileSync(logFile, "utf8").split("\n");
  const times: number[] = [];
  for (const line of lines) {
    const match = /^(\S+) (\S+) (\d{3}) \S+ - ([\d.]+) ms$/.exec(line.trim());
    if (match && match[1] === method && match[2]!.startsWith(pathPrefix)) times.push(Number(match[4]));
  }
  return times.slice(-count);
}

/**
 * A Purchase transfer of the manager's tenant that takes an upload now: candidates from the database, each tried
 * with the real call (document requirements, then POST …/documents); the document made by the probe is uploaded
 * (a warm-up, not measured) so the first measured upload finds pdf.js loaded.
 */
async function findTransfer(
  server: RunningServer,
  handle: DbHandle,
  headers: Record<string, string>,
): Promise<{ transferId: string; category: string; probe: { id: string; uploadUrl: string } }> {
  const candidates = await handle.db
    .selectFrom("transfers")
    .select(["id", "status"])
    .where("tenant_id", "=", MANAGER.tenantId)
    .where("transfer_type", "=", "Purchase")
    .where("aborting", "=", 0)
    .orderBy("id")
    .execute();
  const tried: string[] = [];
  for (const candidate of candidates) {
    const requirements = await fetch(
      `${server.origin}/api/core/transfers/${candidate.id}/documentrequirements`,
      { headers: { ...headers, Accept: "application/json" } },
    );
    if (requirements.status !== 200) {
      tried.push(`${candidate.id} (${candidate.status}): requirements ${requirements.status}`);
      await requirements.arrayBuffer();
      continue;
    }
    const { uploadableCategories } = (await requirements.json()) as { uploadableCategories: string[] };
    const category = uploadableCategories.includes("TransferAgreement")
      ? "TransferAgreement"
      : uploadableCategories[0];
    if (!category) continue;
    const session = { server, handle, headers, transferId: candidate.id, category } as Session;
    try {
      const probe = await createForPut(session);
      return { transferId: candidate.id, category, probe };
    } catch (error) {
      tried.push(`${candidate.id} (${candidate.status}): ${(error as Error).message.slice(0, 80)}`);
    }
  }
  throw new Error(`no transfer of ${MANAGER.tenantId} takes an upload:\n  ${tried.join("\n  ")}`);
}

/** The GET …/documents call says the document is UploadVerified (the API's view, not only the table's). */
async function verifiedByApi(session: Session, documentId: string): Promise<string> {
  const response = await fetch(
    `${session.server.origin}/api/core/transfers/${session.transferId}/documents`,
    { headers: { ...session.headers, Accept: "application/json" } },
  );
  const body = (await response.json()) as unknown;
  const list = (Array.isArray(body) ? body : ((body as { documents?: unknown[] }).documents ?? [])) as Array<{
    id: string;
    status: string;
  }>;
  return list.find((d) => d.id === documentId)?.status ?? `missing (${response.status})`;
}

// --- the figures -----------------------------------------------------------------------------------------------

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function sequential(kind: Path, session: Session, pdf: Buffer, floorP50: number): Promise<UploadRow[]> {
  const client: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const result = await uploadOne(kind, session, pdf);
    client.push(result.ms);
    // One at a time: the verification job of this upload (pdf.js on 20 MB) is not left to slow the next.
    await waitVerified(session, [result.documentId]);
  }
  const server = serverTimes(
    session.server.logFile,
    kind === "put" ? "PUT" : "POST",
    kind === "put" ? "/api/uploads/" : `/transfers/${session.transferId}/documents`,
    SEQUENTIAL,
  );
  const serverMs = median(server);
  const clientMs = median(client);
  console.log(
    `[bench] uploads ${kind} x${SEQUENTIAL}: server ${server.map((t) => t.toFixed(0)).join(", ")} ms; ` +
      `client ${client.map((t) => t.toFixed(0)).join(", ")} ms`,
  );
  return [
    {
      path: PATH_LABEL[kind],
      measure: `${mb(pdf.length)} MB, ${SEQUENTIAL} uploads one at a time, median`,
      figure:
        `server ${serverMs.toFixed(0)} ms = ${(pdf.length / MB / (serverMs / 1000)).toFixed(0)} MB/s ` +
        `(x${(serverMs / floorP50).toFixed(0)} the floor); client ${clientMs.toFixed(0)} ms = ` +
        `${(pdf.length / MB / (clientMs / 1000)).toFixed(0)} MB/s`,
    },
  ];
}

async function parallel(kind: Path, session: Session, pdf: Buffer): Promise<UploadRow[]> {
  const pid = session.server.pid;
  await sleep(1000);
  const baseline = await restingRss(pid);
  const before = await documentIds(session);
  const watch = sampler(pid);
  const started = performance.now();
  let results: Upload[];
  let uploadPeak: number;
  let wall: number;
  let verifiedAtAnswer: number;
  let ids: string[];
  let allPeak: number;
  try {
    results = await Promise.all(Array.from({ length: PARALLEL }, () => upload(kind, session, pdf)));
    wall = performance.now() - started;
    uploadPeak = watch.peak();
    ids = [...(await documentIds(session))].filter((id) => !before.has(id));
    verifiedAtAnswer = await countVerified(session, ids);
    await waitVerified(session, ids);
    allPeak = watch.peak();
  } finally {
    watch.stop();
  }
  const bad = results.filter((r) => r.status !== expected[kind]);
  if (bad.length > 0 || ids.length !== PARALLEL) {
    throw new Error(
      `${kind} x${PARALLEL} in parallel: statuses ${results.map((r) => r.status).join(",")}, ` +
        `${ids.length} documents\n${tail(session.server.logFile)}`,
    );
  }
  const growth = uploadPeak - baseline;
  const growthAll = allPeak - baseline;
  const pass = growth < TARGET_GROWTH_MB * MB;
  console.log(
    `[bench] uploads ${kind} x${PARALLEL} parallel: ${(wall / 1000).toFixed(2)} s, RSS ${mb(baseline)} -> ` +
      `${mb(uploadPeak)} MB (answers), ${mb(allPeak)} MB (verified); ${watch.samples()} samples, ` +
      `VmHWM ${watch.hwmReset ? "reset and read" : "not resettable, sampled only"}`,
  );
  return [
    {
      path: PATH_LABEL[kind],
      measure: `${PARALLEL} uploads at once, all answered`,
      figure:
        `${(wall / 1000).toFixed(2)} s, ${((PARALLEL * pdf.length) / MB / (wall / 1000)).toFixed(0)} MB/s together; ` +
        `client p50 ${median(results.map((r) => r.ms)).toFixed(0)} ms`,
    },
    {
      path: PATH_LABEL[kind],
      measure: `RSS during the ${PARALLEL} uploads (start to last answer)`,
      figure:
        `${mb(baseline)} -> peak ${mb(uploadPeak)} MB: +${mb(growth)} MB ` +
        `(target < ${TARGET_GROWTH_MB}) ${pass ? "PASS" : "FAIL"}; ${verifiedAtAnswer} verified by then`,
    },
    {
      path: PATH_LABEL[kind],
      measure: `RSS until the ${PARALLEL} are verified (job in the server)`,
      figure: `peak ${mb(allPeak)} MB: +${mb(growthAll)} MB over the baseline (for information)`,
    },
  ];
}

async function tooLarge(kind: Path, session: Session, pdf: Buffer, stream: boolean): Promise<UploadRow> {
  const pid = session.server.pid;
  await sleep(500);
  const baseline = await restingRss(pid);
  const before = await documentIds(session);
  const watch = sampler(pid);
  let result: Upload | { status: string; ms: number };
  try {
    result = await upload(kind, session, pdf, stream).catch((error: unknown) => ({
      status: `no answer (${String((error as Error).cause ?? (error as Error).message)})`,
      ms: NaN,
    }));
  } finally {
    watch.stop();
  }
  const peak = watch.peak();
  // A refusal removes the document's row; after a reset the server may still be finishing that.
  let left = Number.NaN;
  for (let i = 0; i < 50; i++) {
    left = [...(await documentIds(session))].filter((id) => !before.has(id)).length;
    if (left === 0) break;
    await sleep(100);
  }
  const growth = peak - baseline;
  const ok = result.status === 413 && left === 0 && growth < pdf.length;
  console.log(
    `[bench] uploads ${kind} ${mb(pdf.length)} MB ${stream ? "chunked" : "declared"}: ${result.status} in ` +
      `${result.ms.toFixed(0)} ms, RSS ${mb(baseline)} -> ${mb(peak)} MB, ${left} documents left`,
  );
  return {
    path: PATH_LABEL[kind],
    measure: `${mb(pdf.length)} MB, ${stream ? "chunked (no Content-Length)" : "Content-Length declared"}`,
    figure:
      `${result.status}, ${left} rows left; RSS +${mb(growth)} MB (file ${mb(pdf.length)} MB) ` +
      `${ok ? "PASS" : "FAIL"}`,
  };
}

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
