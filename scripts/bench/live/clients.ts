import http from "node:http";
import { TOKEN } from "./instance";

// The live benchmark's clients: raw HTTP, as the official client does on the SSE transport (negotiate, the
// stream, the handshake POST).

export const RS = "\u001e";

export interface RawClient {
  /** Resolves on the next record matching `match`. */
  waitFor(
    match: (record: { type?: number; invocationId?: string; target?: string }) => boolean,
  ): Promise<void>;
  send(body: string): Promise<void>;
  onRecord?: (record: { type?: number; target?: string; arguments?: unknown[] }, receivedAt: number) => void;
  close(): void;
}

function httpRequest(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "text/plain;charset=UTF-8" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export async function openSse(agent: http.Agent, port: number): Promise<RawClient> {
  const negotiated = await httpRequest(agent, port, "POST", "/api/ws/negotiate?negotiateVersion=1");
  if (negotiated.status !== 200) throw new Error(`negotiate answered ${negotiated.status}`);
  const { connectionToken } = JSON.parse(negotiated.body) as { connectionToken: string };
  const path = `/api/ws?id=${connectionToken}`;
  const waiters: Array<{ match: Parameters<RawClient["waitFor"]>[0]; resolve: () => void }> = [];
  let buffer = "";
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));

  // Each SSE stream gets its own socket (agent: false), as a browser's EventSource holds one.
  const req = http.request(
    {
      host: "127.0.0.1",
      port,
      path: `${path}&access_token=${TOKEN}`,
      headers: { Accept: "text/event-stream" },
      agent: false,
    },
    (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const receivedAt = performance.timeOrigin + performance.now();
        buffer += chunk;
        if (buffer.startsWith(":\r\n")) {
          buffer = buffer.slice(3);
          opened();
        }
        let end: number;
        while ((end = buffer.indexOf("\r\n\r\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 4);
          const data = block
            .split("\r\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6))
            .join("\n");
          for (const text of data.split(RS)) {
            if (text === "") continue;
            const record = JSON.parse(text) as { type?: number; invocationId?: string; target?: string };
            client.onRecord?.(record, receivedAt);
            for (let i = waiters.length - 1; i >= 0; i--) {
              const waiter = waiters[i]!;
              if (waiter.match(record)) {
                waiters.splice(i, 1);
                waiter.resolve();
              }
            }
          }
        }
      });
      res.on("error", () => undefined);
    },
  );
  req.on("error", () => undefined);
  req.end();

  const client: RawClient = {
    waitFor: (match) => new Promise<void>((resolve) => waiters.push({ match, resolve })),
    async send(body) {
      const answer = await httpRequest(agent, port, "POST", path, body);
      if (answer.status !== 200) throw new Error(`send answered ${answer.status}`);
    },
    close: () => req.destroy(),
  };
  await open;
  const handshake = client.waitFor((record) => Object.keys(record).length === 0);
  await client.send(`{"protocol":"json","version":1}${RS}`);
  await handshake;
  return client;
}
