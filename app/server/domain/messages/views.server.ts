import type { MessageRole } from "~/lib/transfer";
import type { MessageView } from "~/schemas/transfer-views";
import type { ViewContext } from "../core/context.server";
import { transferInView } from "../transfers/views.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import { canReadMessage, canResolveMessage, messageRecipients } from "./policies.server";

/** Messages the viewer may read, with their replies, oldest first; canResolve per message from the policy. */
export async function listMessages(ctx: ViewContext, transferId: string): Promise<MessageView[] | null> {
  const found = await transferInView(ctx, transferId);
  if (!found) return null;
  const rows = await ctx.db
    .selectFrom("messages")
    .selectAll()
    .where("transfer_id", "=", transferId)
    .orderBy("created_at")
    .execute();
  const sentBy = (m: (typeof rows)[number]) => ({
    firstName: m.sent_by_first_name,
    lastName: m.sent_by_last_name,
    when: m.created_at,
    role: m.sent_by_role as MessageRole,
  });
  return rows
    .filter((m) => m.parent_id === null && canReadMessage(ctx.viewer, found.facts, m.id))
    .map((m) => ({
      id: m.id,
      recipient: (m.recipient as MessageRole | null) ?? null,
      sentBy: sentBy(m),
      body: m.body,
      replies: rows
        .filter((r) => r.parent_id === m.id)
        .map((r) => ({ id: r.id, sentBy: sentBy(r), body: r.body })),
      resolved: m.resolved === 1,
      canResolve: canResolveMessage(ctx.viewer, found.facts, m.id),
    }));
}

/** The recipient types the viewer may address on a transfer in scope, the default first; null when out of scope. */
export async function messageRecipientsOf(
  ctx: ViewContext,
  transferId: string,
): Promise<MessageRole[] | null> {
  const found = await transferInView(ctx, transferId);
  return found ? messageRecipients(ctx.viewer, found.facts) : null;
}

/** The number of messages (not replies) the viewer may read on the transfer, and how many of them are not handled. */
export function readableMessageCounts(
  viewer: Viewer,
  facts: TransferFacts,
): { all: number; unresolved: number } {
  const readable = facts.messages.filter((m) => canReadMessage(viewer, facts, m.id));
  return { all: readable.length, unresolved: readable.filter((m) => !m.resolved).length };
}
