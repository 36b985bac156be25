// The live benchmark's instance: node:http, the hub and the product's methods (in-process backplane) in a child
// process of the bench, so that its memory is measured apart from the clients'; and the bench's handle on it.
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(import.meta.url);
const SERVER_FLAG = "--bench-live-server";
export const TOKEN = "bench-token";

// ---------------------------------------------------------------------------------------------------
// The instance (child process)

interface MemoryReport {
  rss: number;
  heapUsed: number;
  external: number;
  connections: number;
}

type ServerRequest =
  | { id: number; kind: "memory" }
  | { id: number; kind: "publish"; group: string; events: number; intervalMs: number }
  | { id: number; kind: "exit" };

async function runServer(): Promise<void> {
  const { createHub } = await import("../../../app/server/live/hub.server");
  const { createProductMethods } = await import("../../../app/server/live/methods.server");
  const { createMemoryPresence } = await import("../../../app/server/live/presence.server");
  const { createFetchListener } = await import("../../../app/server/live/node-adapter.server");

  const principal = { userId: "bench-user", tenantId: "bench-tenant", firstName: "Bench", lastName: "User" };
  const hub = createHub({
    authenticate: async (token) => (token === TOKEN ? principal : null),
    // The raw clients do not ping; the server's own pings (every 15 s) still run.
    clientTimeoutMs: 10 * 60_000,
  });
  const product = createProductMethods({
    hub,
    presence: createMemoryPresence(),
    canSeeTransfer: async () => true,
    ownsSearch: () => false,
    scopeUnitsOf: async () => ["tenant:bench"],
    transferUnits: async (ids) => new Map(ids.map((id) => [id, ["tenant:bench"]])),
    presenceSweepMs: 0,
  });
  hub.addMethods(product.methods);

  const server = http.createServer(
    createFetchListener((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/api/ws/negotiate") return hub.handleNegotiate(request);
      if (pathname === "/api/ws") return hub.handleConnection(request);
      return new Response("Not found", { status: 404 });
    }),
  );
  server.maxConnections = 100_000;
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const gc = (globalThis as { gc?: () => void }).gc;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  process.on("message", (message: ServerRequest) => {
    void (async () => {
      if (message.kind === "memory") {
        await settle();
        const usage = process.memoryUsage();
        const report: MemoryReport = {
          rss: usage.rss,
          heapUsed: usage.heapUsed,
          external: usage.external,
          connections: hub.stats().connections,
        };
        process.send?.({ id: message.id, report });
      } else if (message.kind === "publish") {
        for (let i = 0; i < message.events; i++) {
          await hub.publish(message.group, "benchEvent", {
            seq: i,
            sentAt: performance.timeOrigin + performance.now(),
          });
          await new Promise((resolve) => setTimeout(resolve, message.intervalMs));
        }
        process.send?.({ id: message.id });
      } else {
        product.dispose();
        await hub.close();
        server.closeAllConnections();
        server.close();
        process.send?.({ id: message.id });
        process.exit(0);
      }
    })();
  });
  process.send?.({ ready: port, gc: gc !== undefined });
}

// ---------------------------------------------------------------------------------------------------
// The bench (parent process)

export class Instance {
  private nextId = 1;
  private readonly waiting = new Map<number, (value: unknown) => void>();
  constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on("message", (message: { id?: number }) => {
      if (message.id === undefined) return;
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
  }
  ask<T>(request: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve as (value: unknown) => void);
      this.child.send({ ...request, id });
    });
  }
  memory() {
    return this.ask<{ report: MemoryReport }>({ kind: "memory" }).then((answer) => answer.report);
  }
}

export async function startInstance(): Promise<Instance> {
  const child = fork(HERE, [SERVER_FLAG], {
    execArgv: [...process.execArgv, "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message: { ready?: number }) => {
      if (typeof message.ready === "number") resolve(message.ready);
    });
    child.once("exit", (code) => reject(new Error(`bench instance exited (${code})`)));
  });
  return new Instance(child, port);
}

if (process.argv.includes(SERVER_FLAG)) void runServer();
