import type { NoteView } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { transferInView } from "../transfers/views.server";
import { noteAudienceOf } from "./policies.server";

/**
 * The viewer's side's notes on a transfer in scope: Anteckningar for its managers, Styrelseanteckningar for its
 * board, none for the private party. Newest first; null when the transfer is not in the viewer's scope.
 */
export async function listNotes(ctx: ViewContext, transferId: string): Promise<NoteView[] | null> {
  const found = await transferInView(ctx, transferId);
  if (!found) return null;
  const audience = noteAudienceOf(ctx.viewer, found.facts);
  if (audience === null) return [];
  const rows = await ctx.db
    .selectFrom("notes")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("audience", "=", audience)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((n) => ({ id: n.id, body: n.body, created: n.created_at, createdBy: n.created_by_name }));
}
