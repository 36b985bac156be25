import type { Updateable } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { TransferRow, TransfersTable } from "../../db/schema.server";
import type { TransferStatus } from "~/lib/transfer";
import type { UseCaseContext } from "./context.server";
import type { PublishedEvent } from "./events.server";

/**
 * Cross-feature reactions to a use case (decision 033). A feature that must react when another changes a
 * transfer does not get imported by it: it hands the composition root a hook, and the pipeline runs every hook
 * whose signal the step raised, inside the step's transaction (so the reaction commits or rolls back with the
 * change) and, for its live events, after the commit.
 *
 * - `transferChanged`: the transfer row was written (every step that changes it). The summary PDF follows.
 * - `reviewedFactsChanged`: something the automatic review reads changed (a sale stop, the agreement's values,
 *   an accepted supplement answer, a required document verified). The review runs again.
 */
export type TransferSignal = "transferChanged" | "reviewedFactsChanged";

export type TransferPatch = Omit<Updateable<TransfersTable>, "id" | "version" | "modified_at" | "status">;

/** The transfer as the step found it, and the status it leaves it in. */
export interface TransferChange {
  row: TransferRow;
  status: TransferStatus;
  /** The transition's own fields (status and the review status it returns to), empty when the status stays. */
  transition: Updateable<TransfersTable>;
}

export interface TransferHook {
  signal: TransferSignal;
  /** Fields the reaction adds to the transfer's own versioned write (only for a step that writes the row). */
  patch?(row: TransferRow): TransferPatch;
  /** Writes in the step's transaction, after the step's own. */
  write?(ctx: UseCaseContext, trx: Db, change: TransferChange, at: string): Promise<void>;
  /** Live events to publish after the commit. */
  events?(row: TransferRow): PublishedEvent[];
  /** After the commit (in-process caches). */
  committed?(): void;
}
