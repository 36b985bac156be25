import crypto from "node:crypto";
import { svT } from "../../platform/i18n.server";
import type { MessageRole } from "~/lib/transfer";
import { NewMessageSchema, ReplySchema, ResolveSchema } from "~/schemas/messages";
import { actorName, userOf, type UseCaseContext } from "../core/context.server";
import { forbidden, invalid } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { enqueueMail } from "../mail.server";
import type { Viewer } from "../transfers/facts.server";
import { publishCounts, recount } from "./counts.server";
import {
  canReadMessage,
  canResolveMessage,
  messageActions,
  messageRecipients,
  messageSenderRole,
} from "./policies.server";

/**
 * Messages between the parties of a transfer (spec 02 §2.8, §2.9, §4 "Message", §6): posting, replying and
 * resolving. Each goes through the use-case pipeline (scope, policy, audit, one transaction), keeps the transfer's
 * message counts right in the same transaction, and afterwards tells every user whose unhandled count may have
 * changed (`counts.server.ts`). The worklist is `worklist.server.ts`.
 */

function senderOf(ctx: UseCaseContext) {
  const actor = userOf(ctx);
  const name = { first: actor.firstName, last: actor.lastName };
  return { actor, name };
}

const postOffered = (viewer: Viewer, facts: Parameters<typeof messageActions>[1], now: Date) =>
  messageActions(viewer, facts, now).find((a) => a.type === "PostMessage");

/**
 * POST api/core/transfers/{id}/messages {body, recipient}: a new message to one offered recipient type, or (null)
 * to every other party. A recipient the viewer is not offered is a field error.
 */
export async function postMessage(ctx: UseCaseContext, input: unknown): Promise<{ messageId: string }> {
  const data = parse(NewMessageSchema, input);
  const { actor, name } = senderOf(ctx);
  const messageId = crypto.randomUUID();
  let role: MessageRole | null = null;
  await run(ctx, data.transferId, {
    offered: (viewer, facts, now) => {
      role = messageSenderRole(viewer, facts);
      const offered = messageRecipients(viewer, facts);
      if (data.recipient && !offered.includes(data.recipient))
        throw invalid({ recipient: ["domain:messages.recipientNotOffered"] });
      return postOffered(viewer, facts, now);
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "message",
      entityId: messageId,
      action: "postMessage",
      before: null,
      after: { recipient: data.recipient ?? null },
    }),
    write: async (trx, row, at) => {
      await trx
        .insertInto("messages")
        .values({
          id: messageId,
          transfer_id: row.id,
          parent_id: null,
          recipient: data.recipient ?? null,
          sent_by_user_id: actor.viewer.id,
          sent_by_first_name: name.first,
          sent_by_last_name: name.last,
          sent_by_role: senderRole(role),
          body: data.body,
          resolved: 0,
          created_at: at,
          latest_at: at,
        })
        .execute();
      await recount(trx, row.id);
    },
  });
  await publishCounts(ctx.db, ctx.live, data.transferId);
  return { messageId };
}

/** The policy answered the sender's side before the write; a user in scope always has one. */
function senderRole(role: MessageRole | null): MessageRole {
  if (role === null) throw forbidden();
  return role;
}

/**
 * POST api/core/transfers/{id}/messages/{messageId}/reply {body}. The message must be a message (not a reply) of
 * this transfer. A reply by a side that may not handle the message opens it again; the original sender is told by
 * e-mail (job `mail.send`) unless they wrote the reply themselves.
 */
export async function replyToMessage(ctx: UseCaseContext, input: unknown): Promise<{ replyId: string }> {
  const data = parse(ReplySchema, input);
  const { actor, name } = senderOf(ctx);
  const replyId = crypto.randomUUID();
  let reopens = false;
  let role: MessageRole | null = null;
  await run(ctx, data.transferId, {
    offered: (viewer, facts, now) => {
      role = messageSenderRole(viewer, facts);
      const message = facts.messages.find((m) => m.id === data.messageId);
      // A message the viewer may not read is answered like a missing one.
      if (!message || !canReadMessage(viewer, facts, message.id))
        throw invalid({ messageId: ["domain:messages.messageNotFound"] });
      reopens = message.resolved && !canResolveMessage(viewer, facts, message.id);
      return postOffered(viewer, facts, now);
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "message",
      entityId: replyId,
      action: "replyToMessage",
      before: null,
      after: { messageId: data.messageId, reopens },
    }),
    write: async (trx, row, at) => {
      const parent = await trx
        .selectFrom("messages")
        .leftJoin("users", "users.id", "messages.sent_by_user_id")
        .select(["messages.id", "messages.sent_by_user_id", "users.email", "users.status"])
        .where("messages.id", "=", data.messageId)
        .where("messages.transfer_id", "=", row.id)
        .where("messages.parent_id", "is", null)
        .executeTakeFirst();
      if (!parent) throw invalid({ messageId: ["domain:messages.messageNotFound"] });
      await trx
        .insertInto("messages")
        .values({
          id: replyId,
          transfer_id: row.id,
          parent_id: parent.id,
          recipient: null,
          sent_by_user_id: actor.viewer.id,
          sent_by_first_name: name.first,
          sent_by_last_name: name.last,
          sent_by_role: senderRole(role),
          body: data.body,
          resolved: 0,
          created_at: at,
          latest_at: at,
        })
        .execute();
      await trx
        .updateTable("messages")
        .set(
          reopens
            ? { latest_at: at, resolved: 0, resolved_at: null, resolved_by_user_id: null }
            : { latest_at: at },
        )
        .where("id", "=", parent.id)
        .execute();
      await recount(trx, row.id);
      if (parent.email && parent.status === "Active" && parent.sent_by_user_id !== actor.viewer.id) {
        const t = svT();
        await enqueueMail(
          ctx.jobs,
          trx,
          {
            to: parent.email,
            subject: t("review:messages.mail.subject", { object: row.object_number }),
            text: t("review:messages.mail.text", {
              name: actorName(ctx),
              object: row.object_number,
              body: data.body,
            }),
          },
          { transferId: row.id, dedupeKey: `mail:reply:${replyId}`, now: new Date(at) },
        );
      }
    },
  });
  await publishCounts(ctx.db, ctx.live, data.transferId);
  return { replyId };
}

/** PUT api/core/transfers/{id}/messages/{messageId}/resolve and /unresolve: the `Hanterad` checkbox. */
export async function setMessageResolved(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ resolved: boolean }> {
  const data = parse(ResolveSchema, input);
  const { actor } = senderOf(ctx);
  await run(ctx, data.transferId, {
    offered: (viewer, facts) => {
      if (!canReadMessage(viewer, facts, data.messageId))
        throw invalid({ messageId: ["domain:messages.messageNotFound"] });
      if (!canResolveMessage(viewer, facts, data.messageId))
        throw forbidden(data.resolved ? "messages.resolveFailed" : "messages.unresolveFailed");
      return { type: "Resolve", disabled: false, reason: null };
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "message",
      entityId: data.messageId,
      action: data.resolved ? "resolveMessage" : "unresolveMessage",
      before: null,
      after: { resolved: data.resolved },
    }),
    write: async (trx, row, at) => {
      await trx
        .updateTable("messages")
        .set(
          data.resolved
            ? { resolved: 1, resolved_at: at, resolved_by_user_id: actor.viewer.id }
            : { resolved: 0, resolved_at: null, resolved_by_user_id: null },
        )
        .where("id", "=", data.messageId)
        .where("transfer_id", "=", row.id)
        .execute();
      await recount(trx, row.id);
    },
  });
  await publishCounts(ctx.db, ctx.live, data.transferId);
  return { resolved: data.resolved };
}
