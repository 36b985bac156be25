import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { getEnv } from "../../platform/env.server";
import { getLog } from "../../platform/log.server";

/**
 * Reading an uploaded PDF away from the web process (decision 044). pdf.js runs in a worker thread (pdf-worker.mjs)
 * with a heap limit; the worker checks what the file's streams decode to, its pages and its text items against
 * limits; this side ends it when it takes too long or when the process's memory grows past a ceiling while it runs
 * (pdf.js's buffers live outside the heap the limit covers, in the process's memory). Whatever happens inside, the
 * web process gets an answer: the document's reading failed, and why. At most PDF_WORKERS documents are read at
 * once, so the ceiling holds for the process as a whole.
 */

export interface PdfLimits {
  decodedBytes: number;
  pages: number;
  textItems: number;
  heapMb: number;
  /** How far the process's resident memory may grow while a worker runs. */
  memoryBytes: number;
  timeoutMs: number;
}

export function pdfLimits(): PdfLimits {
  const env = getEnv();
  return {
    decodedBytes: env.PDF_MAX_DECODED_MB * 1024 * 1024,
    pages: env.PDF_MAX_PAGES,
    textItems: env.PDF_MAX_TEXT_ITEMS,
    heapMb: env.PDF_WORKER_HEAP_MB,
    memoryBytes: env.PDF_WORKER_MEMORY_MB * 1024 * 1024,
    timeoutMs: env.PDF_WORKER_TIMEOUT_MS,
  };
}

export interface PositionedText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PdfLimit = "decodedBytes" | "pages" | "textItems" | "memory";

/**
 * The reading failed: pdf.js could not open the file, or the file is encrypted (its streams cannot be counted), or
 * it broke a limit, or took too long.
 */
export type PdfFailure =
  | { kind: "unreadable"; name: string; message: string }
  | { kind: "encrypted" }
  | { kind: "limit"; limit: PdfLimit }
  | { kind: "timeout" }
  /** The worker died while it read the document (pdf.js exhausted its stack, say). */
  | { kind: "crashed"; message: string };

interface Answers {
  verify:
    | {
        kind: "verify";
        result: { verified: true; pages: number } | { verified: false; reason: "encrypted" | "noPages" };
      }
    | PdfFailure;
  text: { kind: "text"; pages: PositionedText[][] } | PdfFailure;
}
type WorkerAnswer = Answers["verify"] | Answers["text"];

/** Beside this module in the sources, beside build/index.js in the built server (scripts/copy-pdf-worker.js). */
const WORKER_FILE = new URL("./pdf-worker.mjs", import.meta.url);
const MEMORY_POLL_MS = 10;
/** A worker that read a document well is kept for the next one (loading pdf.js costs a second), until idle this long. */
const IDLE_MS = 60_000;

interface Idle {
  worker: Worker;
  heapMb: number;
  timer: NodeJS.Timeout;
}

let running = 0;
let tasks = 0;
const waiting: Array<() => void> = [];
const idle: Idle[] = [];

async function slot(): Promise<() => void> {
  if (running >= getEnv().PDF_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

let standardFontDataUrl: string | undefined;
/** Where pdf.js finds the standard fonts on the server (the worker is told). */
function pdfjsFontsUrl(): string {
  standardFontDataUrl ??=
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
      "standard_fonts",
    ) + "/";
  return standardFontDataUrl;
}

/**
 * Workers whose module loaded (they say so first). A worker that fails before that could not start (a build without
 * the worker file): an error of the installation, thrown, not a verdict on the document it was given.
 */
const started = new WeakSet<Worker>();

function startWorker(heapMb: number): Worker {
  const worker = new Worker(WORKER_FILE, {
    workerData: { fontsUrl: pdfjsFontsUrl() },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  const onReady = (message: { ready?: boolean }) => {
    if (!message.ready) return;
    started.add(worker);
    worker.off("message", onReady);
  };
  worker.on("message", onReady);
  // For its whole life, so that a worker failing while idle is dropped and never an 'error' without a listener (which
  // would throw in the web process); a task's own listeners answer for a worker failing while it reads.
  const drop = () => {
    const index = idle.findIndex((entry) => entry.worker === worker);
    if (index < 0) return;
    clearTimeout(idle[index]!.timer);
    idle.splice(index, 1);
    void worker.terminate();
  };
  worker.on("error", drop).on("exit", drop);
  return worker;
}

/** An idle worker started with the same heap limit, or a new one. */
function takeWorker(heapMb: number): Worker {
  const index = idle.findIndex((entry) => entry.heapMb === heapMb);
  if (index < 0) return startWorker(heapMb);
  const [entry] = idle.splice(index, 1);
  clearTimeout(entry!.timer);
  entry!.worker.ref();
  return entry!.worker;
}

function keepWorker(worker: Worker, heapMb: number) {
  worker.unref();
  const timer = setTimeout(() => {
    const index = idle.findIndex((entry) => entry.worker === worker);
    if (index >= 0) idle.splice(index, 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, heapMb, timer });
}

/** Ends the idle workers (a test's end, a shutdown). */
export async function closePdfWorkers(): Promise<void> {
  const entries = idle.splice(0);
  for (const entry of entries) clearTimeout(entry.timer);
  await Promise.all(entries.map((entry) => entry.worker.terminate()));
}

/**
 * Runs one task over the bytes in a PDF worker. `handOver`: the bytes move to the worker (the caller's view is
 * detached) when they span their whole buffer; otherwise they are copied.
 */
export async function inPdfWorker<T extends "verify" | "text">(
  task: T,
  bytes: Uint8Array,
  { handOver = false, limits = pdfLimits() }: { handOver?: boolean; limits?: PdfLimits } = {},
): Promise<Answers[T]> {
  const release = await slot();
  try {
    // The worker answers the task it was given (pdf-worker.mjs).
    return (await runTask(task, bytes, handOver, limits)) as Answers[T];
  } finally {
    release();
  }
}

/**
 * One task in a worker. A worker stopped from here (memory, time) is ended: terminate stops it even inside a
 * synchronous loop of pdf.js, and its memory goes with it.
 */
function runTask(
  task: "verify" | "text",
  bytes: Uint8Array,
  handOver: boolean,
  limits: PdfLimits,
): Promise<WorkerAnswer> {
  const size = bytes.byteLength;
  const whole = bytes.byteOffset === 0 && size === bytes.buffer.byteLength;
  const transfer = handOver && whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
  const baseline = process.memoryUsage.rss();
  const worker = takeWorker(limits.heapMb);
  const id = ++tasks;
  const documentLimits = {
    decodedBytes: limits.decodedBytes,
    pages: limits.pages,
    textItems: limits.textItems,
  };
  return new Promise<WorkerAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: { answer: WorkerAnswer; answered: boolean } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      // A worker that answered (a limit it found itself included) has let the document go and is kept; one that was
      // stopped from here (memory, time) or failed is ended, and its memory goes with it.
      const answered = "answer" in outcome && outcome.answered;
      if (answered) keepWorker(worker, limits.heapMb);
      else void worker.terminate();
      if ("error" in outcome) return reject(outcome.error);
      const { answer } = outcome;
      if (answer.kind === "limit" || answer.kind === "timeout" || answer.kind === "crashed") {
        const why = answer.kind === "limit" ? { limit: answer.limit } : {};
        getLog().warn(
          { component: "pdf", task, bytes: size, outcome: answer.kind, ...why },
          "PDF read stopped",
        );
      }
      resolve(answer);
    };
    const grewPastCeiling = () => process.memoryUsage.rss() - baseline > limits.memoryBytes;
    const onMessage = (message: { id: number; answer: WorkerAnswer }) => {
      if (message.id !== id) return;
      // The ceiling is looked at once more when the answer comes: a read shorter than one poll is held to it too.
      if (grewPastCeiling()) finish({ answer: { kind: "limit", limit: "memory" }, answered: false });
      else finish({ answer: message.answer, answered: true });
    };
    const onError = (error: Error & { code?: string }) => {
      if (!started.has(worker)) finish({ error });
      else if (error.code === "ERR_WORKER_OUT_OF_MEMORY")
        finish({ answer: { kind: "limit", limit: "memory" }, answered: false });
      else finish({ answer: { kind: "crashed", message: String(error.message) }, answered: false });
    };
    const onExit = (code: number) => {
      const message = `PDF worker exited with ${code} and no answer`;
      if (!started.has(worker)) finish({ error: new Error(message) });
      else finish({ answer: { kind: "crashed", message }, answered: false });
    };
    const timer = setTimeout(
      () => finish({ answer: { kind: "timeout" }, answered: false }),
      limits.timeoutMs,
    );
    const watch = setInterval(() => {
      if (grewPastCeiling()) finish({ answer: { kind: "limit", limit: "memory" }, answered: false });
    }, MEMORY_POLL_MS);
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    worker.postMessage({ id, task, bytes, limits: documentLimits }, transfer);
  });
}
