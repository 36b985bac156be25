// Adapts node:http to Fetch handlers: streams the Response body as it is produced and aborts the
// Request's signal when the client goes away (what SSE and long polling need).
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { getLog } from "../platform/log.server";

export type FetchHandler = (request: Request) => Promise<Response> | Response;

export function toFetchRequest(req: IncomingMessage, res: ServerResponse): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

export async function writeFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.on("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
    }
  } catch {
    // The body errored or was cancelled because the client went away.
  } finally {
    res.off("close", cancel);
    if (!res.destroyed) res.end();
  }
}

export function createFetchListener(
  handler: FetchHandler,
  onError: (error: unknown) => void = (error) =>
    getLog().error({ err: error }, "live channel request failed"),
): RequestListener {
  return (req, res) => {
    void (async () => {
      try {
        const response = await handler(toFetchRequest(req, res));
        await writeFetchResponse(res, response);
      } catch (error) {
        onError(error);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        } else if (!res.destroyed) {
          res.destroy();
        }
      }
    })();
  };
}
