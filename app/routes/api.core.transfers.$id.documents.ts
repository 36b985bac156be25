import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/server/domain/transfers/errors.server";
import { listDocuments } from "~/server/domain/transfers/views.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApi, viewContext } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/documents (spec 02 §7 "Documents"): the transfer's documents, scoped. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const documents = await listDocuments(viewContext(actor), params.id ?? "");
    if (!documents) throw notFound();
    return documents;
  });
}

// Creating a document (POST {fileName, category}) comes with the upload flow (issue 14); until then only GET.
export function action() {
  return methodNotAllowed("GET");
}
