import * as z from "zod";
import { completeAbort } from "../../domain/transfers/use-cases.server";
import { defineJob } from "../registry.server";

export const COMPLETE_ABORT = "transfer.completeAbort";

/**
 * AbortTransfer leaves the transfer `Aborting` with the running task Abort; this job finishes it: `Aborted`, the
 * task removed, live `transferTaskCompleted` and `transferAborted`. The manager's system is told here once the
 * property-manager integration exists (issue 15). A transfer that is already Aborted makes the retry a no-op.
 */
export const completeAbortJob = defineJob({
  type: COMPLETE_ABORT,
  schema: z.object({ transferId: z.string().min(1) }),
  maxAttempts: 8,
  async handler({ transferId }, { db, now, live }) {
    const row = await db
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", transferId)
      .executeTakeFirst();
    if (!row) throw new Error(`transfer ${transferId} does not exist`);
    if (row.status === "Aborted") return;
    await completeAbort({ db, actor: "system", now: now(), live }, { transferId });
  },
});
