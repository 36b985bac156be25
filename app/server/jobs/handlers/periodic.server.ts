import { sql } from "kysely";
import * as z from "zod";
import { todayInStockholm } from "~/lib/dates";
import { FINAL_STATUSES } from "~/lib/transfer";
import type { Db } from "../../db/kysely.server";
import { noteTransfersChanged } from "../../domain/transfers/lists/counts.server";
import { purgeExpiredSessions } from "../../platform/session.server";
import { defineJob } from "../registry.server";

export const REFRESH_EXPIRY = "transfers.refreshExpiry";
export const PURGE_SESSIONS = "sessions.purge";

/**
 * The expired flag (decision 037; the rule is docs/spec-choices.md, jobs: expiry): a transfer is expired when its
 * entry date has passed and it has no final decision (approved, rejected or aborted). "Expiring" in the lists is this
 * flag or an entry date within 14 days (lists/conditions.server). Recomputed for every transfer once a day and at
 * start; only changed rows are written, so a second run the same day changes nothing.
 */
export async function refreshExpiry(db: Db, now: Date): Promise<number> {
  const today = todayInStockholm(now);
  const finals = [...FINAL_STATUSES];
  const expiredNow = sql<number>`case when entry_date is not null and entry_date < ${today} and status not in (${sql.join(finals)}) then 1 else 0 end`;
  const result = await db
    .updateTable("transfers")
    .set({ expired: expiredNow })
    .where(sql<boolean>`expired <> ${expiredNow}`)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows);
  if (changed > 0) noteTransfersChanged();
  return changed;
}

defineJob({
  type: REFRESH_EXPIRY,
  schema: z.object({ slot: z.string() }),
  async handler(_payload, { db, now, log }) {
    log(`${await refreshExpiry(db, now())} transfers changed their expired flag`);
  },
});

defineJob({
  type: PURGE_SESSIONS,
  schema: z.object({ slot: z.string() }),
  async handler(_payload, { db, now, log }) {
    log(`${await purgeExpiredSessions(db, now().getTime())} ended sessions removed`);
  },
});
