import { policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import { sidesOf } from "../transfers/rules.server";

/** The notes panel of the viewer's side: the manager's (Anteckningar) or the board's (Styrelseanteckningar). */
export function noteAudienceOf(viewer: Viewer): "PropertyManager" | "BoardMember" {
  return viewer.role === "PropertyManager" ? "PropertyManager" : "BoardMember";
}

/**
 * A note on the viewer's side's panel (Anteckningar for the manager, Styrelseanteckningar for the board).
 * Notes change nothing of the transfer, so no status, background task or abort disables them; the private
 * party has no notes panel on their own transfer.
 */
export function noteActions(viewer: Viewer, facts: TransferFacts, _now: Date): PolicyAction<"AddNote">[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || !(sides.propertyManager || sides.board)) return [];
  return [policyAction("AddNote", null)];
}
