// Small Fetch helpers for the transports.
import { readUpTo } from "../platform/body.server";

export const encoder = new TextEncoder();
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};
const NO_CACHE = { "Cache-Control": "no-cache, no-store" };

export function textResponse(status: number, body = "", headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_CACHE, ...headers },
  });
}

export function sseFrame(payload: string): Uint8Array {
  const lines = payload.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return encoder.encode(lines.join("\r\n") + "\r\n\r\n");
}

/** Reads a body up to `limit` bytes; null when it is larger (the rest is not read). */
export async function readLimited(request: Request, limit: number): Promise<string | null> {
  const bytes = await readUpTo(request, limit);
  return bytes && Buffer.from(bytes).toString("utf8");
}
