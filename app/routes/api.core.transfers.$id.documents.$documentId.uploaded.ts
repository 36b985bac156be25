import type { ActionFunctionArgs } from "@remix-run/node";
import { documentForViewer } from "~/server/domain/documents/access.server";
import { confirmStoredUpload } from "~/server/domain/documents/uploads.server";
import { notFound } from "~/server/domain/core/errors.server";
import { getDb } from "~/server/db/db.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApi } from "~/server/web/transfer-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/**
 * POST api/core/transfers/{id}/documents/{documentId}/uploaded: our addition to spec 02 §7 for S3 storage, where
 * the browser PUTs straight to a presigned URL and the server would otherwise learn of the file only from the
 * timeout sweep. Tells the server the PUT answered; the document goes to verification if the object is there.
 * With disk storage the signed PUT itself does this, and the call answers the document's current status.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, async (actor) => {
    const db = getDb();
    const document = await documentForViewer(db, actor.viewer, params.id ?? "", params.documentId ?? "");
    if (!document) throw notFound();
    await confirmStoredUpload(contextForActor(actor), document.id);
    const row = await db
      .selectFrom("documents")
      .select("status")
      .where("id", "=", document.id)
      .executeTakeFirst();
    return { id: document.id, status: row?.status ?? null };
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
