import * as z from "zod";
import { reviewAfterVerifiedDocument } from "../../domain/review/run-review.server";
import { expireStalledUploads, verifyDocument } from "../../domain/documents/lifecycle.server";
import { VERIFY_DOCUMENT_JOB } from "../../domain/documents/uploads.server";
import { generateTransferSummary, TRANSFER_SUMMARY_JOB } from "../../domain/documents/summary.server";
import { getStorage } from "../../integrations/storage/index.server";
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
