import type { ActionFunctionArgs } from "@remix-run/node";
import { replyToMessage } from "~/server/domain/messages/messages.server";
import { readJsonBody } from "~/server/platform/body.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi } from "~/server/web/transfer-api.server";

/** POST api/core/transfers/{id}/messages/{messageId}/reply {body} (spec 02 §7). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return runApi(request, async (actor) => {
    const body = (await readJsonBody(request)) as Record<string, unknown> | null;
    return replyToMessage(contextForActor(actor), {
      transferId: params.id,
      messageId: params.messageId,
      body: body && typeof body === "object" ? body.body : undefined,
    });
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
