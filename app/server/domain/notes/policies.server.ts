import { policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import { sidesOf } from "../transfers/rules.server";

/**
 * The notes panel of the viewer's side on this transfer: the manager's (Anteckningar) or the board's
 * (Styrelseanteckningar); null for the private party, who has none. It follows the side the viewer stands on, as
 * every policy does, not the role: a private seller's role is BoardMember, but on their own transfer they are not
 * its board.
 */
export function noteAudienceOf(
  viewer: Viewer,
  facts: TransferFacts,
): "PropertyManager" | "BoardMember" | null {
  const sides = sidesOf(viewer, facts);
  if (sides?.propertyManager) return "PropertyManager";
  if (sides?.board) return "BoardMember";
  return null;
}

/**
 * A note on the viewer's side's panel (Anteckningar for the manager, Styrelseanteckningar for the board).
 * Notes change nothing of the transfer, so no status, background task or abort disables them; the private
 * party has no notes panel on their own transfer.
 */
export function noteActions(viewer: Viewer, facts: TransferFacts, _now: Date): PolicyAction<"AddNote">[] {
  return noteAudienceOf(viewer, facts) === null ? [] : [policyAction("AddNote", null)];
}
