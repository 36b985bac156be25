// Connection registry and the two HTTP transports (Server-Sent Events and Long Polling).
// Framework-free: requests and responses are Web Fetch objects.
import { randomBytes } from "node:crypto";

import { encoder, readLimited, SSE_HEADERS, sseFrame, textResponse } from "./http.server";
import { PING_RECORD, writeClose } from "./protocol.server";
import { meters } from "../platform/meters.server";

export { textResponse } from "./http.server";

export interface TransportOptions {
  /** How long a long poll waits for data before answering 200 empty. */
  pollTimeoutMs: number;
  /** A connection with no SSE stream open and no poll in flight for this long is removed. */
  disconnectTimeoutMs: number;
  /** Server silence on SSE after which a ping is sent. */
  keepAliveMs: number;
  /** Client silence on SSE after which the connection is closed (the client pings every 15 s). */
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** Period of the single sweep timer; 0 disables the timer (tests call sweep() themselves). */
  sweepIntervalMs: number;
  maxBodyBytes: number;
  /** Records waiting for a slow long-polling client beyond this size close the connection. */
  maxBufferedBytes: number;
  now: () => number;
}

export const DEFAULT_TRANSPORT_OPTIONS: TransportOptions = {
  pollTimeoutMs: 90_000,
  disconnectTimeoutMs: 15_000,
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  sweepIntervalMs: 1_000,
  maxBodyBytes: 256 * 1024,
  maxBufferedBytes: 1024 * 1024,
  now: () => Date.now(),
};

export type TransportKind = "sse" | "longPolling";

interface PendingPoll {
  deadline: number;
  answer: (response: Response) => void;
}

export interface LiveConnection<P> {
  readonly connectionId: string;
  readonly connectionToken: string;
  readonly principal: P;
  readonly createdAt: number;
  transport: TransportKind | null;
  handshakeDone: boolean;
  closed: boolean;
  lastReceivedAt: number;
  lastSentAt: number;
  lastActiveAt: number;
  sse: ReadableStreamDefaultController<Uint8Array> | null;
  poll: PendingPoll | null;
  sending: boolean;
  outbox: string[];
  outboxChars: number;
  flushScheduled: boolean;
}

export interface RegistryHooks<P> {
  /** A complete POST body; called once per body, in arrival order. */
  onBody(connection: LiveConnection<P>, body: string): void;
  /** Called exactly once when a connection closes, whatever the reason. */
  onClosed(connection: LiveConnection<P>): void;
  /** After each sweep pass (the owner's own housekeeping on the same timer). */
  onSweep?(): void;
}

export class ConnectionRegistry<P> {
  readonly options: TransportOptions;
  private readonly byToken = new Map<string, LiveConnection<P>>();
  private readonly byId = new Map<string, LiveConnection<P>>();
  private readonly timer: ReturnType<typeof setInterval> | null;

  constructor(
    options: Partial<TransportOptions>,
    private readonly hooks: RegistryHooks<P>,
  ) {
    this.options = { ...DEFAULT_TRANSPORT_OPTIONS, ...options };
    this.timer =
      this.options.sweepIntervalMs > 0 ? setInterval(() => this.sweep(), this.options.sweepIntervalMs) : null;
    this.timer?.unref();
  }

  create(principal: P): LiveConnection<P> {
    const now = this.options.now();
    const connection: LiveConnection<P> = {
      connectionId: randomBytes(16).toString("base64url"),
      connectionToken: randomBytes(16).toString("base64url"),
      principal,
      createdAt: now,
      transport: null,
      handshakeDone: false,
      closed: false,
      lastReceivedAt: now,
      lastSentAt: now,
      lastActiveAt: now,
      sse: null,
      poll: null,
      sending: false,
      outbox: [],
      outboxChars: 0,
      flushScheduled: false,
    };
    this.byToken.set(connection.connectionToken, connection);
    this.byId.set(connection.connectionId, connection);
    return connection;
  }

  byConnectionToken(token: string): LiveConnection<P> | undefined {
    return this.byToken.get(token);
  }

  byConnectionId(connectionId: string): LiveConnection<P> | undefined {
    return this.byId.get(connectionId);
  }

  all(): LiveConnection<P>[] {
    return [...this.byId.values()];
  }

  /** Queues a record for the client; false when the connection is closed. */
  send(connection: LiveConnection<P>, record: string): boolean {
    if (connection.closed) return false;
    connection.outbox.push(record);
    connection.outboxChars += record.length;
    if (connection.outboxChars > this.options.maxBufferedBytes) {
      meters()?.liveDroppedSlow();
      connection.outbox = [];
      connection.outboxChars = 0;
      this.close(connection, writeClose({ error: "Too much data is waiting for the client." }));
      return false;
    }
    if (record !== PING_RECORD) meters()?.liveSent();
    if (!connection.flushScheduled) {
      connection.flushScheduled = true;
      queueMicrotask(() => {
        connection.flushScheduled = false;
        this.flush(connection);
      });
    }
    return true;
  }

  /**
   * Closes a connection: `finalRecord` (a close message or handshake error) goes out last. An SSE
   * stream ends at once; a long-polling client gets what is left on its next poll, then 204.
   */
  close(connection: LiveConnection<P>, finalRecord?: string): void {
    if (connection.closed) return;
    if (finalRecord !== undefined) {
      connection.outbox.push(finalRecord);
      connection.outboxChars += finalRecord.length;
    }
    connection.closed = true;
    try {
      this.hooks.onClosed(connection);
    } finally {
      if (connection.sse) {
        this.flush(connection);
        this.endSse(connection);
        this.remove(connection);
      } else if (connection.transport === "longPolling") {
        if (connection.poll) this.flush(connection);
      } else {
        this.remove(connection);
      }
    }
  }

  handleSse(connection: LiveConnection<P>, request: Request): Response {
    if (connection.transport === "longPolling") {
      return textResponse(400, "Cannot change transports mid-connection.");
    }
    if (connection.sse) return textResponse(409, "Another stream is open for this connection.");
    if (connection.closed) return textResponse(404, "No connection with that id.");
    connection.transport = "sse";
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(encoder.encode(":\r\n"));
      },
      cancel: () => this.sseEnded(connection),
    });
    connection.sse = controller;
    connection.lastActiveAt = this.options.now();
    if (request.signal.aborted) {
      this.sseEnded(connection);
    } else {
      request.signal.addEventListener("abort", () => this.sseEnded(connection), { once: true });
    }
    if (connection.outbox.length > 0) this.flush(connection);
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  }

  handlePoll(connection: LiveConnection<P>, request: Request): Promise<Response> | Response {
    if (connection.transport === "sse") {
      return textResponse(400, "Cannot change transports mid-connection.");
    }
    const now = this.options.now();
    connection.lastActiveAt = now;
    if (connection.transport === null) {
      // The client discards the first poll's answer and only then sends its handshake.
      connection.transport = "longPolling";
      return textResponse(connection.closed ? 204 : 200);
    }
    connection.poll?.answer(textResponse(204));
    if (connection.outbox.length > 0) return textResponse(200, this.takeOutbox(connection));
    if (connection.closed) {
      this.remove(connection);
      return textResponse(204);
    }
    return new Promise<Response>((resolve) => {
      const poll: PendingPoll = {
        deadline: now + this.options.pollTimeoutMs,
        answer: (response) => {
          if (connection.poll !== poll) return;
          connection.poll = null;
          connection.lastActiveAt = this.options.now();
          resolve(response);
        },
      };
      connection.poll = poll;
      request.signal.addEventListener("abort", () => poll.answer(textResponse(204)), {
        once: true,
      });
    });
  }

  handleDelete(connection: LiveConnection<P>): Response {
    if (connection.transport === "sse") {
      return textResponse(400, "Cannot terminate this connection using the DELETE endpoint.");
    }
    connection.poll?.answer(textResponse(204));
    this.close(connection);
    this.remove(connection);
    return textResponse(202);
  }

  async handleSend(connection: LiveConnection<P>, request: Request): Promise<Response> {
    if (connection.closed) return textResponse(404, "No connection with that id.");
    if (connection.sending) return textResponse(409, "Another send is in progress.");
    connection.sending = true;
    try {
      const body = await readLimited(request, this.options.maxBodyBytes);
      if (body === null) {
        this.close(
          connection,
          writeClose({ error: `Message exceeds the maximum size of ${this.options.maxBodyBytes} bytes.` }),
        );
        return textResponse(413, "Payload too large.");
      }
      connection.lastReceivedAt = this.options.now();
      this.hooks.onBody(connection, body);
      return textResponse(200);
    } catch {
      return textResponse(400, "Could not read the request body.");
    } finally {
      connection.sending = false;
    }
  }

  /** One pass over all connections: poll timeouts, pings, timeouts and removal. */
  sweep(): void {
    const o = this.options;
    const now = o.now();
    for (const connection of this.byId.values()) {
      if (connection.poll && now >= connection.poll.deadline) {
        connection.poll.answer(textResponse(200));
      }
      if (!connection.closed) {
        if (!connection.handshakeDone && now - connection.createdAt >= o.handshakeTimeoutMs) {
          this.close(connection);
        } else if (connection.sse && now - connection.lastReceivedAt >= o.clientTimeoutMs) {
          this.close(
            connection,
            writeClose({ error: "Server timeout elapsed without receiving a message from the client." }),
          );
        } else if (
          connection.sse &&
          connection.handshakeDone &&
          now - connection.lastSentAt >= o.keepAliveMs
        ) {
          this.send(connection, PING_RECORD);
        }
      }
      const active = connection.sse !== null || connection.poll !== null;
      if (!active && now - connection.lastActiveAt >= o.disconnectTimeoutMs) {
        this.close(connection);
        this.remove(connection);
      }
    }
    this.hooks.onSweep?.();
  }

  /** Stops the sweep timer and ends every transport; connections are closed without a message. */
  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const connection of this.byId.values()) {
      this.close(connection);
      connection.poll?.answer(textResponse(204));
      this.remove(connection);
    }
  }

  private flush(connection: LiveConnection<P>): void {
    if (connection.outbox.length === 0) return;
    if (connection.sse) {
      const payload = this.takeOutbox(connection);
      try {
        connection.sse.enqueue(sseFrame(payload));
      } catch {
        this.sseEnded(connection);
      }
    } else if (connection.poll) {
      connection.poll.answer(textResponse(200, this.takeOutbox(connection)));
    }
  }

  private takeOutbox(connection: LiveConnection<P>): string {
    const payload = connection.outbox.join("");
    connection.outbox = [];
    connection.outboxChars = 0;
    connection.lastSentAt = this.options.now();
    return payload;
  }

  private endSse(connection: LiveConnection<P>): void {
    const controller = connection.sse;
    if (!controller) return;
    connection.sse = null;
    connection.lastActiveAt = this.options.now();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the consumer.
    }
  }

  private sseEnded(connection: LiveConnection<P>): void {
    if (!connection.sse) return;
    this.endSse(connection);
    this.close(connection);
    this.remove(connection);
  }

  private remove(connection: LiveConnection<P>): void {
    this.byToken.delete(connection.connectionToken);
    this.byId.delete(connection.connectionId);
  }
}
