import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { documentForViewer } from "~/server/domain/documents/access.server";
import { documentLinkAnswer } from "~/server/web/documents.server";
import { notFound } from "~/server/domain/core/errors.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";
import { removeDocument } from "~/server/domain/documents/uploads.server";

/**
 * GET api/core/transfers/{id}/documents/{documentId} (spec 02 §7): a redirect to the document's short-lived signed
 * link, or with `?noRedirect` the link as `{ url }`. Missing, out of scope, another transfer's, unverified or erased:
 * the API's 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const document = await documentForViewer(getDb(), actor.viewer, params.id ?? "", params.documentId ?? "");
    if (!document || document.erased || !document.ready) throw notFound();
    return documentLinkAnswer(request, document.id);
  });
}

/**
 * DELETE api/core/transfers/{id}/documents/{documentId} (spec 02 §7): the retention erasure once it is allowed, or
 * the uploader withdrawing their own upload (domain/documents/uploads.server `removeDocument`); 403 with the
 * reason otherwise, the API's 404 for what is not there for this user.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  return runApi(request, async (actor) => {
    const removed = await removeDocument(contextForActor(actor), {
      transferId: params.id ?? "",
      documentId: params.documentId ?? "",
    });
    return { id: params.documentId, removed: removed.kind };
  });
}
