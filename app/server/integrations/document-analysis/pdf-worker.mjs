// @ts-check
import { parentPort, workerData } from "node:worker_threads";
import { checkDecodedSize, isEncrypted, OverBudget } from "./decoded-size.mjs";

/**
 * The PDF worker (decision 044): opens stored uploads with pdf.js, one at a time, in a worker thread with a heap
 * limit that the web process ends when a document takes too long or the memory grows too much
 * (sandbox.server.ts). Each task checks the decoded size of the file's streams first (decoded-size.mjs; an
 * encrypted file, whose streams cannot be counted, is answered as such before pdf.js opens it), and every count
 * pdf.js could be made to blow up is capped: pages per document, text items per document. Plain JavaScript,
 * started from a file, so that the sources (Vitest, tsx) and the built server (scripts/copy-pdf-worker.js puts it
 * beside build/index.js) run the same code.
 *
 * workerData: { fontsUrl: string }
 * task: { id, task: "verify" | "text", bytes: Uint8Array, limits: { decodedBytes, pages, textItems } }
 * answer: { id, answer: { kind: "limit", limit } | { kind: "verify", result } | { kind: "text", pages }
 *                       | { kind: "encrypted" } | { kind: "unreadable", name, message } }
 */

class LimitExceeded extends Error {
  /** @param {string} limit */
  constructor(limit) {
    super(limit);
    this.limit = limit;
  }
}

/** @param {any} doc @param {{ pages: number }} limits */
function checkPages(doc, limits) {
  if (doc.numPages > limits.pages) throw new LimitExceeded("pages");
}

/** The verification's judgement (domain/documents/verify.server.ts). @param {any} doc @param {any} limits */
async function verify(doc, limits) {
  const { info } = await doc.getMetadata();
  if (info && "EncryptFilterName" in info && info.EncryptFilterName)
    return { verified: false, reason: "encrypted" };
  if (doc.numPages < 1) return { verified: false, reason: "noPages" };
  checkPages(doc, limits);
  await doc.getPage(1);
  return { verified: true, pages: doc.numPages };
}

/**
 * Every page's text items with their position, read chunk by chunk so that a page of millions of items stops at
 * the cap instead of after it. @param {any} doc @param {any} limits
 */
async function text(doc, limits) {
  checkPages(doc, limits);
  let items = 0;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const positioned = [];
    const reader = page.streamTextContent().getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const item of value.items) {
        if (!("str" in item)) continue;
        // Not reader.cancel(): pdf.js then throws from its message handler; doc.destroy() ends the stream.
        if (++items > limits.textItems) throw new LimitExceeded("textItems");
        const [, , , d, x, y] = item.transform;
        positioned.push({
          str: item.str,
          x: x ?? 0,
          y: y ?? 0,
          width: item.width,
          height: item.height || Math.abs(d ?? 0) || 1,
        });
      }
    }
    pages.push(positioned);
    page.cleanup();
  }
  return pages;
}

/** @param {{ task: "verify" | "text", bytes: Uint8Array, limits: any }} request */
async function run({ task, bytes, limits }) {
  const { fontsUrl } = workerData;
  if (isEncrypted(bytes)) return { kind: "encrypted" };
  try {
    await checkDecodedSize(bytes, limits.decodedBytes);
  } catch (error) {
    if (error instanceof OverBudget) return { kind: "limit", limit: "decodedBytes" };
    throw error;
  }
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  let doc;
  try {
    doc = await getDocument({
      data: bytes,
      isEvalSupported: false,
      standardFontDataUrl: fontsUrl,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const { name, message } = /** @type {Error} */ (error);
    return { kind: "unreadable", name, message: message ?? "unreadable" };
  }
  try {
    if (task === "verify") return { kind: "verify", result: await verify(doc, limits) };
    return { kind: "text", pages: await text(doc, limits) };
  } catch (error) {
    if (error instanceof LimitExceeded) return { kind: "limit", limit: error.limit };
    const { name, message } = /** @type {Error} */ (error);
    return { kind: "unreadable", name, message: message ?? "unreadable" };
  } finally {
    await doc.destroy();
  }
}

parentPort?.on("message", async (request) => {
  let answer;
  try {
    answer = await run(request);
  } catch (error) {
    // Whatever pdf.js or the scan throws is the document's failure, answered, never the worker's end.
    const { name, message } = /** @type {Error} */ (error);
    answer = { kind: "unreadable", name: String(name), message: String(message ?? "unreadable") };
  }
  parentPort?.postMessage({ id: request.id, answer });
});

// Loaded: from here on a failure is the document's (sandbox.server.ts).
parentPort?.postMessage({ ready: true });
