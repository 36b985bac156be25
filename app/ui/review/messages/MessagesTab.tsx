import { Form, Link, useActionData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import type { MessageRole } from "~/lib/transfer";
import { MESSAGE_MAX_LENGTH, NewMessageFormSchema, ReplyFormSchema } from "~/schemas/messages";
import type { MessageView, TransferReview } from "~/schemas/transfer-views";
import { ErrorSummary } from "~/ui/error-summary";
import { Checkboxes, TextArea } from "~/ui/forms";
import { ReviewHeader, type ReviewTab } from "~/ui/review/ReviewHeader";
import { useHydrated } from "~/ui/use-hydrated";
import { formPropsTrimmingOnInvalid, lastResultOf, usePageForm } from "~/ui/use-page-form";
import { MESSAGES_CHANGED_EVENT } from "~/islands/MessageCounter";

/**
 * The Meddelanden tab (spec 02 §2.8), for the review side and the private party alike: the messages with
 * their replies, `Nytt meddelande` and `Svara` (each opened as a page state, so they work without JavaScript), and
 * the `Hanterad` checkbox on the messages the server says the viewer may handle (a form of its own, sent at once
 * with JavaScript). A link to `…/messages#{id}` focuses that message.
 */

export interface MessagesTabData {
  review: TransferReview;
  role: "PropertyManager" | "BoardMember";
  basePath: string;
  tabs: ReviewTab[] | null;
  messages: MessageView[];
  /** The messages could not be read: the tab says so in place of the list. */
  messagesFailed?: boolean;
  recipients: MessageRole[];
  canPost: boolean;
  compose: boolean;
  replyTo: string | null;
}

function failedIntent(result: ReturnType<typeof lastResultOf>) {
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  return {
    intent: typeof initial.intent === "string" ? initial.intent : null,
    messageId: typeof initial.messageId === "string" ? initial.messageId : null,
  };
}

export function MessagesTab({ data }: { data: MessagesTabData }) {
  const { review, role, basePath, tabs, messages, recipients, canPost, compose, replyTo } = data;
  const { t } = useTranslation("review");
  const actionData = useActionData();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const lastResult = lastResultOf(actionData);
  const failed = failedIntent(lastResult);
  const [newForm, newFields] = usePageForm(NewMessageFormSchema, {
    id: "new-message",
    lastResult: failed.intent === "newMessage" ? lastResult : undefined,
    defaultValue: recipients.length > 1 ? { recipients: [recipients[0]] } : undefined,
  });
  const replying = failed.intent === "reply" ? failed.messageId : replyTo;
  const [replyForm, replyFields] = usePageForm(ReplyFormSchema, {
    id: "reply",
    lastResult: failed.intent === "reply" ? lastResult : undefined,
  });
  const composing = canPost && (compose || failed.intent === "newMessage");
  const here = `${basePath}/messages`;
  useFocusAnchor();
  useEffect(() => {
    // The header's counter hears the live channel; a change of counts may be a message on this transfer.
    const refresh = () => {
      if (revalidator.state === "idle" && navigation.state === "idle") revalidator.revalidate();
    };
    window.addEventListener(MESSAGES_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(MESSAGES_CHANGED_EVENT, refresh);
  }, [revalidator, navigation.state]);

  return (
    <div className="page page--wide review">
      {failed.intent === "reply" ? (
        <ErrorSummary form={replyForm} order={["body"]} />
      ) : (
        <ErrorSummary form={newForm} order={["recipients", "body"]} />
      )}
      <ReviewHeader
        review={review}
        role={role}
        current="messages"
        basePath={basePath}
        tabs={tabs ?? undefined}
      />
      <section aria-labelledby="messages-title" className="messages">
        <h2 id="messages-title">{t("messages.title")}</h2>
        {!canPost ? (
          <p className="notice" role="note">
            {t("messages.closed")}
          </p>
        ) : composing ? null : (
          <p>
            <Link className="button" to="?nytt#nytt-meddelande" preventScrollReset>
              {t("messages.new")}
            </Link>
          </p>
        )}
        {composing ? (
          <section aria-labelledby="nytt-meddelande" className="message-form">
            <h3 id="nytt-meddelande">{t("messages.new")}</h3>
            <div className="notice" role="note">
              <h4>{t("messages.hint.title")}</h4>
              <ul>
                <li>{t("messages.hint.recipients")}</li>
                <li>{t("messages.hint.notified")}</li>
                <li>{t("messages.hint.noChanges")}</li>
              </ul>
            </div>
            <Form
              method="post"
              action={here}
              {...formPropsTrimmingOnInvalid(newForm, ["body"])}
              aria-labelledby="nytt-meddelande"
            >
              <input type="hidden" name="intent" value="newMessage" />
              {recipients.length > 1 ? (
                <Checkboxes
                  field={newFields.recipients}
                  label={t("messages.recipients")}
                  options={recipients.map((r) => ({ value: r, label: t(`messages.role.${r}`) }))}
                />
              ) : null}
              <TextArea
                field={newFields.body}
                label={t("messages.body")}
                rows={6}
                maxLength={MESSAGE_MAX_LENGTH}
              />
              <div className="button-group">
                <button type="submit" className="button" aria-disabled={busy || undefined}>
                  {t("messages.send")}
                </button>
                <Link to={here} className="button button--secondary">
                  {t("messages.cancel")}
                </Link>
              </div>
            </Form>
          </section>
        ) : null}
        {data.messagesFailed ? (
          <p className="notice notice--error" role="alert">
            {t("messages.fetchFailed")}
          </p>
        ) : messages.length === 0 ? (
          <p>{t("messages.empty")}</p>
        ) : (
          <ol className="message-list">
            {messages.map((m) => (
              <li key={m.id}>
                <Message message={m} here={here} canPost={canPost} busy={busy}>
                  {canPost && replying === m.id ? (
                    <Form
                      method="post"
                      action={here}
                      {...formPropsTrimmingOnInvalid(replyForm, ["body"])}
                      className="reply-form"
                      aria-label={t("messages.replyTo", { name: senderName(m.sentBy) })}
                    >
                      <input type="hidden" name="intent" value="reply" />
                      <input type="hidden" name="messageId" value={m.id} />
                      <TextArea
                        field={replyFields.body}
                        label={t("messages.reply")}
                        rows={4}
                        maxLength={MESSAGE_MAX_LENGTH}
                      />
                      <div className="button-group">
                        <button type="submit" className="button" aria-disabled={busy || undefined}>
                          {t("messages.sendReply")}
                        </button>
                        <Link to={`${here}#${m.id}`} className="button button--secondary">
                          {t("messages.cancel")}
                        </Link>
                      </div>
                    </Form>
                  ) : canPost ? (
                    <p>
                      <Link to={`?svara=${encodeURIComponent(m.id)}#svar-${m.id}`} preventScrollReset>
                        {t("messages.replyLink")}
                        <span className="visually-hidden">
                          {" "}
                          {t("messages.replyTo", { name: senderName(m.sentBy) })}
                        </span>
                      </Link>
                    </p>
                  ) : null}
                </Message>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

const senderName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();

function Message({
  message: m,
  here,
  busy,
  children,
}: {
  message: MessageView;
  here: string;
  canPost: boolean;
  busy: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("review");
  const hydrated = useHydrated();
  return (
    <article id={m.id} tabIndex={-1} className="message" aria-labelledby={`${m.id}-from`}>
      <header className="message__header">
        <h3 id={`${m.id}-from`}>
          {senderName(m.sentBy)} <span className="muted">({t(`messages.role.${m.sentBy.role}`)})</span>
        </h3>
        <p className="muted">
          {t("messages.to", {
            recipient: m.recipient ? t(`messages.role.${m.recipient}`) : t("messages.allParties"),
          })}{" "}
          · <time dateTime={m.sentBy.when}>{formatDateTime(m.sentBy.when)}</time>
        </p>
        <p>
          <strong className="tag">{m.resolved ? t("messages.handled") : t("messages.unhandled")}</strong>
        </p>
      </header>
      <div className="message__body">{m.body}</div>
      {m.replies.length > 0 ? (
        <ul className="message__replies" aria-label={t("messages.replies", { count: m.replies.length })}>
          {m.replies.map((r) => (
            <li key={r.id} id={r.id} className="message message--reply">
              <p className="message__from">
                <strong>{senderName(r.sentBy)}</strong> ({t(`messages.role.${r.sentBy.role}`)}) ·{" "}
                <time dateTime={r.sentBy.when}>{formatDateTime(r.sentBy.when)}</time>
              </p>
              <div className="message__body">{r.body}</div>
            </li>
          ))}
        </ul>
      ) : null}
      <div id={`svar-${m.id}`}>{children}</div>
      {m.canResolve ? (
        <Form method="post" action={here} className="resolve-form" key={`${m.id}-${m.resolved}`}>
          <input type="hidden" name="intent" value="resolve" />
          <input type="hidden" name="messageId" value={m.id} />
          <div className="checkbox">
            <input
              type="checkbox"
              id={`hanterad-${m.id}`}
              name="resolved"
              value="on"
              defaultChecked={m.resolved}
              onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
            />
            <label htmlFor={`hanterad-${m.id}`}>
              {t("messages.handled")}
              <span className="visually-hidden">
                {" "}
                {t("messages.messageFrom", { name: senderName(m.sentBy) })}
              </span>
            </label>
          </div>
          {hydrated ? null : (
            <button
              type="submit"
              className="button button--secondary button--small"
              aria-disabled={busy || undefined}
            >
              {t("messages.saveHandled")}
              <span className="visually-hidden">
                {" "}
                {t("messages.messageFrom", { name: senderName(m.sentBy) })}
              </span>
            </button>
          )}
        </Form>
      ) : null}
    </article>
  );
}

/** With JavaScript, `#{messageId}` in the address moves focus to that message (the browser only scrolls). */
function useFocusAnchor() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    const element = document.getElementById(id);
    if (element instanceof HTMLElement && element.classList.contains("message")) {
      element.focus();
      element.scrollIntoView({ block: "start" });
    }
  }, [location.hash, location.key]);
}
