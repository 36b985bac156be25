import { json, type ActionFunctionArgs } from "@remix-run/node";
import {
  createAnswerDocument,
  removeAnswerDocument,
} from "~/server/domain/supplements/answer-document.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { uploadUrlFor } from "~/server/web/documents.server";
import { jsonObject } from "~/server/web/supplements-api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/**
 * POST …/additionalinformationrequests/{requestId}/answers/document {fileName} (spec 02 §7): the answer's one
 * document, 201 `{ id, uploadUrl }`; the file then goes by PUT to the upload URL (201). DELETE removes it, so that
 * another can be uploaded ('Det går endast att komplettera med ett dokument åt gången.').
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const transferId = params.id ?? "";
  const requestId = params.requestId ?? "";
  if (request.method === "DELETE") {
    return runApi(request, (actor) =>
      removeAnswerDocument(contextForActor(actor), { transferId, requestId }),
    );
  }
  if (request.method !== "POST") return methodNotAllowed("POST, DELETE");
  return runApi(request, async (actor) => {
    const body = await jsonObject(request);
    const ctx = contextForActor(actor);
    const created = await createAnswerDocument(
      ctx,
      { transferId, requestId, fileName: body.fileName },
      "awaitingPut",
    );
    const uploadUrl = await uploadUrlFor(ctx.storage, created.documentId, created.storageKey);
    return json(
      { id: created.documentId, uploadUrl, status: "UploadNotStarted" },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function loader() {
  return methodNotAllowed("POST, DELETE");
}
