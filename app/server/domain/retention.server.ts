import crypto from "node:crypto";
import { addDays, todayInStockholm } from "~/lib/dates";
import type { Db } from "../db/kysely.server";
import type { UseCaseContext } from "./core/context.server";
import { forgetAnalysisOnErasure } from "./documents/analysis.server";

/**
 * GDPR retention (spec 01 "Completed transfers" and FAQ, 02 §2.5, §9). Four rules, each idempotent and audited:
 *
 * - `documents.approved`: a transfer's documents are erased 30 days after the membership was approved,
 * - `documents.rejected`: and 90 days after it was rejected (the file deleted from storage, `data_erased_at` set,
 *   the key cleared; the document stays listed as `Raderat dokument`),
 * - `creditCheck.copy`: a credit check's copy of the bureau's report is deleted one year after it arrived,
 * - `creditCheck.history`: events in a report's history are purged once they are older than 36 months.
 *
 * The fifth rule of the spec, completed transfers leaving the completed list 12 months after the decision (unless
 * the entry date is still ahead), is a condition of the list itself (domain/transfers/lists/conditions.server).
 *
 * Days count in Stockholm: a decision dated 2026-01-10 releases its documents on 2026-02-09 (day 30).
 */

export const RETENTION = {
  approvedDocumentsDays: 30,
  rejectedDocumentsDays: 90,
  creditCopyMonths: 12,
  creditHistoryMonths: 36,
} as const;

export type RetentionRule =
  "documents.approved" | "documents.rejected" | "creditCheck.copy" | "creditCheck.history";

export interface RetentionItem {
  rule: RetentionRule;
  entity: "document" | "creditCheckOrder";
  id: string;
  transferId: string;
  /** documents: the stored file; history: how many events go. */
  detail: string;
}

export interface RetentionReport {
  dryRun: boolean;
  at: string;
  items: RetentionItem[];
  /** Per rule, how many were erased (or would be, in a dry run). */
  counts: Record<RetentionRule, number>;
  /** Files that were already gone from storage (erased anyway: the row is what the user sees). */
  filesAlreadyGone: number;
}

/** The date `months` calendar months before an ISO instant (a 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

interface HistoryEvent {
  eventOccured?: unknown;
}

function historyOf(result: string): { report: Record<string, unknown>; history: HistoryEvent[] } | null {
  try {
    const report = JSON.parse(result) as Record<string, unknown>;
    if (!report || typeof report !== "object" || !Array.isArray(report.history)) return null;
    return { report, history: report.history as HistoryEvent[] };
  } catch {
    return null;
  }
}

/** An event older than the cutoff; an event without a readable date is kept (nothing is purged by mistake). */
function isOld(event: HistoryEvent, cutoff: string): boolean {
  return typeof event.eventOccured === "string" && /^\d{4}-\d{2}-\d{2}/.test(event.eventOccured)
    ? event.eventOccured.slice(0, 10) < cutoff
    : false;
}

/** What the rules would erase now, in a stable order. */
export async function planRetention(db: Db, now: Date): Promise<RetentionItem[]> {
  const today = todayInStockholm(now);
  const approvedCutoff = addDays(today, -RETENTION.approvedDocumentsDays);
  const rejectedCutoff = addDays(today, -RETENTION.rejectedDocumentsDays);
  const documents = await db
    .selectFrom("documents")
    .innerJoin("transfers", "transfers.id", "documents.transfer_id")
    .select([
      "documents.id",
      "documents.transfer_id",
      "documents.storage_key",
      "transfers.membership_decision",
      "transfers.membership_decision_date",
    ])
    .where("documents.data_erased_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("transfers.membership_decision", "=", "Approved"),
          eb("transfers.membership_decision_date", "<=", approvedCutoff),
        ]),
        eb.and([
          eb("transfers.membership_decision", "=", "Rejected"),
          eb("transfers.membership_decision_date", "<=", rejectedCutoff),
        ]),
      ]),
    )
    .orderBy("documents.id")
    .execute();
  const items: RetentionItem[] = documents.map((d) => ({
    rule: d.membership_decision === "Approved" ? "documents.approved" : "documents.rejected",
    entity: "document",
    id: d.id,
    transferId: d.transfer_id,
    detail: d.storage_key ?? "",
  }));

  const copyCutoff = monthsBefore(now, RETENTION.creditCopyMonths).toISOString();
  const copies = await db
    .selectFrom("credit_check_orders")
    .select(["id", "transfer_id"])
    .where("data_erased_at", "is", null)
    .where("result", "is not", null)
    .where((eb) => eb(eb.fn.coalesce("completed_at", "ordered_at"), "<=", copyCutoff))
    .orderBy("id")
    .execute();
  const erasedCopies = new Set(copies.map((c) => c.id));
  for (const c of copies) {
    items.push({
      rule: "creditCheck.copy",
      entity: "creditCheckOrder",
      id: c.id,
      transferId: c.transfer_id,
      detail: "",
    });
  }

  // History events can be far older than the order, so every kept report is read (a few per transfer).
  const historyCutoff = monthsBefore(now, RETENTION.creditHistoryMonths).toISOString().slice(0, 10);
  const reports = await db
    .selectFrom("credit_check_orders")
    .select(["id", "transfer_id", "result"])
    .where("data_erased_at", "is", null)
    .where("result", "is not", null)
    .orderBy("id")
    .execute();
  for (const r of reports) {
    if (erasedCopies.has(r.id) || !r.result) continue;
    const parsed = historyOf(r.result);
    const old = parsed ? parsed.history.filter((e) => isOld(e, historyCutoff)).length : 0;
    if (old > 0) {
      items.push({
        rule: "creditCheck.history",
        entity: "creditCheckOrder",
        id: r.id,
        transferId: r.transfer_id,
        detail: String(old),
      });
    }
  }
  return items;
}

function audit(db: Db, item: RetentionItem, at: string, after: unknown) {
  return db
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      transfer_id: item.transferId,
      entity: item.entity,
      entity_id: item.id,
      action: `retention.${item.rule}`,
      user_id: null,
      at,
      before: JSON.stringify({ rule: item.rule }),
      after: JSON.stringify(after),
    })
    .execute();
}

/**
 * Applies the rules (or, with `dryRun`, only says what they would do). Each item is its own small transaction,
 * re-checked inside it, so a second run, or two runners at once, erase nothing twice; a file is deleted before
 * its row is marked, so a crash between the two leaves a row that the next run finishes.
 */
export async function applyRetention(
  ctx: Pick<UseCaseContext, "db" | "storage" | "now">,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<RetentionReport> {
  const { db, storage } = ctx;
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const items = await planRetention(db, now);
  const counts: Record<RetentionRule, number> = {
    "documents.approved": 0,
    "documents.rejected": 0,
    "creditCheck.copy": 0,
    "creditCheck.history": 0,
  };
  let filesAlreadyGone = 0;
  if (dryRun) {
    for (const item of items) counts[item.rule]++;
    return { dryRun, at, items, counts, filesAlreadyGone };
  }
  const historyCutoff = monthsBefore(now, RETENTION.creditHistoryMonths).toISOString().slice(0, 10);
  /** Marks one row erased, once: the update only matches a row not yet erased, and the audit row goes with it. */
  const erase = (item: RetentionItem, table: "documents" | "credit_check_orders") =>
    db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable(table)
        .set(
          table === "documents"
            ? { data_erased_at: at, storage_key: null }
            : { data_erased_at: at, result: null },
        )
        .where("id", "=", item.id)
        .where("data_erased_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (table === "documents") await forgetAnalysisOnErasure(trx, item.transferId, at);
      await audit(trx, item, at, { dataErasedAt: at });
      return true;
    });
  for (const item of items) {
    if (item.entity === "document") {
      if (item.detail && !(await storage.delete(item.detail))) filesAlreadyGone++;
      if (await erase(item, "documents")) counts[item.rule]++;
    } else if (item.rule === "creditCheck.copy") {
      if (await erase(item, "credit_check_orders")) counts[item.rule]++;
    } else {
      const done = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("credit_check_orders")
          .select("result")
          .where("id", "=", item.id)
          .where("data_erased_at", "is", null)
          .executeTakeFirst();
        const parsed = row?.result ? historyOf(row.result) : null;
        if (!parsed) return false;
        const kept = parsed.history.filter((e) => !isOld(e, historyCutoff));
        const purged = parsed.history.length - kept.length;
        if (purged === 0) return false;
        await trx
          .updateTable("credit_check_orders")
          .set({ result: JSON.stringify({ ...parsed.report, history: kept }) })
          .where("id", "=", item.id)
          .execute();
        await audit(trx, item, at, { eventsPurged: purged, olderThan: historyCutoff });
        return true;
      });
      if (done) counts[item.rule]++;
    }
  }
  return { dryRun, at, items, counts, filesAlreadyGone };
}
