import type { Db } from "../db/kysely.server";
import type { JobState } from "../db/schema.server";

/** What operators see and do with jobs (`npm run jobs`). */
export async function jobsOf(
  db: Db,
  filter: { id?: string; type?: string; state?: JobState; key?: string; limit?: number } = {},
) {
  let query = db.selectFrom("jobs").selectAll();
  if (filter.id) query = query.where("id", "=", filter.id);
  if (filter.type) query = query.where("type", "=", filter.type);
  if (filter.state) query = query.where("state", "=", filter.state);
  if (filter.key) query = query.where("payload", "like", `%"${filter.key}"%`);
  const rows = await query
    .orderBy("created_at", "desc")
    .limit(filter.limit ?? 1_000)
    .execute();
  return rows.map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
  }));
}

/** A dead or failed job runs again as soon as a runner is free, with its attempts counted anew. */
export async function retryJob(db: Db, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      state: "queued",
      attempts: 0,
      run_at: now.toISOString(),
      finished_at: null,
      locked_by: null,
      locked_until: null,
    })
    .where("id", "=", id)
    .where("state", "in", ["dead", "failed"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
