import type { ActionFunctionArgs } from "@remix-run/node";
import { markUploaded } from "~/server/domain/documents/mark-uploaded.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * POST api/core/transfers/{id}/documents/{documentId}/uploaded: our addition to spec 02 §7 for S3 storage, where
 * the browser PUTs straight to a presigned URL and the server would otherwise learn of the file only from the
 * timeout sweep. Tells the server the PUT answered; the document goes to verification if the object is there.
 * With disk storage the signed PUT itself does this, and the call answers the document's current status. Only the
 * side that uploads to the transfer may say so (403 for another side, 404 outside the scope, as missing).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, (actor) =>
    markUploaded(contextForActor(actor), {
      transferId: params.id ?? "",
      documentId: params.documentId ?? "",
    }),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
