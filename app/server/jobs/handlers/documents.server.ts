import * as z from "zod";
import { reviewAfterVerifiedDocument } from "../../domain/automatic-review/run.server";
import { expireStalledUploads, verifyDocument } from "../../domain/documents/lifecycle.server";
import { VERIFY_DOCUMENT_JOB } from "../../domain/documents/uploads.server";
import { generateTransferSummary, TRANSFER_SUMMARY_JOB } from "../../domain/documents/summary.server";
import {
  ANALYSE_DOCUMENTS_JOB,
  analyseTransferDocuments,
  markAnalysisUnreadable,
} from "../../domain/documents/analysis.server";
import { rerunAutomaticReview } from "../../domain/automatic-review/again.server";
import { defineJob } from "../registry.server";

/** Enqueued by the upload (domain/documents/uploads.server) in the transaction that marks the bytes received. */
export const VERIFY_DOCUMENT = VERIFY_DOCUMENT_JOB;
export const EXPIRE_UPLOADS = "documents.expireUploads";

/** Opens a stored upload with pdf.js and verifies or rejects it (domain/documents/lifecycle.server). */
defineJob({
  type: VERIFY_DOCUMENT,
  schema: z.object({ documentId: z.string().min(1) }),
  maxAttempts: 5,
  async handler({ documentId }, { context }) {
    const outcome = await verifyDocument(context(), documentId);
    // A verified required document can change the automatic review's result: it runs again.
    const reviewAgain =
      outcome.outcome === "verified" && (await reviewAfterVerifiedDocument(context(), documentId));
    return { ...outcome, reviewAgain };
  },
});

/** Every few minutes: uploads that were started and never completed are removed (documentUploadTimeout). */
defineJob({
  type: EXPIRE_UPLOADS,
  schema: z.object({ slot: z.string() }),
  async handler(_payload, { context }) {
    return { removed: await expireStalledUploads(context()) };
  },
});

/**
 * The transfer summary PDF, made anew after every change of a transfer that has one (enqueued by the use-case
 * pipeline; domain/documents/summary.server): stored, pointed at, the older one removed, and
 * `transferSummaryDocumentUpdated` published.
 */
defineJob({
  type: TRANSFER_SUMMARY_JOB,
  schema: z.object({ transferId: z.string().min(1) }),
  maxAttempts: 5,
  async handler({ transferId }, { context, jobId }) {
    return { ...(await generateTransferSummary(context(), transferId, { jobId })) };
  },
});

const ANALYSE_ATTEMPTS = 3;

/**
 * The document analysis of a transfer's required documents (domain/documents/analysis.server; decision 020),
 * enqueued with a coalescing key when they are all verified or one of them changes. A file that cannot be read is
 * a Failed analysis, not an error; an error (storage, database) is retried, and the last attempt leaves the
 * analysis Failed rather than InProgress for ever.
 */
defineJob({
  type: ANALYSE_DOCUMENTS_JOB,
  schema: z.object({ transferId: z.string().min(1) }),
  maxAttempts: ANALYSE_ATTEMPTS,
  async handler({ transferId }, { db, now, jobId, attempt, context }) {
    let result: Record<string, unknown>;
    try {
      result = { ...(await analyseTransferDocuments(context(), transferId, { jobId })) };
    } catch (error) {
      if (attempt < ANALYSE_ATTEMPTS) throw error;
      await markAnalysisUnreadable(db, transferId, now());
      result = { outcome: "Failed", failure: "Unreadable", error: String(error) };
    }
    // A transfer under review is reviewed again against the new analysis (none before it is sent in).
    const reviewAgain = await rerunAutomaticReview(context(), { transferId });
    return { ...result, reviewAgain: reviewAgain !== null };
  },
});
