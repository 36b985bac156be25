import * as z from "zod";
import { expireStalledUploads, verifyDocument } from "../../domain/documents/lifecycle.server";
import { VERIFY_DOCUMENT_JOB } from "../../domain/documents/uploads.server";
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
    return { ...(await verifyDocument(db, getStorage(), documentId, { now: now(), live })) };
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
