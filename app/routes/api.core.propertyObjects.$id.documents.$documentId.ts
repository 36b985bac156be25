import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { documentForViewer } from "~/server/domain/documents/access.server";
import { documentLinkAnswer } from "~/server/web/documents.server";
import { notFound } from "~/server/domain/core/errors.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApi } from "~/server/web/transfer-api.server";

/**
 * GET api/core/propertyObjects/{id}/documents/{documentId} (spec 02 §7, the document link of "type
 * propertyobject"): a document reached through its property object rather than a transfer id. The document must
 * belong to a transfer of that object which the user's scope holds; then it answers like the transfer's own
 * document call (redirect to the signed link, or `{ url }` with `?noRedirect`). Anything else is the API's 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const db = getDb();
    const owner = await db
      .selectFrom("documents")
      .innerJoin("transfers", "transfers.id", "documents.transfer_id")
      .select("documents.transfer_id")
      .where("documents.id", "=", params.documentId ?? "")
      .where("transfers.object_id", "=", params.id ?? "")
      .executeTakeFirst();
    if (!owner) throw notFound();
    const document = await documentForViewer(db, actor.viewer, owner.transfer_id, params.documentId ?? "");
    if (!document || document.erased || !document.ready) throw notFound();
    return documentLinkAnswer(request, document.id);
  });
}

export function action() {
  return methodNotAllowed("GET");
}
