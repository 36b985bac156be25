import { json } from "@remix-run/node";
import { NewMessageFormSchema, ReplyFormSchema, ResolveFormSchema } from "~/schemas/messages";
import type { MessageRole } from "~/lib/transfer";
import { postMessage, replyToMessage, setMessageResolved } from "../domain/messages/messages.server";
import { listMessages, messageRecipientsOf } from "../domain/messages/views.server";
import { getT, svT } from "../platform/i18n.server";
import { getLog } from "../platform/log.server";
import { formError, handleIntent, parseForm, readPageForm } from "./forms.server";
import {
  notFoundPage,
  reviewNavigation,
  reviewOf,
  reviewPage,
  reviewPath,
  type ReviewSide,
} from "./review-page.server";
import { refuse, replyForm, toastBack } from "./refusal.server";
import { redirectWithToast } from "./toast.server";

/**
 * The Meddelanden tab's server half (spec 02 §2.8), shared by the review side (/transfers/{id}/messages)
 * and the private party's (/transfers/private/{id}/messages): the messages with replies, the recipients the viewer
 * may choose, and the action's three forms (newMessage, reply, resolve). The domain checks each again.
 */

export async function messagesTabLoader(request: Request, transferId: string, side: ReviewSide) {
  const page = await reviewPage(request, side);
  const t = await getT(request, "review");
  const now = new Date();
  const ctx = { db: page.db, viewer: page.viewer, now, t: svT() };
  const [review, recipients] = await Promise.all([
    reviewOf(page, transferId, "messages", now),
    messageRecipientsOf(ctx, transferId),
  ]);
  if (!recipients) throw notFoundPage();
  const read = await readMessages(ctx, transferId);
  if (read === null) throw notFoundPage();
  const messages = read === "failed" ? [] : read;
  const search = new URL(request.url).searchParams;
  const replyTo = search.get("svara");
  return json(
    {
      title: t("messages.title"),
      review,
      role: page.user.role,
      side,
      ...reviewNavigation(side, review.id),
      messages,
      // Spec 02 §8 `Kunde inte hämta meddelanden`: the tab stays, with its forms, and says so in place of the list.
      messagesFailed: read === "failed",
      recipients,
      canPost: review.canPostMessage,
      // The `Nytt meddelande` button opens the form as a page state, which works without JavaScript.
      compose: search.has("nytt"),
      replyTo: replyTo && messages.some((m) => m.id === replyTo) ? replyTo : null,
    },
    // Our own failure is a 500, not a service away (403 and 503 lead to /unavailable, spec 01 §8).
    { status: read === "failed" ? 500 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

/** The messages, null for a transfer not in view, or "failed" when they could not be read (logged). */
async function readMessages(ctx: Parameters<typeof listMessages>[0], transferId: string) {
  try {
    return await listMessages(ctx, transferId);
  } catch (error) {
    getLog().error({ err: error }, "the messages of a transfer could not be read");
    return "failed" as const;
  }
}

/** Spec 02 §5: a message body is trimmed on invalid submit; trimmed before parsing, the reply shows it trimmed. */
function trimBody(form: FormData) {
  const body = form.get("body");
  if (typeof body === "string") form.set("body", body.trim());
}

export async function messagesTabAction(request: Request, transferId: string, side: ReviewSide) {
  const { viewer, context: ctx } = await reviewPage(request, side);
  const form = await readPageForm(request);
  const here = reviewPath(side, transferId, "messages");
  const refused = { notFound: "page", otherwise: toastBack(request, here) } as const;

  return handleIntent(form, {
    newMessage: async () => {
      trimBody(form);
      const submission = parseForm(form, NewMessageFormSchema);
      if (submission.status !== "success") return formError(submission);
      const offered = await messageRecipientsOf(
        { db: ctx.db, viewer, now: new Date(), t: svT() },
        transferId,
      );
      if (!offered) throw notFoundPage();
      const chosen = submission.value.recipients ?? [];
      if (offered.length > 1 && chosen.length === 0)
        return formError(submission, { formErrors: ["domain:messages.recipientRequired"] });
      if (chosen.some((r) => !offered.includes(r)))
        return formError(submission, { formErrors: ["domain:messages.recipientNotOffered"] });
      // One offered type: that one. Every offered type ticked: one message to all other parties.
      const targets: Array<MessageRole | null> =
        offered.length === 1
          ? [offered[0]!]
          : chosen.length === offered.length
            ? [null]
            : [...new Set(chosen)];
      let messageId = "";
      try {
        for (const recipient of targets) {
          ({ messageId } = await postMessage(ctx, { transferId, body: submission.value.body, recipient }));
        }
      } catch (error) {
        return refuse(error, { ...refused, validation: replyForm(submission) });
      }
      return redirectWithToast(
        `${here}#${encodeURIComponent(messageId)}`,
        { key: "review:messages.toast.sent" },
        { request },
      );
    },
    reply: async () => {
      trimBody(form);
      const submission = parseForm(form, ReplyFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { messageId, body } = submission.value;
      try {
        await replyToMessage(ctx, { transferId, messageId, body });
      } catch (error) {
        return refuse(error, { ...refused, validation: replyForm(submission) });
      }
      return redirectWithToast(
        `${here}#${encodeURIComponent(messageId)}`,
        { key: "review:messages.toast.replied" },
        { request },
      );
    },
    resolve: async () => {
      const submission = parseForm(form, ResolveFormSchema);
      if (submission.status !== "success") return formError(submission);
      const resolved = submission.value.resolved === "on";
      const { messageId } = submission.value;
      const to = `${here}#${encodeURIComponent(messageId)}`;
      try {
        await setMessageResolved(ctx, { transferId, messageId, resolved });
      } catch (error) {
        return refuse(error, {
          notFound: "page",
          otherwise: () =>
            redirectWithToast(
              to,
              {
                key: resolved
                  ? "review:messages.toast.resolveFailed"
                  : "review:messages.toast.unresolveFailed",
                type: "error",
              },
              { request },
            ),
        });
      }
      return redirectWithToast(
        to,
        { key: resolved ? "review:messages.toast.resolved" : "review:messages.toast.unresolved" },
        { request },
      );
    },
  });
}
