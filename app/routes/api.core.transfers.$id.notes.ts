import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/server/web/api.server";
import { readJsonBody } from "~/server/platform/body.server";
import { notFound } from "~/server/domain/core/errors.server";
import { addNote } from "~/server/domain/notes/add-note.server";
import { listNotes } from "~/server/domain/notes/views.server";
import { runApi, contextForActor, viewContext } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/notes: the notes of the user's side, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const notes = await listNotes(viewContext(actor), params.id ?? "");
    if (!notes) throw notFound();
    return notes;
  });
}

/** POST api/core/transfers/{id}/notes, body {body}. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const body = await readJsonBody(request);
  const text = body && typeof body === "object" && "body" in body ? body.body : undefined;
  return runApi(request, (actor) => addNote(contextForActor(actor), { transferId: params.id, body: text }));
}
