// Presence in the transfer_activity table: the default without REDIS_URL (docs/decisions/009). It
// survives restarts, server-rendered pages read it, and every statement is atomic on its own, so several
// processes on one database (PostgreSQL) agree: sweep's DELETE ... RETURNING hands each expired row to
// exactly one caller.
import crypto from "node:crypto";
import { sql } from "kysely";

import type { Db } from "../db/kysely.server";
import type { TransferActivityTable } from "../db/schema.server";
import {
  PRESENCE_GRACE_MS,
  PRESENCE_LIFETIME_MS,
  type PresenceStore,
  type TransferActivityEvent,
} from "./presence.server";

export interface DatabasePresenceOptions {
  now?: () => number;
  lifetimeMs?: number;
  graceMs?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toEvent(row: TransferActivityTable): TransferActivityEvent {
  return {
    id: row.id,
    userId: row.user_id,
    transferId: row.transfer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    updatedAt: row.updated_at,
  };
}

/** `db` may be a function, read on every call, so that a process-wide store follows getDb(). */
export function createDatabasePresence(
  database: Db | (() => Db),
  options: DatabasePresenceOptions = {},
): PresenceStore {
  const db = typeof database === "function" ? database : () => database;
  const now = options.now ?? (() => Date.now());
  const ttl = (options.lifetimeMs ?? PRESENCE_LIFETIME_MS) + (options.graceMs ?? PRESENCE_GRACE_MS);
  // updated_at holds toISOString() values, which order as text exactly as the instants they name.
  const aliveSince = (at: number) => iso(at - ttl);

  return {
    async watch(tenantId, input) {
      const at = now();
      const freshId = crypto.randomUUID();
      const cutoff = aliveSince(at);
      // One statement: refresh a live row keeping its id, or start a new event (new id) when the row is
      // missing or already expired, so two instances announcing at once cannot both create one.
      const row = await db()
        .insertInto("transfer_activity")
        .values({
          id: freshId,
          transfer_id: input.transferId,
          user_id: input.userId,
          tenant_id: tenantId,
          first_name: input.firstName,
          last_name: input.lastName,
          updated_at: iso(at),
        })
        .onConflict((oc) =>
          oc.columns(["transfer_id", "user_id"]).doUpdateSet((eb) => ({
            id: sql<string>`case when ${eb.ref("transfer_activity.updated_at")} < ${cutoff} then ${eb.ref("excluded.id")} else ${eb.ref("transfer_activity.id")} end`,
            tenant_id: eb.ref("excluded.tenant_id"),
            first_name: eb.ref("excluded.first_name"),
            last_name: eb.ref("excluded.last_name"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return { event: toEvent(row), isNew: row.id === freshId };
    },

    async stopWatching(tenantId, transferId, userId) {
      const row = await db()
        .deleteFrom("transfer_activity")
        .where("tenant_id", "=", tenantId)
        .where("transfer_id", "=", transferId)
        .where("user_id", "=", userId)
        .returningAll()
        .executeTakeFirst();
      return row && row.updated_at >= aliveSince(now()) ? toEvent(row) : null;
    },

    async list(tenantId, listOptions = {}) {
      let query = db()
        .selectFrom("transfer_activity")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("updated_at", ">=", aliveSince(now()));
      if (listOptions.since !== undefined) query = query.where("updated_at", ">=", iso(listOptions.since));
      const rows = await query.orderBy("updated_at").orderBy("id").execute();
      return rows.map(toEvent);
    },

    async watchersOf(tenantId, transferIds) {
      const result = new Map<string, TransferActivityEvent[]>(transferIds.map((id) => [id, []]));
      if (transferIds.length === 0) return result;
      const rows = await db()
        .selectFrom("transfer_activity")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("transfer_id", "in", [...new Set(transferIds)])
        .where("updated_at", ">=", aliveSince(now()))
        .orderBy("updated_at")
        .orderBy("id")
        .execute();
      for (const row of rows) result.get(row.transfer_id)?.push(toEvent(row));
      return result;
    },

    async sweep(at = now()) {
      const rows = await db()
        .deleteFrom("transfer_activity")
        .where("updated_at", "<", aliveSince(at))
        .returningAll()
        .execute();
      return rows.map((row) => ({ tenantId: row.tenant_id, event: toEvent(row) }));
    },
  };
}
