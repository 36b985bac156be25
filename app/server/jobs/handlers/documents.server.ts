import * as z from "zod";
import { reviewAfterVerifiedDocument } from "../../domain/review/run-review.server";
import { expireStalledUploads, verifyDocument } from "../../domain/documents/lifecycle.server";
import { VERIFY_DOCUMENT_JOB } from "../../domain/documents/uploads.server";
import { generateTransferSummary, TRANSFER_SUMMARY_JOB } from "../../domain/documents/summary.server";
import {
  ANALYSE_DOCUMENTS_JOB,
  analyseTransferDocuments,
  markAnalysisUnreadable,
} from "../../domain/documents/analysis.server";
import { getStorage } from "../../integrations/storage/index.server";
import { rerunAutomaticReview } from "../../domain/transfers/use-cases.server";
import { defineJob } from "../registry.server";

/** Enqueued by the upload (domain/documents/uploads.server) in the transaction that marks the bytes received. */
export const VERIFY_DOCUMENT = VERIFY_DOCUMENT_JOB;
export const EXPIRE_UPLOADS = "documents.expireUploads";

/** Opens a stored upload with pdf.js and verifies or rejects it (domain/documents/lifecycle.server). */
defineJob({
  type: VERIFY_DOCUMENT,
  schema: z.object({ documentId: z.string().min(1) }),
  maxAttempts: 5,
  async handler({ documentId }, { db, now, live }) {
    const outcome = await verifyDocument(db, getStorage(), documentId, { now: now(), live });
    // A verified required document can change the automatic review's result: it runs again (issue 17 item 3).
    const reviewAgain =
      outcome.outcome === "verified" &&
      (await reviewAfterVerifiedDocument(db, documentId, { now: now(), live }));
    return { ...outcome, reviewAgain };
  },
});

/** Every few minutes: uploads that were started and never completed are removed (documentUploadTimeout). */
defineJob({
  type: EXPIRE_UPLOADS,
  schema: z.object({ slot: z.string() }),
  async handler(_payload, { db, now, live }) {
    return { removed: await expireStalledUploads(db, getStorage(), { now: now(), live }) };
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
  async handler({ transferId }, { db, now, live, jobId }) {
    return { ...(await generateTransferSummary(db, getStorage(), transferId, { now: now(), live, jobId })) };
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
  async handler({ transferId }, { db, now, live, jobId, attempt }) {
    let result: Record<string, unknown>;
    try {
      result = {
        ...(await analyseTransferDocuments(db, getStorage(), transferId, { now: now(), live, jobId })),
      };
    } catch (error) {
      if (attempt < ANALYSE_ATTEMPTS) throw error;
      await markAnalysisUnreadable(db, transferId, now());
      result = { outcome: "Failed", failure: "Unreadable", error: String(error) };
    }
    // A transfer under review is reviewed again against the new analysis (none before it is sent in).
    const reviewAgain = await rerunAutomaticReview({ db, actor: "system", now: now(), live }, { transferId });
    return { ...result, reviewAgain: reviewAgain !== null };
  },
});
