import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { documentRequirements } from "~/server/domain/documents/uploads.server";
import { notFound } from "~/server/domain/core/errors.server";
import { findScopedTransfer } from "~/server/domain/transfers/scope.server";
import type { TransferType } from "~/lib/transfer";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApi } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/documentrequirements (spec 02 §7, spec 03 §5.6): the slots of the transfer's type. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const transfer = await findScopedTransfer(getDb(), actor.viewer, params.id ?? "");
    if (!transfer) throw notFound();
    return documentRequirements(transfer.transfer_type as TransferType);
  });
}

export function action() {
  return methodNotAllowed("GET");
}
