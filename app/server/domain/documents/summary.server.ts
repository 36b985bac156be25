import crypto from "node:crypto";
import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { Db } from "../../db/kysely.server";
import { svT } from "../../platform/i18n.server";
import { formatDate, formatDateTime, formatSek } from "~/lib/format";
import { formatIdentifierForDisplay, type IdentifierType } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import { fractionToPercentString } from "~/lib/share";
import type { TransferStatus } from "~/lib/transfer";
import type { FileStorage } from "../../integrations/storage/types.server";
import type { JobQueue, UseCaseContext } from "../core/context.server";
import { transferGroup } from "../core/events.server";
import type { TransferHook } from "../core/hooks.server";

/**
 * The transfer summary PDF (spec 02 §2.4, decision 017): made by the job `transfer.summary` from
 * the transfer's data with pdfkit, tagged (a structure tree, language sv-SE, the title shown), stored under a key
 * of ours, and pointed at by transfers.summary_document_id. A transfer has a summary once it was sent to the
 * association (sendToMembershipReview), the same moment the demo seed makes one; every change after that makes
 * a new one, which replaces the old.
 */

export const TRANSFER_SUMMARY_JOB = "transfer.summary";

const SENT_TO_ASSOCIATION: readonly TransferStatus[] = [
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
  "MembershipApproved",
  "MembershipRejected",
];

/**
 * Whether the transfer has (or is about to have) a summary: from the association's review on, including a
 * supplement request that interrupted it; and, once made, for as long as the transfer lives (an abort after it).
 */
export function hasTransferSummary(row: {
  status: string;
  status_before_info_request: string | null;
  summary_document_id: string | null;
}): boolean {
  if (row.summary_document_id !== null) return true;
  const status =
    row.status === "AwaitingInfoRequestAnswer"
      ? row.status_before_info_request
      : (row.status as TransferStatus);
  return SENT_TO_ASSOCIATION.includes(status as TransferStatus);
}

/**
 * Called in the transaction of a change: one waiting job per transfer however many changes come before it runs
 * (the coalescing key of queue.server), and none when the change rolls back.
 */
export function enqueueTransferSummary(
  jobs: JobQueue,
  trx: Db,
  transferId: string,
  now: Date,
): Promise<string | null> {
  return jobs.enqueue(
    trx,
    {
      type: TRANSFER_SUMMARY_JOB,
      payload: { transferId },
      transferId,
      dedupeKey: `${TRANSFER_SUMMARY_JOB}:${transferId}`,
      coalesce: true,
    },
    now,
  );
}

/** The summary PDF follows the transfer (decision 017): a changed transfer that has one gets a new one. */
export const transferSummaryHook: TransferHook = {
  signal: "transferChanged",
  write: async (ctx, trx, { row, status, transition }, at) => {
    if (hasTransferSummary({ ...row, ...transition, status }))
      await enqueueTransferSummary(ctx.jobs, trx, row.id, new Date(at));
  },
};

export interface SummaryPerson {
  name: string;
  identifier: string;
  ownerShare: string | null;
  transferShare: string | null;
}

/** What the summary shows, already in Swedish (the PDF only lays it out). */
export interface TransferSummaryContent {
  objectNumber: string;
  associationName: string;
  organisationNumber: string;
  transferType: string;
  status: string;
  transferors: SummaryPerson[];
  acquirers: SummaryPerson[];
  guarantors: SummaryPerson[];
  purchasePrice: string;
  contractDate: string;
  entryDate: string;
  decision: { decision: string; date: string; decidedBy: string; reason: string | null } | null;
  generatedAt: string;
}

function percent(numerator: number | null, denominator: number | null): string | null {
  if (numerator === null || denominator === null || denominator <= 0) return null;
  return fractionToPercentString({ numerator, denominator });
}

/** The transfer's data for its summary, or null when the transfer is gone. */
export async function loadSummaryContent(
  db: Db,
  transferId: string,
  now: Date,
): Promise<TransferSummaryContent | null> {
  const row = await db.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst();
  if (!row) return null;
  const [association, parties, decision] = await Promise.all([
    db
      .selectFrom("associations")
      .select(["name", "organisation_number"])
      .where("id", "=", row.association_id)
      .executeTakeFirst(),
    db
      .selectFrom("transfer_parties")
      .selectAll()
      .where("transfer_id", "=", row.id)
      .orderBy("sort_order")
      .execute(),
    db
      .selectFrom("membership_decisions")
      .selectAll()
      .where("transfer_id", "=", row.id)
      .orderBy("created_at", "desc")
      .executeTakeFirst(),
  ]);
  const t = svT();
  const people = (kind: string) =>
    parties
      .filter((p) => p.kind === kind)
      .map((p) => ({
        name: personDisplayName({ firstName: p.first_name, lastName: p.last_name }),
        identifier: formatIdentifierForDisplay(
          { type: p.identifier_type as IdentifierType, value: p.identifier_value },
          now,
        ),
        ownerShare: percent(p.owner_share_numerator, p.owner_share_denominator),
        transferShare: percent(p.transfer_share_numerator, p.transfer_share_denominator),
      }));
  return {
    objectNumber: row.object_number,
    associationName: association?.name ?? row.association_name,
    organisationNumber: association
      ? formatIdentifierForDisplay({ type: "OrganizationNumber", value: association.organisation_number })
      : "-",
    transferType: t(`transfer:transferType.${row.transfer_type}`),
    status: t(`transfer:status.${row.status}`),
    transferors: people("Transferor"),
    acquirers: people("Acquirer"),
    guarantors: people("Guarantor"),
    purchasePrice: row.purchase_price !== null ? formatSek(row.purchase_price) : "-",
    contractDate: row.contract_date ? formatDate(row.contract_date) : "-",
    entryDate: row.entry_date ? formatDate(row.entry_date) : "-",
    decision: decision
      ? {
          decision: t(`transfer:decision.${decision.decision}`),
          date: formatDate(decision.decision_date),
          decidedBy: decision.decided_by_name || "-",
          reason: decision.reason,
        }
      : null,
    generatedAt: formatDateTime(now),
  };
}

const MARGIN = 56;

/**
 * The summary as a tagged PDF, as a stream (pdfkit writes it as it goes). Helvetica, one of the standard fonts,
 * is shown in WinAnsiEncoding, which holds å, ä, ö, é and the no-break space of amounts and percentages.
 */
export function renderSummaryPdf(content: TransferSummaryContent, now: Date): ReadableStream<Uint8Array> {
  const t = svT();
  const title = t("review:summary.title");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    pdfVersion: "1.7",
    tagged: true,
    lang: "sv-SE",
    displayTitle: true,
    info: { Title: title, Subject: content.objectNumber, Creator: "Överlåtelseportalen", CreationDate: now },
  });
  const document = doc.struct("Document");
  doc.addStructure(document);

  const heading = (level: 1 | 2, text: string) => {
    doc
      .font("Helvetica-Bold")
      .fontSize(level === 1 ? 18 : 13)
      .text(text, { structParent: document, structType: `H${level}` });
    doc.moveDown(0.4).font("Helvetica").fontSize(10.5);
  };
  const paragraph = (text: string) => doc.text(text, { structParent: document });
  const field = (label: string, value: string) => paragraph(`${label}: ${value}`);
  const section = (text: string) => {
    doc.moveDown(0.8);
    heading(2, text);
  };
  const people = (list: SummaryPerson[], share: "transferor" | "acquirer" | "guarantor") => {
    if (list.length === 0) return paragraph(t("review:people.none"));
    for (const person of list) {
      const shares = [
        share === "transferor" && person.ownerShare
          ? t("review:summary.ownerShare", { share: person.ownerShare })
          : null,
        share !== "guarantor" && person.transferShare
          ? t(share === "transferor" ? "review:summary.transferShare" : "review:summary.acquiredShare", {
              share: person.transferShare,
            })
          : null,
      ].filter((s): s is string => s !== null);
      paragraph(
        [t("review:summary.person", { name: person.name, identifier: person.identifier }), ...shares].join(
          ", ",
        ),
      );
    }
  };

  heading(1, title);
  paragraph(t("review:summary.generatedAt", { date: content.generatedAt }));

  section(t("review:summary.objectTitle"));
  field(t("review:summary.objectNumber"), content.objectNumber);
  field(t("review:association"), content.associationName);
  field(t("review:organisationNumber"), content.organisationNumber);
  field(t("review:transferType"), content.transferType);
  field(t("review:summary.status"), content.status);

  section(t("review:people.transferors"));
  people(content.transferors, "transferor");
  section(t("review:people.acquirers"));
  people(content.acquirers, "acquirer");
  section(t("review:people.guarantors"));
  people(content.guarantors, "guarantor");

  section(t("review:agreement.title"));
  field(t("review:agreement.purchasePrice"), content.purchasePrice);
  field(t("review:agreement.contractDate"), content.contractDate);
  field(t("review:agreement.entryDate"), content.entryDate);

  section(t("review:decision.title"));
  if (content.decision) {
    paragraph(content.decision.decision);
    field(t("review:summary.decisionDate"), content.decision.date);
    field(t("review:summary.decidedBy"), content.decision.decidedBy);
    if (content.decision.reason) field(t("review:summary.reason"), content.decision.reason);
  } else {
    paragraph(t("review:decision.none"));
  }

  document.end();
  doc.end();
  return Readable.toWeb(doc) as ReadableStream<Uint8Array>;
}

export type SummaryOutcome =
  | { outcome: "generated"; documentId: string; replaced: number }
  | { outcome: "skipped"; reason: "missing" | "noSummary" | "erased" };

/**
 * The job's work: a new summary from the transfer as it is now, stored, recorded and pointed at in one
 * transaction, then every older generated summary of the transfer removed (file first, then row; each step safe
 * to repeat), then `transferSummaryDocumentUpdated`. A retry simply makes a newer one. The transfer's version and
 * modified time stay: replacing the summary is not a change anyone made, and must not refuse their open forms.
 */
export async function generateTransferSummary(
  ctx: UseCaseContext,
  transferId: string,
  { jobId }: { jobId?: string } = {},
): Promise<SummaryOutcome> {
  const { db, storage, live } = ctx;
  const now = ctx.now ?? new Date();
  // Given up before reading: a change committed from here on enqueues a run of its own.
  if (jobId) await ctx.jobs.release(db, jobId);
  const row = await db
    .selectFrom("transfers")
    .select(["id", "status", "status_before_info_request", "summary_document_id"])
    .where("id", "=", transferId)
    .executeTakeFirst();
  if (!row) return { outcome: "skipped", reason: "missing" };
  if (!hasTransferSummary(row)) return { outcome: "skipped", reason: "noSummary" };
  // Retention erased the transfer's documents (decision 016): the personal data is not written out again.
  if (row.summary_document_id) {
    const current = await db
      .selectFrom("documents")
      .select("data_erased_at")
      .where("id", "=", row.summary_document_id)
      .executeTakeFirst();
    if (current?.data_erased_at) return { outcome: "skipped", reason: "erased" };
  }
  const content = await loadSummaryContent(db, transferId, now);
  if (!content) return { outcome: "skipped", reason: "missing" };

  const documentId = crypto.randomUUID();
  const key = `transfers/${transferId}/summary-${documentId}.pdf`;
  const fileName = svT()("review:summary.fileName");
  const at = now.toISOString();
  const { sizeInBytes } = await storage.put(key, renderSummaryPdf(content, now));
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("documents")
        .values({
          id: documentId,
          transfer_id: transferId,
          file_name: fileName,
          category: "TransferSummary",
          status: "UploadVerified",
          document_type: "pdf",
          size_in_bytes: sizeInBytes,
          belongs_to: null,
          sensitive: 0,
          storage_key: key,
          uploaded_by_user_id: null,
          supplement_answer_id: null,
          created_at: at,
          verified_at: at,
          data_erased_at: null,
          archived_at: null,
        })
        .execute();
      await trx
        .updateTable("transfers")
        .set({ summary_document_id: documentId })
        .where("id", "=", transferId)
        .execute();
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }

  const replaced = await removeOlderSummaries(db, storage, transferId);
  await live?.publish(transferGroup(transferId), "transferSummaryDocumentUpdated", {
    transferId,
    documentId,
    fileName,
  });
  return { outcome: "generated", documentId, replaced };
}

/**
 * Every generated summary of the transfer but the one it points at now (read afresh, so that of two runs side by
 * side neither removes the other's newer summary). Uploaded documents, and erased ones (listed as erased), stay.
 */
async function removeOlderSummaries(db: Db, storage: FileStorage, transferId: string): Promise<number> {
  const current = await db
    .selectFrom("transfers")
    .select("summary_document_id")
    .where("id", "=", transferId)
    .executeTakeFirst();
  const older = await db
    .selectFrom("documents")
    .select(["id", "storage_key"])
    .where("transfer_id", "=", transferId)
    .where("category", "=", "TransferSummary")
    .where("uploaded_by_user_id", "is", null)
    .where("data_erased_at", "is", null)
    .where("id", "!=", current?.summary_document_id ?? "")
    .execute();
  for (const document of older) {
    if (document.storage_key) await storage.delete(document.storage_key);
    await db.deleteFrom("documents").where("id", "=", document.id).execute();
  }
  return older.length;
}
