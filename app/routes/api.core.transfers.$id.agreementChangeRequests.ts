import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import { createChangeRequest } from "~/server/domain/change-requests/change-requests.server";
import { notFound } from "~/server/domain/core/errors.server";
import { listChangeRequests } from "~/server/domain/change-requests/views.server";
import { mediaType, refuse } from "~/server/platform/body.server";
import { readUploadForm } from "~/server/platform/multipart.server";
import { apiValidationError, methodNotAllowed } from "~/server/web/api.server";
import { additionalAgreementTooLarge, fieldsOf } from "~/server/web/change-requests.server";
import { contextForActor, runApi, viewContext } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/agreementChangeRequests (spec 02 §7): the transfer's change requests, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const requests = await listChangeRequests(viewContext(actor), params.id ?? "");
    if (!requests) throw notFound();
    return requests;
  });
}

/**
 * POST api/core/transfers/{id}/agreementChangeRequests as multipart: the changed fields (purchasePrice, entryDate,
 * contractDate; absent or empty is unchanged) first, then the additionalAgreement file (a PDF, streamed and checked
 * as it arrives). 201 `{ id, additionalAgreementId }`; a 400 with Swedish field errors; 413 past 25 MB.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  if (mediaType(request) !== "multipart/form-data") return refuse(415, "notForm", true);
  const transferId = params.id ?? "";
  return runApi(request, async (actor) => {
    const ctx = contextForActor(actor);
    const outcome = await readUploadForm(request, MAX_UPLOAD_BYTES + 1024 * 1024, (fields, file) =>
      createChangeRequest(ctx, { transferId, fields: fieldsOf(fields), file }),
    );
    if (outcome.fields === null) {
      const tooLarge = apiValidationError(additionalAgreementTooLarge());
      return json(await tooLarge.json(), { status: 413 });
    }
    const created =
      outcome.file ??
      (await createChangeRequest(ctx, { transferId, fields: fieldsOf(outcome.fields), file: null }));
    return json(
      { id: created.changeRequestId, additionalAgreementId: created.documentId },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  });
}
