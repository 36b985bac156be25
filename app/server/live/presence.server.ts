// Who is watching which transfer (spec 01 §3 "Transfer activity event"). The interface is async so
// that a Redis implementation can replace the in-memory one when several instances run.
import { randomUUID } from "node:crypto";
import type { TransferActivityEvent } from "../domain/core/events.server";

export const PRESENCE_LIFETIME_MS = 180_000;
export const PRESENCE_GRACE_MS = 30_000;

export type { TransferActivityEvent };

export interface WatchInput {
  transferId: string;
  userId: string;
  firstName: string;
  lastName: string;
}

export interface ExpiredActivity {
  tenantId: string;
  event: TransferActivityEvent;
}

export interface PresenceStore {
  /** Creates or refreshes the user's event for the transfer; the id stays the same on refresh. */
  watch(tenantId: string, input: WatchInput): Promise<{ event: TransferActivityEvent; isNew: boolean }>;
  /** The removed event, or null when the user was not watching. */
  stopWatching(tenantId: string, transferId: string, userId: string): Promise<TransferActivityEvent | null>;
  /** Live events of the tenant, oldest update first; `since` (epoch ms) keeps those updated at or after it. */
  list(tenantId: string, options?: { since?: number }): Promise<TransferActivityEvent[]>;
  /** Live events per transfer id, for server-rendered presence in lists; every asked id is a key. */
  watchersOf(tenantId: string, transferIds: readonly string[]): Promise<Map<string, TransferActivityEvent[]>>;
  /** Removes and returns the events whose lifetime plus grace has passed. */
  sweep(now?: number): Promise<ExpiredActivity[]>;
}

export interface MemoryPresenceOptions {
  now?: () => number;
  lifetimeMs?: number;
  graceMs?: number;
}

interface Entry {
  event: TransferActivityEvent;
  updatedAtMs: number;
}

const keyOf = (transferId: string, userId: string) => `${transferId}\u0000${userId}`;

export function createMemoryPresence(options: MemoryPresenceOptions = {}): PresenceStore {
  const now = options.now ?? (() => Date.now());
  const ttl = (options.lifetimeMs ?? PRESENCE_LIFETIME_MS) + (options.graceMs ?? PRESENCE_GRACE_MS);
  const tenants = new Map<string, Map<string, Entry>>();

  const alive = (entry: Entry, at: number) => at - entry.updatedAtMs <= ttl;

  function liveEntries(tenantId: string): Entry[] {
    const at = now();
    const entries = [...(tenants.get(tenantId)?.values() ?? [])].filter((entry) => alive(entry, at));
    return entries.sort((a, b) => a.updatedAtMs - b.updatedAtMs);
  }

  return {
    async watch(tenantId, input) {
      let entries = tenants.get(tenantId);
      if (!entries) tenants.set(tenantId, (entries = new Map()));
      const key = keyOf(input.transferId, input.userId);
      const at = now();
      const previous = entries.get(key);
      const isNew = !previous || !alive(previous, at);
      const event: TransferActivityEvent = {
        id: isNew ? randomUUID() : previous.event.id,
        userId: input.userId,
        transferId: input.transferId,
        firstName: input.firstName,
        lastName: input.lastName,
        updatedAt: new Date(at).toISOString(),
      };
      entries.set(key, { event, updatedAtMs: at });
      return { event: { ...event }, isNew };
    },

    async stopWatching(tenantId, transferId, userId) {
      const entries = tenants.get(tenantId);
      const key = keyOf(transferId, userId);
      const entry = entries?.get(key);
      if (!entries || !entry) return null;
      entries.delete(key);
      if (entries.size === 0) tenants.delete(tenantId);
      return alive(entry, now()) ? { ...entry.event } : null;
    },

    async list(tenantId, listOptions = {}) {
      const since = listOptions.since;
      return liveEntries(tenantId)
        .filter((entry) => since === undefined || entry.updatedAtMs >= since)
        .map((entry) => ({ ...entry.event }));
    },

    async watchersOf(tenantId, transferIds) {
      const result = new Map<string, TransferActivityEvent[]>(transferIds.map((id) => [id, []]));
      for (const entry of liveEntries(tenantId)) {
        result.get(entry.event.transferId)?.push({ ...entry.event });
      }
      return result;
    },

    async sweep(at = now()) {
      const expired: ExpiredActivity[] = [];
      for (const [tenantId, entries] of tenants) {
        for (const [key, entry] of entries) {
          if (!alive(entry, at)) {
            entries.delete(key);
            expired.push({ tenantId, event: { ...entry.event } });
          }
        }
        if (entries.size === 0) tenants.delete(tenantId);
      }
      return expired;
    },
  };
}
