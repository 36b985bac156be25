import crypto from "node:crypto";
import { NoteSchema } from "~/schemas/transfer";
import { actorName, userOf, type UseCaseContext } from "../core/context.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { noteActions, noteAudienceOf } from "./policies.server";

/**
 * A note on the viewer's side's panel (Anteckningar or Styrelseanteckningar), when the policy offers AddNote.
 * Notes do not change the transfer, so there is no transition and no new version; the audit log still records
 * who wrote what when.
 */
export async function addNote(ctx: UseCaseContext, input: unknown): Promise<{ noteId: string }> {
  const data = parse(NoteSchema, input);
  const actor = userOf(ctx);
  const noteId = crypto.randomUUID();
  let audience: "PropertyManager" | "BoardMember" | null = null;
  await run(ctx, data.transferId, {
    offered: (viewer, facts, now) => {
      audience = noteAudienceOf(viewer, facts);
      return noteActions(viewer, facts, now).find((a) => a.type === "AddNote");
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({ entity: "note", entityId: noteId, action: "addNote", before: null, after: { audience } }),
    write: async (trx, row, at) => {
      await trx
        .insertInto("notes")
        .values({
          id: noteId,
          transfer_id: row.id,
          // Set by `offered`, which refuses a viewer without a panel before anything is written.
          audience: audience!,
          body: data.body,
          created_by_user_id: actor.viewer.id,
          created_by_name: actorName(ctx),
          created_at: at,
        })
        .execute();
    },
  });
  return { noteId };
}
