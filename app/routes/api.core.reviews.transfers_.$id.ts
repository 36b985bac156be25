import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/server/web/api.server";
import { getTransferForReview } from "~/server/domain/review/views.server";
import { notFound } from "~/server/domain/core/errors.server";
import { runApi, viewContext } from "~/server/web/transfer-api.server";

/** GET api/core/reviews/transfers/{id}: the transfer for review (spec 02 §3), scoped to the user. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.id) return apiError(404);
  return runApi(request, async (actor) => {
    const review = await getTransferForReview(viewContext(actor), params.id ?? "");
    if (!review) throw notFound();
    return review;
  });
}

export const action = () => methodNotAllowed("GET");
