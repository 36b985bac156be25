import * as z from "zod";
import { COMPLETE_ABORT_JOB, completeAbort } from "../../domain/transfers/actions.server";
import { defineJob } from "../registry.server";

export const COMPLETE_ABORT = COMPLETE_ABORT_JOB;

/**
 * AbortTransfer leaves the transfer `Aborting` with the running task Abort; this job finishes it: `Aborted`, the task
 * removed, live `transferTaskCompleted` and `transferAborted`. The manager's system is not told: our property-manager
 * contract (decision 019, docs/property-manager-api.md) has no call for an abort yet, and this job is where one would
 * go. A transfer that is already Aborted makes the retry a no-op.
 */
export const completeAbortJob = defineJob({
  type: COMPLETE_ABORT,
  schema: z.object({ transferId: z.string().min(1) }),
  maxAttempts: 8,
  async handler({ transferId }, { db, context }) {
    const row = await db
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", transferId)
      .executeTakeFirst();
    if (!row) throw new Error(`transfer ${transferId} does not exist`);
    if (row.status === "Aborted") return;
    await completeAbort(context(), { transferId });
  },
});
