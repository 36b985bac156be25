import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { getDb } from "~/server/db/db.server";
import { applyRetention, monthsBefore, planRetention } from "~/server/domain/retention.server";
import { createDiskStorage } from "~/server/integrations/storage/index.server";
import { startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/** GDPR retention (decision 016) at each rule's boundary, with a fixed clock. */

const NOW = new Date("2026-11-25T10:00:00.000Z");
const TODAY = "2026-11-25";
const storage = createDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "op-retention-")));

async function decided(id: string, decision: "Approved" | "Rejected", daysAgo: number) {
  await insertTransfer(getDb(), {
    id,
    objectId: WORLD.objectA,
    status: decision === "Approved" ? "MembershipApproved" : "MembershipRejected",
    membership_decision: decision,
    membership_decision_date: addDays(TODAY, -daysAgo),
  });
  const key = `transfers/${id}/doc-${id}.pdf`;
  await storage.put(key, new TextEncoder().encode("%PDF-1.4 test"));
  await getDb()
    .insertInto("documents")
    .values({
      id: `doc-${id}`,
      transfer_id: id,
      file_name: "Överlåtelseavtal.pdf",
      category: "TransferAgreement",
      status: "UploadVerified",
      document_type: "pdf",
      size_in_bytes: 13,
      sensitive: 0,
      storage_key: key,
      created_at: NOW.toISOString(),
    })
    .execute();
  await getDb()
    .insertInto("document_analyses")
    .values({
      transfer_id: id,
      status: "Ready",
      extraction: JSON.stringify({ acquirers: [{ firstName: "Åsa", identifier: "198102121236" }] }),
      failure: null,
      document_ids: JSON.stringify([`doc-${id}`]),
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    })
    .execute();
  return key;
}

async function creditCheck(id: string, transferId: string, completedAt: Date, history: Array<string | null>) {
  await getDb()
    .insertInto("credit_check_orders")
    .values({
      id,
      transfer_id: transferId,
      identifier_value: "199001011239",
      ordered_by_user_id: "user-maria",
      ordered_at: completedAt.toISOString(),
      status: "Success",
      result: JSON.stringify({
        fullName: "Anna Svensson",
        history: history.map((date) => ({ eventOccured: date, category: "Adress", description: "Flytt" })),
      }),
      completed_at: completedAt.toISOString(),
    })
    .execute();
}

async function document(id: string) {
  return getDb()
    .selectFrom("documents")
    .select(["data_erased_at", "storage_key"])
    .where("id", "=", `doc-${id}`)
    .executeTakeFirstOrThrow();
}

async function report(id: string) {
  const row = await getDb()
    .selectFrom("credit_check_orders")
    .select(["result", "data_erased_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...row, result: row.result ? (JSON.parse(row.result) as { history: unknown[] }) : null };
}

const keys: Record<string, string> = {};
// The demo seed has decided transfers of its own; these tests look only at their own rows.
const MINE = new Set(["a29", "a30", "r89", "r90", "gone", "open"]);
const mine = <T extends { transferId: string }>(items: T[]) => items.filter((i) => MINE.has(i.transferId));

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
  keys.a29 = await decided("a29", "Approved", 29);
  keys.a30 = await decided("a30", "Approved", 30);
  keys.r89 = await decided("r89", "Rejected", 89);
  keys.r90 = await decided("r90", "Rejected", 90);
  keys.gone = await decided("gone", "Approved", 31);
  await insertTransfer(getDb(), { id: "open", objectId: WORLD.objectA });
  const yearAgo = monthsBefore(NOW, 12);
  await creditCheck("cc-keep", "open", new Date(yearAgo.getTime() + 24 * 3600_000), []);
  await creditCheck("cc-erase", "open", yearAgo, []);
  const cutoff = monthsBefore(NOW, 36).toISOString().slice(0, 10);
  await creditCheck("cc-history", "open", NOW, [addDays(cutoff, -1), cutoff, addDays(cutoff, 1), null]);
});

describe("retention", () => {
  it("a dry run lists exactly what the rules release, at their boundaries, and changes nothing", async () => {
    const dry = await applyRetention({ db: getDb(), storage, now: NOW }, { dryRun: true });
    expect(
      mine(dry.items)
        .map((i) => `${i.rule} ${i.id}`)
        .sort(),
    ).toEqual(
      [
        "creditCheck.copy cc-erase",
        "creditCheck.history cc-history",
        "documents.approved doc-a30",
        "documents.approved doc-gone",
        "documents.rejected doc-r90",
      ].sort(),
    );
    expect((await document("a30")).data_erased_at).toBeNull();
    expect(await storage.exists(keys.a30!)).toBe(true);
    expect((await report("cc-erase")).result).not.toBeNull();
  });

  it("erases documents 30 days after approval and 90 after rejection, files first, audited; day 29 and 89 stay", async () => {
    await storage.delete(keys.gone!);
    const run = await applyRetention({ db: getDb(), storage, now: NOW });
    const counts = (rule: string) => mine(run.items).filter((i) => i.rule === rule).length;
    expect([
      counts("documents.approved"),
      counts("documents.rejected"),
      counts("creditCheck.copy"),
      counts("creditCheck.history"),
    ]).toEqual([2, 1, 1, 1]);
    // Every planned item was carried out (the seed's documents are not in this test's storage: already gone).
    expect(Object.values(run.counts).reduce((a, b) => a + b, 0)).toBe(run.items.length);
    for (const id of ["a30", "r90", "gone"]) {
      expect(await document(id)).toEqual({ data_erased_at: NOW.toISOString(), storage_key: null });
      expect(await storage.exists(keys[id]!)).toBe(false);
    }
    for (const id of ["a29", "r89"]) {
      expect((await document(id)).data_erased_at).toBeNull();
      expect(await storage.exists(keys[id]!)).toBe(true);
    }
    // What the document analysis read from erased documents goes with them; the others' stays.
    const analyses = await getDb()
      .selectFrom("document_analyses")
      .select(["transfer_id", "status", "failure", "extraction"])
      .where("transfer_id", "in", ["a30", "r90", "a29"])
      .orderBy("transfer_id")
      .execute();
    expect(analyses.map((a) => [a.transfer_id, a.status, a.failure, a.extraction === null])).toEqual([
      ["a29", "Ready", null, false],
      ["a30", "Failed", "MissingDocument", true],
      ["r90", "Failed", "MissingDocument", true],
    ]);
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["entity_id", "action", "user_id"])
      .where("action", "like", "retention.%")
      .where("transfer_id", "in", [...MINE])
      .orderBy("entity_id")
      .execute();
    expect(audit).toEqual([
      { entity_id: "cc-erase", action: "retention.creditCheck.copy", user_id: null },
      { entity_id: "cc-history", action: "retention.creditCheck.history", user_id: null },
      { entity_id: "doc-a30", action: "retention.documents.approved", user_id: null },
      { entity_id: "doc-gone", action: "retention.documents.approved", user_id: null },
      { entity_id: "doc-r90", action: "retention.documents.rejected", user_id: null },
    ]);
  });

  it("deletes a credit copy a year after it arrived, and purges history events older than 36 months", async () => {
    expect(await report("cc-erase")).toEqual({ result: null, data_erased_at: NOW.toISOString() });
    expect((await report("cc-keep")).result).not.toBeNull();
    const cutoff = monthsBefore(NOW, 36).toISOString().slice(0, 10);
    expect((await report("cc-history")).result?.history).toEqual(
      [cutoff, addDays(cutoff, 1), null].map((date) => ({
        eventOccured: date,
        category: "Adress",
        description: "Flytt",
      })),
    );
  });

  it("is idempotent: the next run (and the next day's) finds nothing new until a boundary passes", async () => {
    expect(await planRetention(getDb(), NOW)).toEqual([]);
    const tomorrow = new Date(NOW.getTime() + 24 * 3600_000);
    const next = mine(await planRetention(getDb(), tomorrow));
    // Day 30 and 90 arrive, the copy turns one year, and the event dated on the 36-month line passes it.
    expect(next.map((i) => i.id).sort()).toEqual(["cc-history", "cc-keep", "doc-a29", "doc-r89"]);
  });
});

describe("monthsBefore", () => {
  it("counts calendar months and keeps the day where the month has it", () => {
    expect(monthsBefore(new Date("2026-11-25T10:00:00Z"), 36).toISOString()).toBe("2023-11-25T10:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T00:00:00Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });
});
