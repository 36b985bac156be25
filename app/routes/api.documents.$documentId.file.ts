import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadFileName } from "~/schemas/documents";
import { getDb } from "~/server/db/db.server";
import { storedDocument } from "~/server/domain/documents/access.server";
import { svT } from "~/server/platform/i18n.server";
import { servedFileHeaders } from "~/server/platform/security.server";
import { verifyLink } from "~/server/platform/signed-links.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { requestContext } from "~/server/context/request.server";

function refuse(status: 403 | 404, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A stored document, streamed, behind a short-lived signed link that /transfers/{id}/documents/{documentId} made
 * after checking the user's scope (the link, not a session, is the permission, as with an S3 presigned URL).
 * Shown inline in the browser's own PDF viewer; `download` asks to save it under the spec's safe file name.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = svT();
  if (!verifyLink(url)) return refuse(403, t("review:document.linkExpired"));
  const document = await storedDocument(getDb(), params.documentId ?? "");
  if (!document || !document.storage_key || document.data_erased_at || document.status !== "UploadVerified") {
    return refuse(404, t("review:document.notFoundTitle"));
  }
  const body = await requestContext("system").storage.get(document.storage_key);
  if (!body) return refuse(404, t("review:document.notFoundTitle"));
  const name = downloadFileName(document.file_name);
  const disposition = url.searchParams.has("download") ? "attachment" : "inline";
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
      ...servedFileHeaders(),
    },
  });
}

export function action() {
  return methodNotAllowed("GET");
}
