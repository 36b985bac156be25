import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/kysely.server";
import { seededAnalyses } from "./analyses.server";
import { associationId, engagementRows, objectRows, SEED_ASSOCIATIONS } from "./associations.server";
import { makeClock } from "./builder/clock.server";
import type { TransferInput } from "./builder/inputs.server";
import type { TransferSeedRows } from "./builder/rows.server";
import { TransferBuilder } from "./builder/transfer.server";
import { kvarnstadenTransfers } from "./transfers/kvarnstaden.server";
import { nordhemTransfers } from "./transfers/nordhem.server";
import { privateTransfers } from "./transfers/private.server";
import { stadsboTransfers } from "./transfers/stadsbo.server";

/**
 * The demo's transfer domain: associations, board engagements, property objects and 69 transfers in
 * every status, with parties, documents (real PDFs on disk), checks, supplements, change requests, credit
 * checks, messages, notes, decisions and history. Dates are relative to `now`, so the demo always looks current.
 * The transfers are literals (demo/transfers/, one module per tenant and one for the private ones) that the
 * builder (demo/builder/) turns into rows; this module writes them.
 */

/** The transfer whose presence means the demo transfers are already seeded. */
export const SEED_MARKER_TRANSFER_ID = "t-kvarnen-initiated";

/** The demo's transfers, one literal each. Parties are written out per transfer; ids are readable and stable. */
function demoTransfers(): TransferInput[] {
  return [...stadsboTransfers(), ...kvarnstadenTransfers(), ...nordhemTransfers(), ...privateTransfers()];
}

/** Everything the demo seeds, as rows and files. Pure: the same `now` gives the same rows. */
export function buildTransferSeed(now: Date = new Date()): TransferSeedRows {
  const clock = makeClock(now);
  const nowIso = now.toISOString();
  const seededAt = clock.at("500d 08:00");
  const rows: TransferSeedRows = {
    associations: SEED_ASSOCIATIONS.map((a) => ({
      id: associationId(a.key),
      organisation_number: a.organisationNumber,
      name: a.name,
      created_at: seededAt,
    })),
    objects: objectRows(seededAt),
    engagements: engagementRows(nowIso),
    transfers: [],
    parties: [],
    documents: [],
    checks: [],
    supplementRequests: [],
    supplementAnswers: [],
    answerGuarantors: [],
    changeRequests: [],
    creditChecks: [],
    messages: [],
    notes: [],
    decisions: [],
    signSessions: [],
    audit: [],
    files: [],
  };
  for (const input of demoTransfers()) new TransferBuilder(input, clock, rows).build();
  return rows;
}

const CHUNK = 100;

/** Lists cut into pieces small enough for one insert statement on either database. */
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Seeds the demo's transfer domain once: skipped when the marker transfer exists. The PDFs are written to
 * `filesDir` first (a file without a row is harmless, a row without its file is not), then every row in one
 * transaction. Associations and board engagements that exist already (from the registry) are kept.
 */
export async function seedTransfers(db: Db, options: { filesDir: string; now?: Date }): Promise<void> {
  const existing = await db
    .selectFrom("transfers")
    .select("id")
    .where("id", "=", SEED_MARKER_TRANSFER_ID)
    .executeTakeFirst();
  if (existing) return;

  const now = options.now ?? new Date();
  const rows = buildTransferSeed(now);
  const analyses = seededAnalyses(rows);
  for (const file of rows.files) {
    const target = path.join(options.filesDir, file.storageKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.bytes);
  }

  await db.transaction().execute(async (trx) => {
    for (const association of rows.associations) {
      await trx
        .insertInto("associations")
        .values(association)
        .onConflict((oc) => oc.column("organisation_number").doNothing())
        .execute();
    }
    const stored = await trx
      .selectFrom("associations")
      .select(["id", "organisation_number"])
      .where(
        "organisation_number",
        "in",
        rows.associations.map((a) => a.organisation_number),
      )
      .execute();
    const actualId = new Map(
      rows.associations.map((a) => [
        a.id,
        stored.find((s) => s.organisation_number === a.organisation_number)?.id ?? a.id,
      ]),
    );
    const remap = <R extends { association_id: string }>(list: R[]) =>
      list.map((row) => ({ ...row, association_id: actualId.get(row.association_id) ?? row.association_id }));

    for (const part of chunks(remap(rows.objects)))
      await trx.insertInto("property_objects").values(part).execute();
    for (const engagement of remap(rows.engagements)) {
      await trx
        .insertInto("board_engagements")
        .values(engagement)
        .onConflict((oc) => oc.columns(["personal_number", "association_id", "source"]).doNothing())
        .execute();
    }
    for (const part of chunks(remap(rows.transfers)))
      await trx.insertInto("transfers").values(part).execute();
    for (const part of chunks(rows.parties)) await trx.insertInto("transfer_parties").values(part).execute();
    for (const part of chunks(rows.documents)) await trx.insertInto("documents").values(part).execute();
    for (const part of chunks(rows.checks)) await trx.insertInto("automatic_checks").values(part).execute();
    for (const part of chunks(rows.supplementRequests)) {
      await trx.insertInto("supplement_requests").values(part).execute();
    }
    for (const part of chunks(rows.supplementAnswers)) {
      await trx.insertInto("supplement_answers").values(part).execute();
    }
    for (const part of chunks(rows.answerGuarantors)) {
      await trx.insertInto("supplement_answer_guarantors").values(part).execute();
    }
    for (const part of chunks(rows.changeRequests))
      await trx.insertInto("change_requests").values(part).execute();
    for (const part of chunks(rows.creditChecks))
      await trx.insertInto("credit_check_orders").values(part).execute();
    // Replies point at their message, so messages go first.
    const byParent = [
      rows.messages.filter((msg) => msg.parent_id === null),
      rows.messages.filter((msg) => msg.parent_id !== null),
    ];
    for (const list of byParent) {
      for (const part of chunks(list)) await trx.insertInto("messages").values(part).execute();
    }
    for (const part of chunks(rows.notes)) await trx.insertInto("notes").values(part).execute();
    for (const part of chunks(rows.decisions))
      await trx.insertInto("membership_decisions").values(part).execute();
    for (const part of chunks(rows.signSessions))
      await trx.insertInto("sign_sessions").values(part).execute();
    for (const part of chunks(rows.audit)) await trx.insertInto("audit_log").values(part).execute();
    for (const part of chunks(analyses)) await trx.insertInto("document_analyses").values(part).execute();
  });
}
