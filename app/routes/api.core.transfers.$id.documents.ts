import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createDocument } from "~/server/domain/documents/uploads.server";
import { notFound } from "~/server/domain/core/errors.server";
import { listDocuments } from "~/server/domain/documents/views.server";
import { readJsonBody } from "~/server/platform/body.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi, viewContext } from "~/server/web/transfer-api.server";
import { uploadUrlFor } from "~/server/web/documents.server";

/** GET api/core/transfers/{id}/documents (spec 02 §7 "Documents"): the transfer's documents, scoped. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const documents = await listDocuments(viewContext(actor), params.id ?? "");
    if (!documents) throw notFound();
    return documents;
  });
}

/**
 * POST api/core/transfers/{id}/documents {fileName, category} (spec 02 §7): a new document in UploadNotStarted and
 * where to PUT its bytes (201 `{ id, uploadUrl }`). The name and the category are checked here (Swedish 400s);
 * the bytes are checked as they arrive at the upload URL.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return runApi(request, async (actor) => {
    const body = (await readJsonBody(request)) as Record<string, unknown> | null;
    const input = typeof body === "object" && body !== null ? body : {};
    const ctx = contextForActor(actor);
    const created = await createDocument(
      ctx,
      { transferId: params.id ?? "", fileName: input.fileName, category: input.category },
      "awaitingPut",
    );
    const uploadUrl = await uploadUrlFor(ctx.storage, created.documentId, created.storageKey);
    return json(
      { id: created.documentId, uploadUrl, status: "UploadNotStarted" },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  });
}
