import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { receiveUpload, refuseUpload, uploadFileName } from "~/server/domain/documents/uploads.server";
import { drainableBody } from "~/server/platform/body.server";
import { timedBody } from "~/server/platform/body-timeouts.server";
import { svT } from "~/server/platform/i18n.server";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import { verifyLink } from "~/server/platform/signed-links.server";
import { apiError, methodNotAllowed } from "~/server/web/api.server";
import { declaresTooMuch, refusedUploadResponse, tooSlowUploadResponse } from "~/server/web/documents.server";
import { requestContext } from "~/server/context/request.server";

/**
 * The upload URL of the JavaScript flow with disk storage (spec 02 §7: "the file then goes by PUT to the upload
 * url, expecting 201"). The signed link made by POST …/documents is the permission, as a presigned S3 URL would be.
 * The body streams through the upload checks into storage; 201 when it is stored and waits for verification.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const t = svT();
  if (!verifyLink(new URL(request.url))) return apiError(403, t("review:document.linkExpired"));
  const db = getDb();
  const documentId = params.documentId ?? "";
  const fileName = await uploadFileName(db, documentId);
  if (fileName === null) return apiError(404, t("review:document.notFoundTitle"));
  if (declaresTooMuch(request)) {
    if (!(await refuseUpload(db, documentId, "tooLarge")))
      return apiError(409, t("domain:documents.notAwaiting"));
    return refusedUploadResponse("tooLarge", fileName);
  }
  if (!request.body) {
    await refuseUpload(db, documentId, "empty");
    return refusedUploadResponse("empty", fileName);
  }
  // A refused file stops being stored at once; the rest of the body is read and dropped (bounded) so that the
  // client gets the 413 or 400 instead of a reset connection. A client too slow to send it is cut (408).
  const timed = timedBody(request.body);
  const body = drainableBody(timed.stream, 2 * MAX_UPLOAD_BYTES);
  const received = await receiveUpload(requestContext("system"), documentId, body.stream);
  if (timed.timedOut()) return tooSlowUploadResponse(fileName);
  if (received.outcome !== "pending") await body.drain();
  switch (received.outcome) {
    case "pending":
      return json(
        { id: documentId, status: "UploadPending", sizeInBytes: received.sizeInBytes },
        { status: 201, headers: { "Cache-Control": "no-store" } },
      );
    case "refused":
      return refusedUploadResponse(received.reason, fileName);
    case "broken":
      return refusedUploadResponse("broken", fileName);
    case "notAwaiting":
      return apiError(409, t("domain:documents.notAwaiting"));
  }
}

export function loader() {
  return methodNotAllowed("PUT");
}
