// Scale-out of the live channel over Redis (docs/decisions/009): group messages through pub/sub, presence
// in keys with expiry. Several instances then serve one user base; each connection still lives on one
// instance, so the load balancer needs sticky sessions for the HTTP transports.
import crypto from "node:crypto";
import type * as IORedis from "ioredis";
import type { Redis, RedisOptions } from "ioredis";
import { lazyModule } from "../platform/lazy-module.server";

import type { Backplane, BackplaneHandler } from "./backplane.server";
import {
  PRESENCE_GRACE_MS,
  PRESENCE_LIFETIME_MS,
  type ExpiredActivity,
  type PresenceStore,
  type TransferActivityEvent,
} from "./presence.server";
import { getLog } from "../platform/log.server";

export const DEFAULT_REDIS_PREFIX = "op:";

type WarnLog = (message: string, detail?: unknown) => void;
const defaultWarn: WarnLog = (message, detail) => getLog().warn({ err: detail }, message);

/** Logs a connection's errors once per distinct message, so a Redis outage does not flood the log. */
function watchErrors(redis: Redis, role: string, warn: WarnLog): void {
  let last = "";
  redis.on("error", (error: Error) => {
    if (error.message === last) return;
    last = error.message;
    warn(`Redis ${role} connection: ${error.message}`);
  });
  redis.on("ready", () => (last = ""));
}

async function quit(redis: Redis): Promise<void> {
  if (redis.status === "end") return;
  const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 1_000).unref());
  const result = await Promise.race([redis.quit().catch(() => "failed" as const), timeout]);
  if (result !== "OK") redis.disconnect();
}

/** ioredis is loaded by the first connection: without REDIS_URL the live channel stays in process. */
const loadIoRedis = lazyModule<typeof IORedis>("ioredis");

function connect(url: string, options: RedisOptions): Redis {
  const { Redis } = loadIoRedis();
  return new Redis(url, { connectionName: "overlatelseportalen-live", ...options });
}

export interface RedisBackplaneOptions {
  /** Prepended to every channel, so several products can share one Redis. */
  prefix?: string;
  warn?: WarnLog;
}

export interface RedisBackplane extends Backplane {
  /** Resolves once the subscription is in place; messages published before that are not received. */
  ready: Promise<void>;
}

/**
 * One connection publishes, one subscribes (a subscribed connection can do nothing else). What is
 * published while Redis is unreachable is lost, as with the reference server's backplane: live events
 * are hints, and pages read the truth from the database.
 */
export function createRedisBackplane(url: string, options: RedisBackplaneOptions = {}): RedisBackplane {
  const prefix = `${options.prefix ?? DEFAULT_REDIS_PREFIX}live:`;
  const warn = options.warn ?? defaultWarn;
  // A publish fails fast while Redis is down instead of holding the use case that published.
  const publisher = connect(url, { maxRetriesPerRequest: 1 });
  const subscriber = connect(url, { maxRetriesPerRequest: null });
  watchErrors(publisher, "publisher", warn);
  watchErrors(subscriber, "subscriber", warn);
  const handlers = new Set<BackplaneHandler>();
  let closed = false;

  subscriber.on("pmessage", (_pattern: string, channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    const name = channel.slice(prefix.length);
    for (const handler of [...handlers]) {
      try {
        handler(name, message);
      } catch (error) {
        warn("A backplane handler failed.", error);
      }
    }
  });
  // Glob characters in the prefix are escaped so that the pattern matches exactly our channels.
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  // ioredis re-subscribes by itself after a reconnect.
  const ready = subscriber.psubscribe(pattern).then(() => undefined);
  ready.catch((error: unknown) => warn("Redis backplane could not subscribe.", error));

  return {
    ready,
    async publish(channel, message) {
      if (closed) throw new Error("The backplane is closed.");
      await publisher.publish(prefix + channel, message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.all([quit(subscriber), quit(publisher)]);
    },
  };
}

export interface RedisPresenceOptions {
  prefix?: string;
  now?: () => number;
  lifetimeMs?: number;
  graceMs?: number;
  /**
   * Keys outlive an event's lifetime by this much, so the sweep (every few seconds on every instance)
   * finds and announces expired events; the key expiry only cleans up when no instance ran at all.
   */
  keyMarginMs?: number;
  /** Expired events removed per sweep script call. */
  sweepBatch?: number;
  warn?: WarnLog;
}

export interface RedisPresence extends PresenceStore {
  close(): Promise<void>;
}

// Layout, per prefix p:
//   p:presence:entry:<json [tenant, transfer, user]>  hash id, tenant, transfer, user, first, last, at (ms)
//   p:presence:tenant:<tenant>                        sorted set of entry keys by `at` (list, watchersOf)
//   p:presence:all                                    sorted set of entry keys by `at` (sweep)
// Every change is one Lua script, so it is atomic across instances.
const FIELDS = "'id', 'transfer', 'user', 'first', 'last', 'at', 'tenant'";

const WATCH = `
local oldAt = redis.call('ZSCORE', KEYS[1], KEYS[3])
local id = ARGV[2]
local isNew = 1
if oldAt and tonumber(ARGV[1]) - tonumber(oldAt) <= tonumber(ARGV[3]) then
  local oldId = redis.call('HGET', KEYS[3], 'id')
  if oldId then
    id = oldId
    isNew = 0
  end
end
redis.call('HSET', KEYS[3], 'id', id, 'tenant', ARGV[4], 'transfer', ARGV[5], 'user', ARGV[6],
  'first', ARGV[7], 'last', ARGV[8], 'at', ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[1], KEYS[3])
redis.call('ZADD', KEYS[2], ARGV[1], KEYS[3])
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[9]) end
return {id, isNew}
`;

const LIST = `
local keys = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
local out = {}
for _, key in ipairs(keys) do
  local f = redis.call('HMGET', key, ${FIELDS})
  if f[1] then out[#out + 1] = f end
end
return out
`;

const STOP = `
local f = redis.call('HMGET', KEYS[3], ${FIELDS})
redis.call('ZREM', KEYS[1], KEYS[3])
redis.call('ZREM', KEYS[2], KEYS[3])
redis.call('DEL', KEYS[3])
if not f[1] or tonumber(f[6]) < tonumber(ARGV[1]) then return false end
return f
`;

const SWEEP = `
local keys = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, key in ipairs(keys) do
  local f = redis.call('HMGET', key, ${FIELDS})
  redis.call('ZREM', KEYS[1], key)
  if f[1] then
    redis.call('ZREM', ARGV[2] .. f[7], key)
    redis.call('DEL', key)
    out[#out + 1] = f
  end
end
return {#keys, out}
`;

type Fields = [string, string, string, string, string, string, string];

function toEvent(fields: Fields): TransferActivityEvent {
  const [id, transferId, userId, firstName, lastName, at] = fields;
  return { id, userId, transferId, firstName, lastName, updatedAt: new Date(Number(at)).toISOString() };
}

export function createRedisPresence(url: string, options: RedisPresenceOptions = {}): RedisPresence {
  const p = `${options.prefix ?? DEFAULT_REDIS_PREFIX}presence:`;
  const now = options.now ?? (() => Date.now());
  const ttl = (options.lifetimeMs ?? PRESENCE_LIFETIME_MS) + (options.graceMs ?? PRESENCE_GRACE_MS);
  const keyTtl = ttl + (options.keyMarginMs ?? 10 * 60_000);
  const batch = options.sweepBatch ?? 500;
  const redis = connect(url, { maxRetriesPerRequest: 2 });
  watchErrors(redis, "presence", options.warn ?? defaultWarn);

  const allKey = `${p}all`;
  const tenantKey = (tenantId: string) => `${p}tenant:${tenantId}`;
  const entryKey = (tenantId: string, transferId: string, userId: string) =>
    `${p}entry:${JSON.stringify([tenantId, transferId, userId])}`;

  async function list(tenantId: string, since?: number): Promise<TransferActivityEvent[]> {
    const min = Math.max(now() - ttl, since ?? -Infinity);
    const rows = (await redis.eval(LIST, 1, tenantKey(tenantId), String(min))) as Fields[];
    return rows.map(toEvent);
  }

  return {
    async watch(tenantId, input) {
      const at = now();
      const keys = [tenantKey(tenantId), allKey, entryKey(tenantId, input.transferId, input.userId)];
      const [id, isNew] = (await redis.eval(
        WATCH,
        3,
        ...keys,
        String(at),
        crypto.randomUUID(),
        String(ttl),
        tenantId,
        input.transferId,
        input.userId,
        input.firstName,
        input.lastName,
        String(keyTtl),
      )) as [string, number];
      const event: TransferActivityEvent = {
        id,
        userId: input.userId,
        transferId: input.transferId,
        firstName: input.firstName,
        lastName: input.lastName,
        updatedAt: new Date(at).toISOString(),
      };
      return { event, isNew: isNew === 1 };
    },

    async stopWatching(tenantId, transferId, userId) {
      const keys = [tenantKey(tenantId), allKey, entryKey(tenantId, transferId, userId)];
      const fields = (await redis.eval(STOP, 3, ...keys, String(now() - ttl))) as Fields | null;
      return fields ? toEvent(fields) : null;
    },

    list: (tenantId, listOptions = {}) => list(tenantId, listOptions.since),

    async watchersOf(tenantId, transferIds) {
      const result = new Map<string, TransferActivityEvent[]>(transferIds.map((id) => [id, []]));
      if (transferIds.length === 0) return result;
      for (const event of await list(tenantId)) result.get(event.transferId)?.push(event);
      return result;
    },

    async sweep(at = now()) {
      const expired: ExpiredActivity[] = [];
      for (;;) {
        const [seen, rows] = (await redis.eval(
          SWEEP,
          1,
          allKey,
          String(at - ttl),
          `${p}tenant:`,
          String(batch),
        )) as [number, Fields[]];
        for (const fields of rows) expired.push({ tenantId: fields[6], event: toEvent(fields) });
        if (seen < batch) return expired;
      }
    },

    close: () => quit(redis),
  };
}
