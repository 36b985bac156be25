// A hub that the unmodified @microsoft/signalr client talks to (negotiate v1, JSON protocol,
// Server-Sent Events and Long Polling). Framework-free: Fetch Request in, Response out.
import { createInProcessBackplane, type Backplane } from "./backplane.server";
import {
  ConnectionRegistry,
  textResponse,
  type LiveConnection,
  type TransportOptions,
} from "./connections.server";
import { createDispatcher, DEFAULT_RATE_LIMIT } from "./dispatch.server";
import { DEFAULT_MAX_RECORD_BYTES, writeClose, writeInvocation } from "./protocol.server";
import type { Hub, HubContext, HubMethods, LiveLogger, Principal, RateLimitOptions } from "./types.server";
import { getLog } from "../platform/log.server";

export * from "./types.server";

export interface HubOptions extends Partial<TransportOptions> {
  /** The token comes from `Authorization: Bearer` or the `access_token` query parameter. */
  authenticate(token: string | null): Promise<Principal | null>;
  methods?: HubMethods;
  onDisconnected?: (context: HubContext) => void | Promise<void>;
  /** Defaults to an in-process backplane owned (and closed) by the hub. */
  backplane?: Backplane;
  channel?: string;
  rateLimit?: Partial<RateLimitOptions>;
  maxRecordBytes?: number;
  log?: LiveLogger;
  /** How long this instance keeps a group's recent messages for `groups.replay` (0 keeps none). */
  replayWindowMs?: number;
  /** The groups whose messages are kept for `groups.replay` (default: every group). */
  replayable?: (group: string) => boolean;
}

/** A page that renders, then connects, can miss what happened in between; a join replays that gap. */
export const DEFAULT_REPLAY_WINDOW_MS = 60_000;
/** At most this many recent messages per group are kept; a busier gap is replayed in part. */
const REPLAY_MAX_PER_GROUP = 32;

type Connection = LiveConnection<Principal>;

/** What travels over the backplane: to a group (g) or a user (u), target (t) and arguments (a). */
interface Envelope {
  g?: string;
  u?: string;
  t: string;
  a: unknown[];
}

const defaultLog: LiveLogger = (level, message, detail) => {
  if (level === "error") getLog().error({ err: detail }, message);
  else getLog().warn({ err: detail }, message);
};

export function extractToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (bearer?.[1]) return bearer[1];
  return new URL(request.url).searchParams.get("access_token") || null;
}

function addTo<K>(index: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom<K>(index: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = index.get(key);
  set?.delete(connection);
  if (set?.size === 0) index.delete(key);
}

export function createHub(options: HubOptions): Hub {
  const log = options.log ?? defaultLog;
  const channel = options.channel ?? "live";
  const ownsBackplane = options.backplane === undefined;
  const backplane = options.backplane ?? createInProcessBackplane();
  const groupsOf = new Map<string, Set<string>>();
  const groupMembers = new Map<string, Set<Connection>>();
  const byUser = new Map<string, Set<Connection>>();
  /** Per group, the records delivered on this instance lately, oldest first, with when they arrived. */
  const recent = new Map<string, Array<{ at: number; record: string }>>();
  const replayWindowMs = options.replayWindowMs ?? DEFAULT_REPLAY_WINDOW_MS;
  const clock = () => registry.options.now();
  let closing = false;

  const registry = new ConnectionRegistry<Principal>(options, {
    onBody: (connection, body) => dispatcher.receive(connection, body),
    onClosed: disconnected,
    onSweep: forgetOld,
  });
  const dispatcher = createDispatcher({
    registry,
    hub: () => hub,
    limits: { ...DEFAULT_RATE_LIMIT, ...options.rateLimit },
    maxRecordBytes: options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES,
    log,
  });
  dispatcher.addMethods(options.methods ?? {});

  const unauthorized = () => textResponse(401, "Unauthorized", { "WWW-Authenticate": "Bearer" });

  async function handleNegotiate(request: Request): Promise<Response> {
    if (request.method !== "POST") return textResponse(405, "", { Allow: "POST" });
    if (closing) return textResponse(503, "The hub is shutting down.");
    const principal = await options.authenticate(extractToken(request));
    if (!principal) return unauthorized();
    const connection = registry.create(principal);
    groupsOf.set(connection.connectionId, new Set());
    addTo(byUser, principal.userId, connection);
    const body = {
      connectionId: connection.connectionId,
      connectionToken: connection.connectionToken,
      negotiateVersion: 1,
      availableTransports: [
        { transport: "ServerSentEvents", transferFormats: ["Text"] },
        { transport: "LongPolling", transferFormats: ["Text"] },
      ],
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  }

  async function handleConnection(request: Request): Promise<Response> {
    const principal = await options.authenticate(extractToken(request));
    const id = new URL(request.url).searchParams.get("id");
    const connection = id ? registry.byConnectionToken(id) : undefined;
    if (!principal) {
      // The v10 client never retries a 401 with a fresh token (its retry is dead code,
      // dotnet/aspnetcore#56494), so we end the connection and let automatic reconnect
      // negotiate again, which calls accessTokenFactory.
      if (connection?.handshakeDone) {
        registry.close(connection, writeClose({ error: "Unauthorized", allowReconnect: true }));
      }
      return unauthorized();
    }
    if (!id) return textResponse(400, "Connection ID required.");
    if (!connection) return textResponse(404, "No connection with that id.");
    if (
      connection.principal.userId !== principal.userId ||
      connection.principal.tenantId !== principal.tenantId
    ) {
      return textResponse(403, "Forbidden.");
    }
    switch (request.method) {
      case "GET":
        return (request.headers.get("accept") ?? "").includes("text/event-stream")
          ? registry.handleSse(connection, request)
          : registry.handlePoll(connection, request);
      case "POST":
        return registry.handleSend(connection, request);
      case "DELETE":
        return registry.handleDelete(connection);
      default:
        return textResponse(405, "", { Allow: "GET, POST, DELETE" });
    }
  }

  function disconnected(connection: Connection): void {
    dispatcher.forget(connection);
    for (const group of groupsOf.get(connection.connectionId) ?? []) {
      removeFrom(groupMembers, group, connection);
    }
    groupsOf.delete(connection.connectionId);
    removeFrom(byUser, connection.principal.userId, connection);
    const onDisconnected = options.onDisconnected;
    if (!onDisconnected) return;
    const context: HubContext = {
      principal: connection.principal,
      connectionId: connection.connectionId,
      hub,
    };
    Promise.resolve()
      .then(() => onDisconnected(context))
      .catch((error: unknown) => log("error", "onDisconnected failed.", error));
  }

  function remember(group: string, record: string): void {
    if (replayWindowMs <= 0 || (options.replayable && !options.replayable(group))) return;
    const at = clock();
    const list = recent.get(group) ?? [];
    list.push({ at, record });
    while (list.length > REPLAY_MAX_PER_GROUP || (list[0] && list[0].at < at - replayWindowMs)) list.shift();
    recent.set(group, list);
  }

  function forgetOld(): void {
    const oldest = clock() - replayWindowMs;
    for (const [group, list] of recent) {
      while (list[0] && list[0].at < oldest) list.shift();
      if (list.length === 0) recent.delete(group);
    }
  }

  function deliver(connections: Iterable<Connection>, record: string): void {
    for (const connection of connections) {
      if (connection.handshakeDone) registry.send(connection, record);
    }
  }

  const unsubscribe = backplane.subscribe((from, message) => {
    if (from !== channel) return;
    try {
      const envelope = JSON.parse(message) as Envelope;
      const record = writeInvocation(envelope.t, envelope.a);
      if (envelope.g !== undefined) {
        remember(envelope.g, record);
        deliver(groupMembers.get(envelope.g) ?? [], record);
      }
      if (envelope.u !== undefined) deliver(byUser.get(envelope.u) ?? [], record);
    } catch (error) {
      log("warn", "Dropped an unreadable backplane message.", error);
    }
  });

  const args = (payload: unknown) => (payload === undefined ? [] : [payload]);
  const envelope = (to: { g: string } | { u: string }, target: string, payload: unknown) =>
    JSON.stringify({ ...to, t: target, a: args(payload) } satisfies Envelope);

  function openConnection(connectionId: string): Connection | undefined {
    const connection = registry.byConnectionId(connectionId);
    return connection && !connection.closed ? connection : undefined;
  }

  const hub: Hub = {
    handleNegotiate,
    handleConnection,
    publish: (group, event, payload) => backplane.publish(channel, envelope({ g: group }, event, payload)),
    publishToUser: (userId, event, payload) =>
      backplane.publish(channel, envelope({ u: userId }, event, payload)),
    sendToConnection(connectionId, event, payload) {
      const connection = openConnection(connectionId);
      if (!connection?.handshakeDone) return false;
      return registry.send(connection, writeInvocation(event, args(payload)));
    },
    groups: {
      add(connectionId, group) {
        const connection = openConnection(connectionId);
        const groups = groupsOf.get(connectionId);
        if (!connection || !groups) return false;
        groups.add(group);
        addTo(groupMembers, group, connection);
        return true;
      },
      remove(connectionId, group) {
        const connection = registry.byConnectionId(connectionId);
        if (!connection || !groupsOf.get(connectionId)?.delete(group)) return false;
        removeFrom(groupMembers, group, connection);
        return true;
      },
      replay(connectionId, group, since) {
        const connection = openConnection(connectionId);
        if (!connection?.handshakeDone || !groupsOf.get(connectionId)?.has(group)) return 0;
        const missed = (recent.get(group) ?? []).filter((entry) => entry.at >= since);
        for (const entry of missed) registry.send(connection, entry.record);
        return missed.length;
      },
      has: (connectionId, group) => groupsOf.get(connectionId)?.has(group) ?? false,
      of: (connectionId) => [...(groupsOf.get(connectionId) ?? [])],
    },
    addMethods: (methods) => dispatcher.addMethods(methods),
    connections: () =>
      registry
        .all()
        .filter((c) => !c.closed)
        .map((c) => ({ connectionId: c.connectionId, principal: c.principal })),
    closeConnection(connectionId, closeOptions = {}) {
      const connection = openConnection(connectionId);
      if (!connection) return false;
      registry.close(connection, connection.handshakeDone ? writeClose(closeOptions) : undefined);
      return true;
    },
    async close() {
      closing = true;
      for (const connection of registry.all()) {
        if (connection.closed) continue;
        registry.close(
          connection,
          connection.handshakeDone ? writeClose({ allowReconnect: true }) : undefined,
        );
      }
      unsubscribe();
      if (ownsBackplane) await backplane.close();
      registry.dispose();
    },
    stats() {
      const all = registry.all().filter((connection) => !connection.closed);
      return {
        connections: all.length,
        serverSentEvents: all.filter((connection) => connection.transport === "sse").length,
        longPolling: all.filter((connection) => connection.transport === "longPolling").length,
        pendingPolls: all.filter((connection) => connection.poll !== null).length,
        groups: groupMembers.size,
        users: byUser.size,
      };
    },
    sweep: () => registry.sweep(),
  };
  return hub;
}
