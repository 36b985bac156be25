import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { notFound } from "~/server/domain/core/errors.server";
import { messageRecipientsOf } from "~/server/domain/messages/views.server";
import { runApi, viewContext } from "~/server/web/transfer-api.server";

/**
 * GET api/core/transfers/{id}/messages/recipients (spec 02 §7): the recipient types the user may address on this
 * transfer, the default first. The spec would cache it indefinitely, but it depends on the asker's side of the
 * transfer, and a browser's cache is the computer's, not the user's: on a shared office computer the next user would
 * be offered the previous user's recipients. So it is no-store, as every API answer (decision 012).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const recipients = await messageRecipientsOf(viewContext(actor), params.id ?? "");
    if (!recipients) throw notFound();
    return json(recipients);
  });
}
