import * as z from "zod";
import type { Db } from "../../db/kysely.server";
import { analyseDocuments } from "../../integrations/document-analysis/analyse.server";
import {
  ANALYSIS_FAILURES,
  ANALYSIS_STATUSES,
  type AgreementExtraction,
  type AnalysisFailure,
  type DocumentAnalysis,
} from "../../integrations/document-analysis/types.server";
import type { FileStorage } from "../../integrations/storage/types.server";
import { collectUpTo } from "../../platform/body.server";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import type { IdentifierType } from "~/lib/identifier";
import type { TransferType } from "~/lib/transfer";
import type { JobQueue, UseCaseContext } from "../core/context.server";
import { transferGroup } from "../core/events.server";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";

/**
 * The document analysis of a transfer (decision 020): once its required documents (a membership
 * application and the transfer type's agreement) are verified, the job `document.analyse` reads them and writes
 * `document_analyses` (InProgress, then Ready with the extraction or Failed with its reason). A required document
 * verified, removed, erased or recategorised asks for a new run; the coalescing key makes any number of such
 * changes before the job starts one run. The wizard pre-fills from it (proposedApplicationOf), the automatic
 * review compares against it (documentAnalysisOf).
 */

export const ANALYSE_DOCUMENTS_JOB = "document.analyse";

/** The categories whose documents the analysis reads, for a transfer type. */
export function analysedCategories(type: TransferType): string[] {
  return ["MembershipApplication", ...REQUIRED_DOCUMENT_BY_TYPE[type]];
}

interface RequiredDocuments {
  complete: boolean;
  documents: Array<{
    id: string;
    category: string;
    storage_key: string | null;
    size_in_bytes: number | null;
  }>;
}

/** The transfer's verified documents in the analysed categories, and whether every required slot has one. */
async function requiredDocuments(db: Db, transferId: string): Promise<RequiredDocuments | null> {
  const transfer = await db
    .selectFrom("transfers")
    .select("transfer_type")
    .where("id", "=", transferId)
    .executeTakeFirst();
  if (!transfer) return null;
  const type = transfer.transfer_type as TransferType;
  const agreementCategories: readonly string[] = REQUIRED_DOCUMENT_BY_TYPE[type] ?? [];
  const documents = await db
    .selectFrom("documents")
    .select(["id", "category", "storage_key", "size_in_bytes"])
    .where("transfer_id", "=", transferId)
    .where("category", "in", ["MembershipApplication", ...agreementCategories])
    .where("status", "=", "UploadVerified")
    .where("data_erased_at", "is", null)
    // A supplement answer's document counts once it is accepted; a document it replaced is archived.
    .where("supplement_answer_id", "is", null)
    .where("archived_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const has = (categories: readonly string[]) => documents.some((d) => categories.includes(d.category));
  return { complete: has(["MembershipApplication"]) && has(agreementCategories), documents };
}

async function markInProgress(db: Db, transferId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("document_analyses")
    .values({ transfer_id: transferId, status: "InProgress", created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .column("transfer_id")
        .doUpdateSet({ status: "InProgress", extraction: null, failure: null, updated_at: at }),
    )
    .execute();
}

/** Called in the transaction of a change: the row shows InProgress at once, and one run is to come. */
export async function enqueueDocumentAnalysis(
  jobs: JobQueue,
  trx: Db,
  transferId: string,
  now: Date,
): Promise<void> {
  await markInProgress(trx, transferId, now);
  await jobs.enqueue(
    trx,
    {
      type: ANALYSE_DOCUMENTS_JOB,
      payload: { transferId },
      transferId,
      dedupeKey: `${ANALYSE_DOCUMENTS_JOB}:${transferId}`,
      coalesce: true,
    },
    now,
  );
}

/**
 * A document of `category` was verified, removed, erased or recategorised: analyse again when the required
 * documents are all there, or when an analysis exists (which the change makes stale: it becomes Failed with
 * MissingDocument if a required document is now missing). Other categories change nothing.
 */
export async function requiredDocumentChanged(
  jobs: JobQueue,
  trx: Db,
  transferId: string,
  categories: ReadonlyArray<string | null>,
  now: Date,
): Promise<boolean> {
  const transfer = await trx
    .selectFrom("transfers")
    .select("transfer_type")
    .where("id", "=", transferId)
    .executeTakeFirst();
  if (!transfer) return false;
  const analysed = analysedCategories(transfer.transfer_type as TransferType);
  if (!categories.some((c) => c !== null && analysed.includes(c))) return false;
  const [required, existing] = await Promise.all([
    requiredDocuments(trx, transferId),
    trx
      .selectFrom("document_analyses")
      .select("transfer_id")
      .where("transfer_id", "=", transferId)
      .executeTakeFirst(),
  ]);
  if (!required?.complete && !existing) return false;
  await enqueueDocumentAnalysis(jobs, trx, transferId, now);
  return true;
}

/**
 * The transfer type changed (the wizard's step 1; call it in the same transaction, after the update): other
 * documents are required now, so analyse again when they are all there or an analysis exists.
 */
export function transferTypeChanged(
  jobs: JobQueue,
  trx: Db,
  transferId: string,
  now: Date,
): Promise<boolean> {
  return requiredDocumentChanged(jobs, trx, transferId, ["MembershipApplication"], now);
}

async function readBytes(
  storage: FileStorage,
  key: string | null,
  expectedSize: number | null,
): Promise<Uint8Array | null> {
  if (key === null) return null;
  const stream = await storage.get(key);
  if (!stream) return null;
  return collectUpTo(stream, MAX_UPLOAD_BYTES, { expectedSize: expectedSize ?? 0 });
}

async function writeResult(
  db: Db,
  transferId: string,
  result:
    { status: "Ready"; extraction: AgreementExtraction } | { status: "Failed"; failure: AnalysisFailure },
  documentIds: string[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const values = {
    status: result.status,
    extraction: result.status === "Ready" ? JSON.stringify(result.extraction) : null,
    failure: result.status === "Failed" ? result.failure : null,
    document_ids: JSON.stringify(documentIds),
    updated_at: at,
  };
  await db
    .insertInto("document_analyses")
    .values({ transfer_id: transferId, created_at: at, ...values })
    .onConflict((oc) => oc.column("transfer_id").doUpdateSet(values))
    .execute();
}

export type AnalysisRun =
  | { outcome: "gone" }
  | { outcome: "Ready"; documentIds: string[] }
  | { outcome: "Failed"; failure: AnalysisFailure; documentIds: string[] };

/** The job's work: reads the required documents from storage, analyses them, writes the row, tells the group. */
export async function analyseTransferDocuments(
  ctx: UseCaseContext,
  transferId: string,
  { jobId }: { jobId?: string } = {},
): Promise<AnalysisRun> {
  const { db, storage, live } = ctx;
  const now = ctx.now ?? new Date();
  // From here on a change enqueues a new run instead of joining this one, which may have read too early.
  if (jobId) await ctx.jobs.release(db, jobId);
  const required = await requiredDocuments(db, transferId);
  if (!required) return { outcome: "gone" };
  const documentIds = required.documents.map((d) => d.id);
  let run: AnalysisRun;
  if (!required.complete) {
    await writeResult(db, transferId, { status: "Failed", failure: "MissingDocument" }, documentIds, now);
    run = { outcome: "Failed", failure: "MissingDocument", documentIds };
  } else {
    await markInProgress(db, transferId, now);
    // Each file is read when the analysis comes to it, so one is held at a time.
    const inputs = required.documents.map((document) => ({
      documentId: document.id,
      category: document.category,
      bytes: () => readBytes(storage, document.storage_key, document.size_in_bytes),
    }));
    const outcome = await analyseDocuments(inputs, { now });
    await writeResult(db, transferId, outcome, documentIds, now);
    run =
      outcome.status === "Ready"
        ? { outcome: "Ready", documentIds }
        : { outcome: "Failed", failure: outcome.failure, documentIds };
  }
  await live?.publish(transferGroup(transferId), "proposedApplicationUpdated", {
    transferId,
    status: run.outcome === "Ready" ? "Ready" : "Failed",
  });
  return run;
}

/** A job that gave up: the row must not stay InProgress forever. */
export async function markAnalysisUnreadable(db: Db, transferId: string, now: Date): Promise<void> {
  const required = await requiredDocuments(db, transferId);
  if (!required) return;
  await writeResult(
    db,
    transferId,
    { status: "Failed", failure: "Unreadable" },
    required.documents.map((d) => d.id),
    now,
  );
}

/**
 * Retention erased a document (GDPR): what the analysis read from the transfer's documents goes with it, the
 * row saying MissingDocument as a new analysis would. No job runs: there is nothing left to read.
 */
export async function forgetAnalysisOnErasure(trx: Db, transferId: string, at: string): Promise<void> {
  await trx
    .updateTable("document_analyses")
    .set({ status: "Failed", failure: "MissingDocument", extraction: null, updated_at: at })
    .where("transfer_id", "=", transferId)
    .execute();
}

// ---- Reading

const PersonSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  identifier: z.string().nullable(),
  share: z.number().min(0).max(1).nullable(),
});

const ExtractionSchema = z.object({
  documents: z.array(
    z.object({
      documentId: z.string(),
      category: z.string(),
      detectedCategory: z.string().nullable(),
      pageCount: z.number().int().nonnegative(),
      pagesWithText: z.array(z.boolean()),
    }),
  ),
  transferType: z.string().nullable(),
  purchasePrice: z.number().int().nonnegative().nullable(),
  contractDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  entryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  transferors: z.array(PersonSchema),
  acquirers: z.array(PersonSchema),
  guarantors: z.array(PersonSchema),
  applicants: z.array(PersonSchema).optional(),
  objectNumber: z.string().nullable(),
  associationOrganisationNumber: z.string().nullable(),
  clauses: z.object({
    cancellationAgreement: z.boolean(),
    guarantor: z.boolean(),
    trustee: z.boolean(),
    estateOfDeceased: z.boolean(),
    powerOfAttorney: z.boolean(),
    privateAgreement: z.boolean(),
  }),
}) satisfies z.ZodType<AgreementExtraction>;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The transfer's analysis, or null when there is none. A row this code cannot read (a Ready row whose extraction
 * does not parse, an unknown status) is reported as Failed/Unreadable rather than trusted or thrown.
 */
export async function documentAnalysisOf(db: Db, transferId: string): Promise<DocumentAnalysis | null> {
  const row = await db
    .selectFrom("document_analyses")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .executeTakeFirst();
  if (!row) return null;
  const ids = z.array(z.string()).safeParse(parseJson(row.document_ids));
  const status = z.enum(ANALYSIS_STATUSES).safeParse(row.status);
  const base = { transferId, documentIds: ids.success ? ids.data : [], updatedAt: row.updated_at };
  const unreadable: DocumentAnalysis = { ...base, status: "Failed", extraction: null, failure: "Unreadable" };
  if (!status.success) return unreadable;
  if (status.data === "Ready") {
    const extraction = ExtractionSchema.safeParse(parseJson(row.extraction));
    return extraction.success
      ? { ...base, status: "Ready", extraction: extraction.data, failure: null }
      : unreadable;
  }
  if (status.data === "Failed") {
    const failure = z.enum(ANALYSIS_FAILURES).safeParse(row.failure);
    return {
      ...base,
      status: "Failed",
      extraction: null,
      failure: failure.success ? failure.data : "Unreadable",
    };
  }
  return { ...base, status: "InProgress", extraction: null, failure: null };
}

/** An acquirer the analysis proposes (spec 03 §3), in the wizard's terms. */
export interface ProposedAcquirer {
  firstName: string;
  lastName: string;
  identifier: { type: IdentifierType; value: string } | null;
  /** Fraction in [0, 1]. */
  transferShare: number | null;
}

/** Spec 03 §3's proposedApplication: what the wizard pre-fills (§4.2). */
export interface ProposedApplication {
  status: DocumentAnalysis["status"];
  acquirers: ProposedAcquirer[];
  agreement: { purchasePrice: number | null; contractDate: string | null; entryDate: string | null };
}

function identifierOf(value: string | null): ProposedAcquirer["identifier"] {
  if (value === null) return null;
  if (/^\d{12}$/.test(value)) return { type: "SocialSecurityNumber", value };
  if (/^\d{10}$/.test(value)) return { type: "OrganizationNumber", value };
  return { type: "Other", value };
}

/** The proposed application of a transfer, or null when its documents were never analysed. */
export async function proposedApplicationOf(db: Db, transferId: string): Promise<ProposedApplication | null> {
  const analysis = await documentAnalysisOf(db, transferId);
  if (!analysis) return null;
  const extraction = analysis.status === "Ready" ? analysis.extraction : null;
  return {
    status: analysis.status,
    acquirers: (extraction?.acquirers ?? []).map((p) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      identifier: identifierOf(p.identifier),
      transferShare: p.share,
    })),
    agreement: {
      purchasePrice: extraction?.purchasePrice ?? null,
      contractDate: extraction?.contractDate ?? null,
      entryDate: extraction?.entryDate ?? null,
    },
  };
}
