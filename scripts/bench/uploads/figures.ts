import { percentile } from "../load";
import { tail } from "../server";
import { restingRss, sampler, sleep } from "./memory";
import {
  countVerified,
  documentIds,
  expected,
  serverTimes,
  upload,
  uploadOne,
  waitVerified,
  type Path,
  type Session,
  type Upload,
} from "./product";

// The upload benchmark's figures: uploads one at a time, ten at once (the server's RSS), and too large ones.

export const MB = 1024 * 1024;
const SEQUENTIAL = 5;
export const PARALLEL = 10;
const TARGET_GROWTH_MB = 50;

export interface UploadRow {
  path: string;
  measure: string;
  figure: string;
}

const PATH_LABEL: Record<Path, string> = {
  form: "no-JS form (multipart POST)",
  put: "JS flow (signed PUT)",
};

export const mb = (bytes: number) => (bytes / MB).toFixed(1);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function sequential(
  kind: Path,
  session: Session,
  pdf: Buffer,
  floorP50: number,
): Promise<UploadRow[]> {
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
    kind === "put" ? "routes/api.uploads.$documentId" : "routes/transfers.$id.documents._index",
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

export async function parallel(kind: Path, session: Session, pdf: Buffer): Promise<UploadRow[]> {
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

export async function tooLarge(
  kind: Path,
  session: Session,
  pdf: Buffer,
  stream: boolean,
): Promise<UploadRow> {
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
