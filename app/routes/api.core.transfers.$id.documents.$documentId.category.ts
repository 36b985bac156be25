import type { ActionFunctionArgs } from "@remix-run/node";
import { changeDocumentCategory } from "~/server/domain/documents/uploads.server";
import { readJsonBody } from "~/server/platform/body.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** PUT api/core/transfers/{id}/documents/{documentId}/category {category} (spec 02 §7): a category the transfer takes. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return runApi(request, async (actor) => {
    const body = (await readJsonBody(request)) as { category?: unknown } | null;
    const changed = await changeDocumentCategory(contextForActor(actor), {
      transferId: params.id ?? "",
      documentId: params.documentId ?? "",
      category: body && typeof body === "object" ? body.category : undefined,
    });
    return { id: params.documentId, category: changed.category };
  });
}

export function loader() {
  return methodNotAllowed("PUT");
}
