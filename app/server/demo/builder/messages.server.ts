import type { MessageRole } from "~/lib/transfer";
import { demoUser } from "../users.server";
import type { Sender } from "./inputs.server";
import type { TransferBuilder } from "./transfer.server";

/** Messages, replies and notes. */

function sender(
  b: TransferBuilder,
  from: Sender,
): { id: string | null; first: string; last: string; role: MessageRole } {
  const { t } = b;
  if (from === "broker") {
    const broker = t.broker ?? b.fail("a broker message without a broker");
    return { id: null, first: broker.first, last: broker.last, role: "Intermediary" };
  }
  if (from === "private") {
    const u = demoUser(t.createdBy ?? b.fail("a private message without a private party"));
    return { id: u.id, first: u.first, last: u.last, role: "PrivateIntermediary" };
  }
  const u = demoUser(from);
  return { id: u.id, first: u.first, last: u.last, role: u.isManager ? "PropertyManager" : "BoardMember" };
}

export function messages(b: TransferBuilder): void {
  const { t } = b;
  const row = (id: string, parentId: string | null, from: Sender, body: string, sentAt: string) => {
    const by = sender(b, from);
    return {
      id,
      transfer_id: t.id,
      parent_id: parentId,
      recipient: null as MessageRole | null,
      sent_by_user_id: by.id,
      sent_by_first_name: by.first,
      sent_by_last_name: by.last,
      sent_by_role: by.role,
      body,
      resolved: 0 as 0 | 1,
      resolved_by_user_id: null as string | null,
      resolved_at: null as string | null,
      created_at: sentAt,
      latest_at: sentAt,
    };
  };
  (t.messages ?? []).forEach((msg, i) => {
    const id = `${t.id}-m${i + 1}`;
    const replies = (msg.replies ?? []).map((r, k) => row(`${id}-r${k + 1}`, id, r.from, r.body, b.at(r.at)));
    const message = row(id, null, msg.from, msg.body, b.at(msg.at));
    b.rows.messages.push(
      {
        ...message,
        recipient: msg.to,
        resolved: msg.resolved ? 1 : 0,
        resolved_by_user_id: msg.resolved?.by ?? null,
        resolved_at: msg.resolved ? b.at(msg.resolved.at) : null,
        latest_at: [message.created_at, ...replies.map((r) => r.created_at)].sort().at(-1)!,
      },
      ...replies,
    );
  });
}

export function notes(b: TransferBuilder): void {
  const { t } = b;
  (t.notes ?? []).forEach((n, i) =>
    b.rows.notes.push({
      id: `${t.id}-n${i + 1}`,
      transfer_id: t.id,
      audience: n.audience,
      body: n.body,
      created_by_user_id: n.by,
      created_by_name: demoUser(n.by).name,
      created_at: b.at(n.at),
    }),
  );
}
