import * as z from "zod";
import { refreshBoards } from "../../domain/board-refresh.server";
import { applyRetention } from "../../domain/retention.server";
import { defineJob } from "../registry.server";

export const APPLY_RETENTION = "retention.apply";
export const REFRESH_BOARDS = "boards.refresh";

/** GDPR retention (domain/retention.server), daily; the counts per rule are the job's result. */
defineJob({
  type: APPLY_RETENTION,
  schema: z.object({ slot: z.string() }),
  async handler(_payload, { log, context }) {
    const report = await applyRetention(context());
    log(`${report.items.length} erased (${JSON.stringify(report.counts)})`);
    return { counts: report.counts, filesAlreadyGone: report.filesAlreadyGone };
  },
});

/** Board seats from the company registry (domain/board-refresh.server), daily; a registry failure retries. */
defineJob({
  type: REFRESH_BOARDS,
  schema: z.object({ slot: z.string() }),
  maxAttempts: 6,
  async handler(_payload, { log, context }) {
    const result = await refreshBoards(context());
    log(
      `${result.people} people: +${result.added} -${result.removed} seats, ${result.joined} joined, ${result.left} left`,
    );
    return { ...result };
  },
});
