import { json, redirect } from "@remix-run/node";
import { documentLink } from "../domain/documents/access.server";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import type { UploadRefusalReason } from "../domain/documents/upload.server";
import type { ReceiveOutcome } from "../domain/documents/uploads.server";
import { withValues } from "~/lib/messages";
import { isDomainError } from "../domain/core/errors.server";
import { getLog } from "../platform/log.server";
import { reasonKey } from "./refusal.server";
import { signLink } from "../platform/signed-links.server";
import { svT } from "../platform/i18n.server";
import type { FileStorage } from "../integrations/storage/types.server";
import { isS3Storage } from "../integrations/storage/index.server";

/**
 * The web side of documents (spec 02 §7 "Documents", decision 018): the answer of a document-link call, and of
 * uploads: where the browser PUTs a file in the JavaScript flow, and the Swedish answers of a refused one. With disk
 * storage the upload URL is our own short-lived signed route (`/api/uploads/{documentId}`); with S3 it is a presigned
 * PUT straight to the bucket.
 */

/** How long an upload URL stays valid: long enough for 25 MB on a slow office line. */
export const UPLOAD_LINK_TTL_MS = 15 * 60_000;

export async function uploadUrlFor(
  storage: FileStorage,
  documentId: string,
  storageKey: string,
): Promise<string> {
  if (isS3Storage(storage)) return storage.presignPut(storageKey, UPLOAD_LINK_TTL_MS / 1000);
  return signLink(`/api/uploads/${encodeURIComponent(documentId)}`, UPLOAD_LINK_TTL_MS);
}

/** The locale key of a refused upload's message (domain.json `documents.*`, with the file's name). */
export function refusalKey(reason: UploadRefusalReason | "broken"): string {
  return reason === "broken" ? "documents.uploadBroken" : `documents.${reason}`;
}

/** 413 for a file over the limit, 429 while the uploader has too many uploads streaming, 400 for any other. */
export function refusalStatus(reason: UploadRefusalReason | "broken"): 400 | 413 | 429 {
  return reason === "tooLarge" ? 413 : reason === "tooMany" ? 429 : 400;
}

const TITLES = { 400: "Bad request", 413: "Payload too large", 429: "Too many requests" } as const;

type UploadFormError = { errors: { file: string[] }; status: number };

/** Where a form's upload failed: creating the document, or storing its file (spec 02 §4 "Document upload"). */
export type UploadStage = "create" | "upload";

/**
 * A form's upload that failed at `stage` (spec 02 §8), as the form's answer: a refusal says `Kunde inte skapa
 * dokument` or `Kunde inte ladda upp dokument` and then why (the refusal's status); a failure of ours (logged)
 * names the file, `Skapandet av dokument {file} misslyckades. Försök på nytt om en stund.` or `Uppladdningen av
 * dokument {file} …` (500). The form keeps its category.
 */
export function uploadFailed(
  stage: UploadStage,
  fileName: string,
  error: unknown,
): { fieldErrors: Record<string, string[]>; formErrors: string[]; status: number } {
  if (isDomainError(error))
    return {
      fieldErrors: {},
      formErrors: [`review:documents.failed.${stage}`, reasonKey(error)],
      status: error.status,
    };
  getLog().error({ err: error, stage }, "a document could not be uploaded");
  return {
    fieldErrors: { file: [withValues(`review:documents.failed.${stage}File`, { file: fileName })] },
    formErrors: [],
    status: 500,
  };
}

/** An upload form's whole post over the limit: the file field's error (`label`: the locale key of its name). */
export function uploadPostTooLarge(label: string): UploadFormError {
  return { errors: { file: [withValues("documents.tooLarge", { file: svT()(label) })] }, status: 413 };
}

/**
 * A received file that did not go on to be checked (refused, broken off, or a document no longer waiting for it), as
 * the upload form's field error and status; null while it is checked (the page says so in a toast). The Dokument
 * tab, the wizard's documents step and a supplement's answer answer alike.
 */
export function uploadFormRefusal(received: ReceiveOutcome, fileName: string): UploadFormError | null {
  if (received.outcome === "pending") return null;
  const reason = received.outcome === "refused" ? received.reason : "broken";
  return {
    errors: { file: [withValues(refusalKey(reason), { file: fileName })] },
    status: refusalStatus(reason),
  };
}

/** A refused upload as the API answers it: the validation shape, the message naming the file. */
export function refusedUploadResponse(reason: UploadRefusalReason | "broken", fileName: string): Response {
  const status = refusalStatus(reason);
  return json(
    {
      status,
      title: TITLES[status],
      errors: { file: [svT()(`domain:${refusalKey(reason)}`, { file: fileName })] },
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/** An upload whose body came too slowly and was cut (platform/body-timeouts): 408, the row left for a retry. */
export function tooSlowUploadResponse(fileName: string): Response {
  return json(
    {
      status: 408,
      title: "Request timeout",
      errors: { file: [svT()("domain:documents.tooSlow", { file: fileName })] },
    },
    { status: 408, headers: { "Cache-Control": "no-store" } },
  );
}

/** A declared length past the file limit plus a form's few fields: refused before a byte is read. */
export function declaresTooMuch(request: Request, slack = 0): boolean {
  const declared = request.headers.get("Content-Length");
  return declared !== null && Number(declared) > MAX_UPLOAD_BYTES + slack;
}

/** A document-link call's answer: a redirect to the signed link, or with `?noRedirect` the link as `{ url }`. */
export function documentLinkAnswer(request: Request, documentId: string): Response {
  const url = documentLink(documentId);
  if (new URL(request.url).searchParams.has("noRedirect"))
    return json({ url }, { headers: { "Cache-Control": "no-store" } });
  return redirect(url, { status: 302, headers: { "Cache-Control": "no-store" } });
}
