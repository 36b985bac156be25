import { methodNotAllowed } from "~/server/web/api.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { notFound } from "~/server/domain/core/errors.server";
import { findScopedTransfer } from "~/server/domain/transfers/scope.server";
import { runApi } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/status. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const row = await findScopedTransfer(getDb(), actor.viewer, params.id ?? "");
    if (!row) throw notFound();
    return { status: row.status, version: row.version };
  });
}

export const action = () => methodNotAllowed("GET");
