import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { formatPersonnummer } from "~/lib/personnummer";
import { MESSAGE_MAX_LENGTH } from "~/schemas/messages";
import { NewSupplementFormSchema, RejectAnswerFormSchema } from "~/schemas/supplements";
import type { SupplementView, TransferReview } from "~/schemas/transfer-views";
import { ConfirmPanel } from "~/ui/ConfirmPanel";
import { ErrorSummary, replyForm, useMessage } from "~/ui/error-summary";
import { TextArea } from "~/ui/forms";
import { ReviewHeader, type ReviewTab } from "~/ui/review/ReviewHeader";
import { useHydrated } from "~/ui/use-hydrated";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * The Kompletteringar tab (spec 02 §2.7; issue 18 items 1-2), for the review side and the private party alike. Every
 * control is a link or a form post, so the tab works without JavaScript: `Ny komplettering` is a two-step form (type
 * and person, then the message; with JavaScript the message opens as soon as they are chosen), the e-mail preview is
 * a step of the same form, and each question (cancel, `Ja, ersätt`, the rejection's reason) is a page state. Further
 * sections (agreement change requests) render in the `extraSections` slot.
 */

type Action = { type: string; disabled: boolean; disabledReason: string | null };

export interface AdditionalsTabData {
  review: TransferReview;
  role: "PropertyManager" | "BoardMember";
  side: "review" | "private";
  basePath: string;
  tabs: ReviewTab[] | null;
  supplements: SupplementView[];
  newRequest: {
    disabled: boolean;
    disabledReason: string | null;
    open: boolean;
    types: Array<{ value: string; label: string; personTypes: string[]; template: string }>;
    persons: Array<{ id: string; personType: string; name: string }>;
    chosen: { category: string | null; personId: string | null };
    ready: boolean;
    message: string;
  } | null;
  cancelling: string | null;
  replacing: string | null;
  rejecting: string | null;
}

interface Preview {
  subject: string;
  header: string;
  message: string;
  footer: string;
}

const NEW_FORM = "new-supplement";
const NEW_INTENTS = ["create", "preview", "choose"];

/** Which form a failed post came from, by its intent and request (so its errors show there and in the summary). */
function failedOf(result: ReturnType<typeof lastResultOf>) {
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  const intent = typeof initial.intent === "string" ? initial.intent : null;
  const requestId = typeof initial.requestId === "string" ? initial.requestId : null;
  let formId: string | null = null;
  if (intent && NEW_INTENTS.includes(intent)) formId = NEW_FORM;
  else if (requestId && intent) {
    if (["saveGuarantors", "addGuarantor", "removeGuarantor"].includes(intent))
      formId = `guarantors-${requestId}`;
    else if (intent === "uploadDocument") formId = `upload-${requestId}`;
    else if (intent === "reject") formId = `reject-${requestId}`;
    else formId = `answer-${requestId}`;
  }
  return { intent, requestId, formId };
}

export function AdditionalsTab({
  data,
  extraSections,
}: {
  data: AdditionalsTabData;
  /** Composition slot: further sections of the tab (agreement change requests, issue 18 item 3). */
  extraSections?: ReactNode;
}) {
  const { review, role, basePath, tabs, supplements, newRequest } = data;
  const { t } = useTranslation("review");
  const actionData = useActionData() as { preview?: Preview } | undefined;
  const lastResult = lastResultOf(actionData);
  const failed = failedOf(lastResult);
  const here = `${basePath}/additionals`;
  const busy = useNavigation().state !== "idle";
  const preview = actionData?.preview ?? null;
  const composing =
    newRequest !== null &&
    !newRequest.disabled &&
    (newRequest.open || failed.formId === NEW_FORM || preview !== null);

  return (
    <div className="page page--wide review">
      {/* Every form here is checked by the server (one reply, one summary), also with JavaScript. */}
      {failed.formId ? (
        <ErrorSummary
          form={replyForm(failed.formId, lastResult)}
          order={["category", "personId", "message", "file", "reason"]}
        />
      ) : null}
      <ReviewHeader
        review={review}
        role={role}
        current="additionals"
        basePath={basePath}
        tabs={tabs ?? undefined}
      />
      <section aria-labelledby="additionals-title" className="additionals">
        <h2 id="additionals-title">{t("additionals.title")}</h2>
        {newRequest ? (
          newRequest.disabled ? (
            <p className="notice" role="note">
              {newRequest.disabledReason ?? t("additionals.decisionMade")}
            </p>
          ) : composing ? (
            <>
              {preview ? <MailPreview preview={preview} /> : null}
              <NewRequestForm
                data={newRequest}
                here={here}
                busy={busy}
                lastResult={failed.formId === NEW_FORM ? lastResult : undefined}
              />
            </>
          ) : (
            <p>
              <Link className="button" to="?ny#ny-komplettering" preventScrollReset>
                {t("additionals.new")}
              </Link>
            </p>
          )
        ) : null}
        {extraSections}
        <h3 id="requests-title" className="visually-hidden">
          {t("additionals.requestsTitle")}
        </h3>
        {supplements.length === 0 ? (
          <p>{t("additionals.empty")}</p>
        ) : (
          <ol className="supplement-list" aria-labelledby="requests-title">
            {supplements.map((s) => (
              <li key={s.id}>
                <RequestItem
                  s={s}
                  data={data}
                  here={here}
                  busy={busy}
                  lastResult={failed.requestId === s.id ? lastResult : undefined}
                  failedIntent={failed.requestId === s.id ? failed.intent : null}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function MailPreview({ preview }: { preview: Preview }) {
  const { t } = useTranslation("review");
  return (
    <section
      className="mail-preview"
      aria-labelledby="mail-preview-title"
      tabIndex={-1}
      id="forhandsgranskning"
    >
      <h3 id="mail-preview-title">{t("additionals.preview")}</h3>
      <p>
        <strong>{t("additionals.previewSubject")}:</strong> {preview.subject}
      </p>
      <div className="mail-preview__body">
        <p className="preline">{preview.header}</p>
        <p className="preline">{preview.message}</p>
        <p className="preline">{preview.footer}</p>
      </div>
      <p>
        <a href="#ny-komplettering">{t("additionals.previewBack")}</a>
      </p>
    </section>
  );
}

function NewRequestForm({
  data,
  here,
  busy,
  lastResult,
}: {
  data: NonNullable<AdditionalsTabData["newRequest"]>;
  here: string;
  busy: boolean;
  lastResult: ReturnType<typeof lastResultOf>;
}) {
  const { t } = useTranslation("review");
  const message = useMessage();
  const hydrated = useHydrated();
  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  const [category, setCategory] = useState<string | null>(str(typed.category) ?? data.chosen.category);
  const type = data.types.find((ty) => ty.value === category) ?? null;
  const matching = type ? data.persons.filter((p) => type.personTypes.includes(p.personType)) : [];
  const initialPerson = str(typed.personId) ?? data.chosen.personId;
  const [personId, setPersonId] = useState<string | null>(initialPerson);
  const person = matching.find((p) => p.id === personId) ?? (matching.length === 1 ? matching[0]! : null);
  const needsPerson = type !== null && type.personTypes.length > 0;
  const ready = type !== null && (!needsPerson || person !== null);
  const [form, fields] = usePageForm(NewSupplementFormSchema, {
    id: NEW_FORM,
    lastResult,
    defaultValue: { category: category ?? "", personId: person?.id ?? "", message: data.message },
  });
  const template = ready ? type.template.replaceAll("{fullName}", person?.name ?? "") : "";
  // Typed text survives a failed post; otherwise the message starts from the chosen type's template.
  const startMessage =
    typeof typed.message === "string" &&
    typed.category === category &&
    (typed.personId ?? "") === (person?.id ?? "")
      ? typed.message
      : hydrated
        ? template
        : data.message;
  const errorOf = (field: { errors?: string[] }) => field.errors?.[0];
  const messageHintId = `${fields.message.id}-hint`;

  return (
    <section aria-labelledby="ny-komplettering" className="supplement-form">
      <h3 id="ny-komplettering">{t("additionals.new")}</h3>
      <p>{t("additionals.newIntro")}</p>
      <Form method="post" action={here} id={form.id} noValidate aria-labelledby="ny-komplettering">
        <div className={`field${errorOf(fields.category) ? " field--error" : ""}`}>
          <label htmlFor={fields.category.id} className="field__label">
            {t("additionals.type")}
          </label>
          {errorOf(fields.category) ? (
            <p id={fields.category.errorId} className="field__error">
              {message(errorOf(fields.category)!)}
            </p>
          ) : null}
          <select
            id={fields.category.id}
            name={fields.category.name}
            className="field__input field__select"
            value={category ?? ""}
            onChange={(e) => {
              setCategory(e.currentTarget.value || null);
              setPersonId(null);
            }}
            aria-invalid={errorOf(fields.category) ? true : undefined}
            aria-describedby={errorOf(fields.category) ? fields.category.errorId : undefined}
          >
            <option value="">{t("additionals.typePlaceholder")}</option>
            {data.types.map((ty) => (
              <option key={ty.value} value={ty.value}>
                {ty.label}
              </option>
            ))}
          </select>
        </div>
        {needsPerson ? (
          <div className={`field${errorOf(fields.personId) ? " field--error" : ""}`}>
            <label htmlFor={fields.personId.id} className="field__label">
              {t("additionals.person")}
            </label>
            {errorOf(fields.personId) ? (
              <p id={fields.personId.errorId} className="field__error">
                {message(errorOf(fields.personId)!)}
              </p>
            ) : null}
            <select
              id={fields.personId.id}
              name={fields.personId.name}
              className="field__input field__select"
              value={person?.id ?? ""}
              onChange={(e) => setPersonId(e.currentTarget.value || null)}
              aria-invalid={errorOf(fields.personId) ? true : undefined}
              aria-describedby={errorOf(fields.personId) ? fields.personId.errorId : undefined}
            >
              <option value="">{t("additionals.personPlaceholder")}</option>
              {matching.map((p) => (
                <option key={p.id} value={p.id}>
                  {t("additionals.personOption", {
                    name: p.name,
                    type: t(`additionals.personType.${p.personType}`),
                  })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {hydrated ? null : (
          <p>
            <button type="submit" name="intent" value="choose" className="button button--secondary">
              {t("additionals.choose")}
            </button>
          </p>
        )}
        <div className={`field${errorOf(fields.message) ? " field--error" : ""}`}>
          <label htmlFor={fields.message.id} className="field__label">
            {t("additionals.message")}
          </label>
          {ready ? null : (
            <div id={messageHintId} className="field__hint">
              {t("additionals.messageDisabledHint")}
            </div>
          )}
          {errorOf(fields.message) ? (
            <p id={fields.message.errorId} className="field__error">
              {message(errorOf(fields.message)!)}
            </p>
          ) : null}
          <textarea
            key={`${category}:${person?.id ?? ""}`}
            id={fields.message.id}
            name={fields.message.name}
            rows={6}
            className="field__input"
            defaultValue={ready ? startMessage : ""}
            disabled={!ready}
            aria-invalid={errorOf(fields.message) ? true : undefined}
            aria-describedby={
              [ready ? null : messageHintId, errorOf(fields.message) ? fields.message.errorId : null]
                .filter(Boolean)
                .join(" ") || undefined
            }
            data-max-length={MESSAGE_MAX_LENGTH}
          />
        </div>
        <div className="button-group">
          <button
            type="submit"
            name="intent"
            value="create"
            className="button"
            disabled={!ready}
            aria-disabled={busy || undefined}
          >
            {t("additionals.create")}
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            className="button button--secondary"
            disabled={!ready}
          >
            {t("additionals.preview")}
          </button>
          <Link to={here} className="button button--secondary">
            {t("additionals.cancelNew")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

const offered = (actions: Action[], type: string) => actions.find((a) => a.type === type) ?? null;

function DisabledReason({ action }: { action: Action | null }) {
  const { t } = useTranslation("review");
  if (!action?.disabled) return null;
  return (
    <p className="muted">
      {t("additionals.request.disabledBecause", { reason: action.disabledReason ?? "" })}
    </p>
  );
}

function RequestItem({
  s,
  data,
  here,
  busy,
  lastResult,
  failedIntent,
}: {
  s: SupplementView;
  data: AdditionalsTabData;
  here: string;
  busy: boolean;
  lastResult: ReturnType<typeof lastResultOf>;
  failedIntent: string | null;
}) {
  const { t } = useTranslation("review");
  const { t: tt } = useTranslation("transfer");
  const id = `komplettering-${s.id}`;
  const cancel = offered(s.actions, "Cancel");
  const forward = offered(s.actions, "Forward");
  const answerAction = offered(s.actions, "Answer");
  const answer = s.answer;
  const handle = answer ? offered(answer.actions, "Handle") : null;
  const back = `${here}#${id}`;
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="supplement" tabIndex={-1}>
      <h3 id={`${id}-title`}>
        {tt(`category.${s.category}`)}
        {s.name ? ` – ${s.name}` : ""}
      </h3>
      <dl className="facts">
        <div>
          <dt>{t("additionals.request.status")}</dt>
          <dd>{t(`additionals.request.statusValue.${s.status}`)}</dd>
        </div>
        <div>
          <dt>{t("additionals.request.created")}</dt>
          <dd>{formatDateTime(s.created)}</dd>
        </div>
        <div>
          <dt>{t("additionals.request.createdBy")}</dt>
          <dd>{s.createdBy}</dd>
        </div>
      </dl>
      <p className="preline">{s.message}</p>
      {s.forwarded ? <p>{t("additionals.request.forwarded")}</p> : null}

      {data.cancelling === s.id && cancel && !cancel.disabled ? (
        <ConfirmPanel
          id={`${id}-avbryt`}
          level={3}
          title={t("additionals.request.cancelConfirmTitle")}
          text={s.message}
          fields={{ intent: "cancel", requestId: s.id, confirmed: "yes" }}
          yes={t("additionals.request.cancelConfirm")}
          no={t("additionals.request.keep")}
          back={back}
          busy={busy}
        />
      ) : cancel || forward ? (
        <div className="button-row">
          {forward ? (
            <Form method="post" action={here} replace>
              <input type="hidden" name="intent" value="forward" />
              <input type="hidden" name="requestId" value={s.id} />
              <input type="hidden" name="forwarded" value={s.forwarded ? "false" : "true"} />
              <button type="submit" className="button button--secondary" disabled={forward.disabled}>
                {s.forwarded
                  ? t("additionals.request.unmarkForwarded")
                  : t("additionals.request.markForwarded")}
              </button>
            </Form>
          ) : null}
          {cancel ? (
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="requestId" value={s.id} />
              <button type="submit" className="button button--warning" disabled={cancel.disabled}>
                {t("additionals.request.cancel")}
              </button>
            </Form>
          ) : null}
          <DisabledReason action={cancel ?? forward} />
        </div>
      ) : null}

      <div className="supplement__answer">
        <h4 id={`${id}-answer`}>{t("additionals.answer.heading")}</h4>
        {answer && answer.status !== "Draft" ? (
          <AnswerFacts answer={answer} />
        ) : answerAction ? null : (
          <p>{t("additionals.answer.none")}</p>
        )}
        {answer?.status === "Rejected" && data.side === "private" ? (
          <p className="notice" role="note">
            {t("additionals.answer.rejected")}
          </p>
        ) : null}
        {handle ? (
          data.replacing === s.id && !handle.disabled ? (
            <ConfirmPanel
              id={`${id}-ersatt`}
              level={3}
              title={t("additionals.answer.replaceTitle")}
              text={[
                answer?.hasConflictingDocument
                  ? t("additionals.answer.replaceDocument", { category: tt(`category.${s.category}`) })
                  : "",
                answer?.hasConflictingGuarantor ? t("additionals.answer.replaceGuarantors") : "",
              ]
                .filter(Boolean)
                .join(" ")}
              fields={{ intent: "accept", requestId: s.id, confirmed: "yes" }}
              yes={t("additionals.answer.replaceConfirm")}
              no={t("additionals.answer.cancel")}
              back={back}
              busy={busy}
            />
          ) : data.rejecting === s.id || failedIntent === "reject" ? (
            <RejectForm requestId={s.id} here={here} back={back} busy={busy} lastResult={lastResult} />
          ) : (
            <div className="button-row">
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="requestId" value={s.id} />
                <button type="submit" className="button" disabled={handle.disabled}>
                  {t("additionals.answer.accept")}
                </button>
              </Form>
              {handle.disabled ? null : (
                <Link
                  className="button button--secondary"
                  to={`?neka=${encodeURIComponent(s.id)}#${id}-neka`}
                  preventScrollReset
                >
                  {t("additionals.answer.reject")}
                </Link>
              )}
              <DisabledReason action={handle} />
            </div>
          )
        ) : null}
        {answerAction ? (
          <AnswerForms
            s={s}
            action={answerAction}
            here={here}
            busy={busy}
            lastResult={lastResult}
            failedIntent={failedIntent}
          />
        ) : null}
      </div>
    </article>
  );
}

function AnswerFacts({ answer }: { answer: NonNullable<SupplementView["answer"]> }) {
  const { t } = useTranslation("review");
  return (
    <>
      <p>
        <strong>{t(`additionals.answer.status.${answer.status}`)}</strong>
        {answer.answeredBy && answer.answered ? (
          <>
            {" "}
            ·{" "}
            {t("additionals.answer.answeredBy", {
              name: answer.answeredBy,
              date: formatDateTime(answer.answered),
            })}
          </>
        ) : null}
        {answer.handledBy && answer.handled ? (
          <>
            {" "}
            ·{" "}
            {t("additionals.answer.handledBy", {
              name: answer.handledBy,
              date: formatDateTime(answer.handled),
            })}
          </>
        ) : null}
      </p>
      {answer.rejectReason ? (
        <p>{t("additionals.answer.rejectReason", { reason: answer.rejectReason })}</p>
      ) : null}
      {answer.transferDocument ? (
        <p>
          {t("additionals.answer.document")}: {answer.transferDocument.fileName}
        </p>
      ) : null}
      {answer.guarantors.length > 0 ? (
        <>
          <p>{t("additionals.answer.guarantors")}:</p>
          <ul>
            {answer.guarantors.map((g) => (
              <li key={g.id}>
                {`${g.firstName} ${g.lastName}`.trim()}, {shownIdentifier(g.identifier.value)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

const shownIdentifier = (value: string) => (/^\d{12}$/.test(value) ? formatPersonnummer(value) : value);

function RejectForm({
  requestId,
  here,
  back,
  busy,
  lastResult,
}: {
  requestId: string;
  here: string;
  back: string;
  busy: boolean;
  lastResult: ReturnType<typeof lastResultOf>;
}) {
  const { t } = useTranslation("review");
  const id = `komplettering-${requestId}-neka`;
  const [form, fields] = usePageForm(RejectAnswerFormSchema, { id: `reject-${requestId}`, lastResult });
  return (
    <div className="confirm-panel" id={id} role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t("additionals.answer.rejectTitle")}</h4>
      <Form method="post" action={here} id={form.id} noValidate>
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="requestId" value={requestId} />
        <TextArea field={fields.reason} label={t("additionals.answer.reason")} rows={3} />
        <div className="button-row">
          <button type="submit" className="button button--warning" aria-disabled={busy || undefined}>
            {t("additionals.answer.rejectSubmit")}
          </button>
          <Link to={back} className="button button--secondary">
            {t("additionals.answer.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** The answering party's draft: the one document, the guarantors of a personal guarantee, and `Skicka svar`. */
function AnswerForms({
  s,
  action,
  here,
  busy,
  lastResult,
  failedIntent,
}: {
  s: SupplementView;
  action: Action;
  here: string;
  busy: boolean;
  lastResult: ReturnType<typeof lastResultOf>;
  failedIntent: string | null;
}) {
  const { t } = useTranslation("review");
  const message = useMessage();
  const document = s.answer?.transferDocument ?? null;
  const uploadError = failedIntent === "uploadDocument" ? lastResult?.error?.file?.[0] : undefined;
  const formError = lastResult?.error?.[""]?.[0];
  const uploadId = `upload-${s.id}`;
  const guarantee = s.category === "PersonalGuarantee";
  if (action.disabled) return <DisabledReason action={action} />;
  return (
    <>
      {formError && failedIntent === "submit" ? (
        <p className="field__error" id={`answer-${s.id}-error`}>
          {message(formError)}
        </p>
      ) : null}
      {document ? (
        <div className="button-row">
          <p>
            {t("additionals.answer.document")}: {document.fileName} (
            {t(`additionals.answer.documentStatus.${document.status}`)})
          </p>
          {document.status === "UploadVerified" ? null : (
            <p className="muted">{t("additionals.answer.pendingHint")}</p>
          )}
          <Form method="post" action={here}>
            <input type="hidden" name="intent" value="removeDocument" />
            <input type="hidden" name="requestId" value={s.id} />
            <button type="submit" className="button button--secondary">
              {t("additionals.answer.removeDocument")}
              <span className="visually-hidden"> {document.fileName}</span>
            </button>
          </Form>
        </div>
      ) : (
        <Form
          method="post"
          action={here}
          encType="multipart/form-data"
          id={uploadId}
          aria-label={t("additionals.answer.upload")}
        >
          <input type="hidden" name="intent" value="uploadDocument" />
          <input type="hidden" name="requestId" value={s.id} />
          <div className={`field${uploadError ? " field--error" : ""}`}>
            <label htmlFor={`${uploadId}-file`} className="field__label">
              {t("additionals.answer.file")}
            </label>
            <div id={`${uploadId}-file-hint`} className="field__hint">
              {t("additionals.answer.fileHint")}
            </div>
            {uploadError ? (
              <p id={`${uploadId}-file-error`} className="field__error">
                {message(uploadError)}
              </p>
            ) : null}
            <input
              id={`${uploadId}-file`}
              name="file"
              type="file"
              accept="application/pdf,.pdf"
              className="field__file"
              aria-invalid={uploadError ? true : undefined}
              aria-describedby={[`${uploadId}-file-hint`, uploadError ? `${uploadId}-file-error` : null]
                .filter(Boolean)
                .join(" ")}
            />
          </div>
          <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
            {t("additionals.answer.upload")}
          </button>
        </Form>
      )}
      {guarantee ? (
        <GuarantorsForm
          s={s}
          here={here}
          lastResult={
            failedIntent?.endsWith("Guarantor") || failedIntent === "saveGuarantors" ? lastResult : undefined
          }
        />
      ) : null}
      <Form method="post" action={here}>
        <input type="hidden" name="intent" value="submit" />
        <input type="hidden" name="requestId" value={s.id} />
        {s.validToSubmit ? null : (
          <p className="muted" id={`answer-${s.id}-hint`}>
            {t("additionals.answer.notValidYet", {
              guarantors: guarantee ? t("additionals.answer.notValidGuarantors") : "",
            })}
          </p>
        )}
        <button
          type="submit"
          className="button"
          disabled={!s.validToSubmit}
          aria-describedby={s.validToSubmit ? undefined : `answer-${s.id}-hint`}
        >
          {t("additionals.answer.submit")}
        </button>
      </Form>
    </>
  );
}

/**
 * The guarantors of a personal guarantee, saved as typed; the server's validation result shows per guarantor (the
 * first two messages, the rest as `+N`). Removing is offered when there is more than one; the last one is reset.
 */
function GuarantorsForm({
  s,
  here,
  lastResult,
}: {
  s: SupplementView;
  here: string;
  lastResult: ReturnType<typeof lastResultOf>;
}) {
  const { t } = useTranslation("review");
  const message = useMessage();
  const formId = `guarantors-${s.id}`;
  const typed = (lastResult?.initialValue as { guarantors?: Array<Record<string, string>> } | undefined)
    ?.guarantors;
  const stored = s.answer?.guarantors ?? [];
  const rows =
    typed ??
    (stored.length > 0
      ? stored.map((g) => ({
          id: g.id,
          identifier: shownIdentifier(g.identifier.value),
          firstName: g.firstName,
          lastName: g.lastName,
        }))
      : [{ id: "", identifier: "", firstName: "", lastName: "" }]);
  const formErrors = lastResult?.error?.[""] ?? lastResult?.error?.guarantors ?? [];
  return (
    <Form
      method="post"
      action={here}
      id={formId}
      aria-labelledby={`${formId}-title`}
      className="guarantors-form"
    >
      <h5 id={`${formId}-title`}>{t("additionals.answer.guarantors")}</h5>
      {formErrors.length > 0 ? (
        <p className="field__error" id={formId}>
          {message(formErrors[0]!)}
        </p>
      ) : null}
      <input type="hidden" name="requestId" value={s.id} />
      {/* Enter in a field saves: the first submit button of the form. */}
      <button
        type="submit"
        name="intent"
        value="saveGuarantors"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {t("additionals.answer.saveGuarantors")}
      </button>
      {rows.map((row, index) => {
        const view = stored.find((g) => g.id === row.id);
        const errors = view?.validationResult.errors ?? [];
        const errorId = `${formId}-${index}-errors`;
        const has = (property: string) => errors.some((e) => e.property === property);
        const input = (name: "identifier" | "firstName" | "lastName", label: string, hint?: string) => (
          <div className="field">
            <label htmlFor={`${formId}-${index}-${name}`} className="field__label">
              {label}
            </label>
            {hint ? (
              <div className="field__hint" id={`${formId}-${index}-${name}-hint`}>
                {hint}
              </div>
            ) : null}
            <input
              id={`${formId}-${index}-${name}`}
              name={`guarantors[${index}].${name}`}
              defaultValue={row[name] ?? ""}
              className="field__input field__input--medium"
              autoComplete="off"
              aria-invalid={has(name) || undefined}
              aria-describedby={
                [hint ? `${formId}-${index}-${name}-hint` : null, has(name) ? errorId : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            />
          </div>
        );
        return (
          <fieldset key={row.id || index} className="guarantor">
            <legend>{t("additionals.answer.guarantor", { n: index + 1 })}</legend>
            {row.id ? <input type="hidden" name={`guarantors[${index}].id`} value={row.id} /> : null}
            {errors.length > 0 ? (
              <ul
                className="field__error"
                id={errorId}
                aria-label={t("additionals.answer.guarantorErrors", { n: index + 1 })}
              >
                {errors.slice(0, 2).map((e) => (
                  <li key={e.property + e.message}>{e.message}</li>
                ))}
                {errors.length > 2 ? (
                  <li>{t("additionals.answer.moreErrors", { count: errors.length - 2 })}</li>
                ) : null}
              </ul>
            ) : null}
            {input("identifier", t("additionals.answer.identifier"), t("additionals.answer.identifierHint"))}
            {input("firstName", t("additionals.answer.firstName"))}
            {input("lastName", t("additionals.answer.lastName"))}
            {row.id ? (
              <button
                type="submit"
                name="intent"
                value={`removeGuarantor:${row.id}`}
                className="button button--secondary"
              >
                {rows.length > 1
                  ? t("additionals.answer.removeGuarantor", { n: index + 1 })
                  : t("additionals.answer.resetGuarantor", { n: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <div className="button-row">
        <button type="submit" name="intent" value="saveGuarantors" className="button button--secondary">
          {t("additionals.answer.saveGuarantors")}
        </button>
        <button type="submit" name="intent" value="addGuarantor" className="button button--secondary">
          {t("additionals.answer.addGuarantor")}
        </button>
      </div>
    </Form>
  );
}
