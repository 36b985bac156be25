import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { notFound } from "~/server/domain/core/errors.server";
import { messageRecipientsOf } from "~/server/domain/messages/views.server";
import { runApi, viewContext } from "~/server/web/transfer-api.server";

/**
 * GET api/core/transfers/{id}/messages/recipients (spec 02 §7, "cached indefinitely"): the recipient types the user
 * may address on this transfer, the default first. The answer is the user's own, so only the browser keeps it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const recipients = await messageRecipientsOf(viewContext(actor), params.id ?? "");
    if (!recipients) throw notFound();
    return json(recipients, { headers: { "Cache-Control": "private, max-age=31536000, immutable" } });
  });
}
