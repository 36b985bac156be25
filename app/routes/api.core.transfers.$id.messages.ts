import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/server/domain/core/errors.server";
import { postMessage } from "~/server/domain/messages/messages.server";
import { listMessages } from "~/server/domain/messages/views.server";
import { readJsonBody } from "~/server/platform/body.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { contextForActor, runApi, viewContext } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/messages (spec 02 §7, not cached): the messages with their replies, oldest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const messages = await listMessages(viewContext(actor), params.id ?? "");
    if (!messages) throw notFound();
    return messages;
  });
}

/** POST api/core/transfers/{id}/messages {body, recipient}: a new message; recipient null for every other party. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return runApi(request, async (actor) => {
    const body = (await readJsonBody(request)) as Record<string, unknown> | null;
    const input = body && typeof body === "object" ? body : {};
    return postMessage(contextForActor(actor), {
      transferId: params.id,
      body: input.body,
      recipient: input.recipient,
    });
  });
}
