import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/server/web/api.server";
import { getTransferForReview } from "~/server/domain/review/views.server";
import { notFound } from "~/server/domain/core/errors.server";
import { isPrivateParty, privatePartyViewer } from "~/server/domain/transfers/scope.server";
import { runApi, viewContext } from "~/server/web/transfer-api.server";

/**
 * GET api/core/reviews/private/transfers/{id} (spec 02 §7): the transfer for review as the private party sees it on
 * /transfers/private/{id}: only their own private transfers, read as the private party alone (a board seat of theirs
 * adds nothing, so no private part of the board's is disclosed). The private pages' guard (a BoardMember with
 * private_agreement) holds here too; anything else is answered as a missing transfer.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.id) return apiError(404);
  return runApi(request, async (actor) => {
    if (actor.viewer.role !== "BoardMember" || !isPrivateParty(actor.viewer)) throw notFound();
    const ctx = viewContext({ ...actor, viewer: privatePartyViewer(actor.viewer) });
    const review = await getTransferForReview(ctx, params.id ?? "");
    if (!review) throw notFound();
    return review;
  });
}

export const action = () => methodNotAllowed("GET");
