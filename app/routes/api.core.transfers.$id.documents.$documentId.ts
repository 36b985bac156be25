import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { documentForViewer, documentLink } from "~/server/domain/documents/access.server";
import { notFound } from "~/server/domain/transfers/errors.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApi } from "~/server/web/transfer-api.server";

/**
 * GET api/core/transfers/{id}/documents/{documentId} (spec 02 §7): a redirect to the document's short-lived signed
 * link, or with `?noRedirect` the link as `{ url }`. Missing, out of scope, another transfer's, unverified or erased:
 * the API's 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const document = await documentForViewer(getDb(), actor.viewer, params.id ?? "", params.documentId ?? "");
    if (!document || document.erased || !document.ready) throw notFound();
    const url = documentLink(document.id);
    if (new URL(request.url).searchParams.has("noRedirect"))
      return json({ url }, { headers: { "Cache-Control": "no-store" } });
    return redirect(url, { status: 302, headers: { "Cache-Control": "no-store" } });
  });
}

// Deleting a document (DELETE) comes with the Dokument tab (issue 14); until then only GET.
export function action() {
  return methodNotAllowed("GET");
}
