import type { NoteView } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { noteAudienceOf } from "./policies.server";

/** The viewer's side's notes: Anteckningar for managers, Styrelseanteckningar for the board. Newest first. */
export async function listNotes(ctx: ViewContext, transferId: string): Promise<NoteView[] | null> {
  // Notes need the scope, not the policy facts.
  if (!(await findScopedTransfer(ctx.db, ctx.viewer, transferId))) return null;
  const audience = noteAudienceOf(ctx.viewer);
  const rows = await ctx.db
    .selectFrom("notes")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .where("audience", "=", audience)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((n) => ({ id: n.id, body: n.body, created: n.created_at, createdBy: n.created_by_name }));
}
