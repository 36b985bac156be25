import type { MessageRole } from "~/lib/transfer";
import { policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import { isAbortingOrAborted, isInScope, sidesOf, swedishDayNumber } from "../transfers/rules.server";

/**
 * Messages (spec 02 §2.8, §6): anyone in scope posts until entry date + 7 days (Swedish calendar dates) unless
 * aborting; PM and Board resolve what is addressed to their side, or addressed to no one in particular and sent
 * by another side.
 *
 * Who reads a message (docs/spec-choices.md): one addressed to a side (Förvaltare, Förening, Förmedlare) is read by
 * that side and the sender's side only; one addressed to no one in particular by every side of the transfer. Its
 * replies go with it. The private party is the Förmedlare of their own transfer: a message between the manager
 * and the association is not theirs to read.
 */

const MESSAGE_DAYS_AFTER_ENTRY = 7;

export function canPostMessage(viewer: Viewer, facts: TransferFacts, now: Date): boolean {
  if (!isInScope(viewer, facts) || isAbortingOrAborted(facts)) return false;
  if (facts.entryDate === null) return true;
  const entry = swedishDayNumber(facts.entryDate);
  const today = swedishDayNumber(now);
  if (entry === null || today === null) return true;
  return today < entry + MESSAGE_DAYS_AFTER_ENTRY;
}

/** The message roles the viewer stands in on this transfer: the sides it reads and writes messages as. */
function ownMessageRoles(viewer: Viewer, facts: TransferFacts): MessageRole[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null) return [];
  const roles: MessageRole[] = [];
  if (sides.propertyManager) roles.push("PropertyManager");
  if (sides.board) roles.push("BoardMember");
  if (sides.privateParty) roles.push("Intermediary");
  return roles;
}

/** Whether the viewer may read this message (a message of the transfer, not a reply) and its replies. */
export function canReadMessage(viewer: Viewer, facts: TransferFacts, messageId: string): boolean {
  const message = facts.messages.find((m) => m.id === messageId);
  if (!message) return false;
  const own = ownMessageRoles(viewer, facts);
  if (own.length === 0) return false;
  if (message.recipient === null) return true;
  return own.includes(message.recipient) || own.includes(message.sentByRole);
}

export function canResolveMessage(viewer: Viewer, facts: TransferFacts, messageId: string): boolean {
  const sides = sidesOf(viewer, facts);
  if (sides === null) return false;
  const message = facts.messages.find((m) => m.id === messageId);
  if (!message) return false;
  const ownRoles: MessageRole[] = [];
  if (sides.propertyManager) ownRoles.push("PropertyManager");
  if (sides.board) ownRoles.push("BoardMember");
  return ownRoles.some(
    (role) => message.recipient === role || (message.recipient === null && message.sentByRole !== role),
  );
}

/** The side a viewer writes messages as: Förvaltare, Förening, or the private party as Förmedlare. */
export function messageSenderRole(viewer: Viewer, facts: TransferFacts): MessageRole | null {
  const sides = sidesOf(viewer, facts);
  if (sides === null) return null;
  if (sides.privateParty) return "Intermediary";
  return sides.propertyManager ? "PropertyManager" : "BoardMember";
}

/**
 * The recipient types the viewer may address (spec 02 §2.8: the other parties of the object), the default first.
 * A broker (Förmedlare) is a party only of a transfer a broker or a private party initiated.
 */
export function messageRecipients(viewer: Viewer, facts: TransferFacts): MessageRole[] {
  const sender = messageSenderRole(viewer, facts);
  if (sender === null) return [];
  const hasIntermediary =
    facts.initiatorRole === "Intermediary" || facts.initiatorRole === "PrivateIntermediary";
  const parties: MessageRole[] = [
    "PropertyManager",
    "BoardMember",
    ...(hasIntermediary ? ["Intermediary" as const] : []),
  ];
  return parties.filter((role) => role !== sender);
}

/** Posting and replying (spec 02 §6): offered in scope unless aborting; closed 7 days after the entry date. */
export function messageActions(
  viewer: Viewer,
  facts: TransferFacts,
  now: Date,
): PolicyAction<"PostMessage">[] {
  if (!isInScope(viewer, facts) || isAbortingOrAborted(facts)) return [];
  return [policyAction("PostMessage", canPostMessage(viewer, facts, now) ? null : "messagePostingClosed")];
}
