import { BodyTimeout, timedBody } from "./body-timeouts.server";
import { svT } from "./i18n.server";

/**
 * The one way an action or API call reads its request body (decision 012). Whatever cannot be read is answered
 * here, in Swedish, before any route code runs: a wrong content type is 415, a body over the limit is 413 (refused
 * from Content-Length before reading, or as soon as the stream passes the limit), anything unreadable is 400.
 * The answers are thrown Responses, so a page action's error boundary and an API client see the same status.
 */

/** Forms and JSON calls are small; uploads have their own streamed reader and 25 MB rule (documents). */
export const BODY_LIMIT_BYTES = 64 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const LABELS = {
  400: "Bad request",
  408: "Request timeout",
  413: "Payload too large",
  415: "Unsupported media type",
} as const;

/** A Swedish refusal of a body (`common:body.<key>`), as text for pages or in the API's JSON shape. */
export function refuse(status: 400 | 408 | 413 | 415, key: string, asJson: boolean): Response {
  const message = svT()(`common:body.${key}`);
  if (asJson) {
    // The shape of every API validation answer (apiValidationError), so clients read one format.
    return new Response(JSON.stringify({ status, title: LABELS[status], errors: { body: [message] } }), {
      status,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  }
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A request body's bytes, never more than `limit`: null when the declared or streamed size passes it (the rest
 * is not read). Shared with the live channel's hub requests (live/http.server).
 */
export async function readUpTo(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) return null;
  if (!request.body) return new Uint8Array();
  return collectUpTo(timedBody(request.body).stream, limit);
}

/**
 * A stream's bytes, never more than `limit`: null as soon as it passes the limit (the rest is not read).
 * `expectedSize`, when the caller knows it (a stored file's recorded size), makes the result's buffer before the
 * first read and copies each chunk into it as it arrives: no chunk outlives its read, and no second whole copy is
 * made at the end (a 20 MB file is then 20 MB, not 40, with 20 MB of chunks left for the garbage collector's old
 * generation). A stream that turns out longer or shorter than expected is still read exactly.
 */
export async function collectUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  { expectedSize = 0 }: { expectedSize?: number } = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const first = new Uint8Array(Math.min(Math.max(0, expectedSize), limit));
  /** Chunks past `first`, only when the stream is longer than expected. */
  const more: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    const fits = Math.max(0, Math.min(value.byteLength, first.length - size));
    if (fits > 0) first.set(fits === value.byteLength ? value : value.subarray(0, fits), size);
    if (fits < value.byteLength) more.push(fits === 0 ? value : value.subarray(fits));
    size += value.byteLength;
  }
  if (size === first.length) return first;
  if (more.length === 0) return first.slice(0, size);
  const bytes = new Uint8Array(size);
  bytes.set(first, 0);
  let offset = first.length;
  for (const chunk of more) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body within the limit, or the Swedish refusal: 413 over the limit, 408 for a client too slow to send it
 * (platform/body-timeouts), 400 for a stream that breaks.
 */
async function readLimited(
  request: Request,
  limit: number,
  asJson: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readUpTo(request, limit);
  } catch (error) {
    throw refuse(
      error instanceof BodyTimeout ? 408 : 400,
      error instanceof BodyTimeout ? "tooSlow" : "unreadable",
      asJson,
    );
  }
  if (!bytes) throw refuse(413, "tooLarge", asJson);
  return bytes;
}

/**
 * A form post's fields. URL-encoded and (small, file-less) multipart bodies are read; any other type is 415,
 * an empty or broken body 400. NUL characters never reach a handler.
 */
export async function readForm(request: Request, { limit = BODY_LIMIT_BYTES } = {}): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.has(type)) throw refuse(415, "notForm", false);
  const bytes = await readLimited(request, limit, false);
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type")! },
    }).formData();
  } catch {
    throw refuse(400, "unreadable", false);
  }
  const clean = new FormData();
  for (const [name, value] of form) {
    if (typeof value !== "string") throw refuse(415, "fileNotAllowed", false);
    clean.append(stripNul(name), stripNul(value));
  }
  return clean;
}

/** A JSON call's body: `application/json` only (415 otherwise, text/plain included), 400 when it is not JSON. */
export async function readJsonBody(request: Request, { limit = BODY_LIMIT_BYTES } = {}): Promise<unknown> {
  if (mediaType(request) !== "application/json") throw refuse(415, "notJson", true);
  const bytes = await readLimited(request, limit, true);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.trim() === "") throw refuse(400, "empty", true);
  try {
    return JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? stripNul(value) : value));
  } catch {
    throw refuse(400, "notJsonSyntax", true);
  }
}

// eslint-disable-next-line no-control-regex -- NUL is stripped on purpose: it is never meaningful text
const NUL = /\u0000/g;
export function stripNul(value: string): string {
  return value.includes("\u0000") ? value.replace(NUL, "") : value;
}

/**
 * A request body as a stream its consumer may stop reading (a refused upload) without the connection being torn
 * down: `drain` then reads and drops the rest, up to `upTo` bytes, so the client still receives the answer.
 */
export function drainableBody(body: ReadableStream<Uint8Array>, upTo: number) {
  const reader = body.getReader();
  let finished = false;
  let seen = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        finished = true;
        controller.close();
      } else {
        seen += next.value.byteLength;
        controller.enqueue(next.value);
      }
    },
    cancel() {},
  });
  const drain = async () => {
    try {
      while (!finished && seen <= upTo) {
        const next = await reader.read();
        if (next.done) finished = true;
        else seen += next.value.byteLength;
      }
      if (!finished) await reader.cancel();
    } catch {
      // A body that breaks off while being drained changes nothing about the answer.
    }
  };
  return { stream, drain };
}
