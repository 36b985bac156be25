import crypto from "node:crypto";
import type { Db } from "../db/kysely.server";

/**
 * BankID bills each order and a flood of orders is a nuisance to the people they are shown to, so order starts
 * are limited (decision 012) per client address and per browser (its session). The address limit is high
 * because a municipal office signs in many people from behind one NAT address; the browser limit is what stops a
 * person or script that keeps its cookies. BankID v6 orders carry no person until they complete, so "per
 * person" is the browser here; a person's parallel orders are already refused by BankID (alreadyInProgress).
 * Counted in the database, so several instances share the limits.
 */
export const SIGN_IN_WINDOW_MS = 10 * 60_000;
export const SIGN_IN_LIMITS = { address: 120, browser: 10 } as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function admitSignInStart(
  db: Db,
  who: { address: string; browser: string | null },
  now = Date.now(),
): Promise<ThrottleVerdict> {
  const since = new Date(now - SIGN_IN_WINDOW_MS).toISOString();
  const buckets: Array<[string, number]> = [[`address:${who.address}`, SIGN_IN_LIMITS.address]];
  if (who.browser) buckets.push([`browser:${who.browser}`, SIGN_IN_LIMITS.browser]);
  return db.transaction().execute(async (trx) => {
    for (const [bucket, limit] of buckets) {
      const rows = await trx
        .selectFrom("sign_in_starts")
        .select("started_at")
        .where("bucket", "=", bucket)
        .where("started_at", ">", since)
        .orderBy("started_at")
        .limit(limit)
        .execute();
      if (rows.length >= limit) {
        const oldest = Date.parse(rows[0]!.started_at);
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + SIGN_IN_WINDOW_MS - now) / 1000)),
        };
      }
    }
    const at = new Date(now).toISOString();
    await trx
      .insertInto("sign_in_starts")
      .values(buckets.map(([bucket]) => ({ id: crypto.randomUUID(), bucket, started_at: at })))
      .execute();
    await trx.deleteFrom("sign_in_starts").where("started_at", "<=", since).execute();
    return { allowed: true };
  });
}
