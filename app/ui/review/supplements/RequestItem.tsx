import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import type { SupplementView } from "~/schemas/transfer-views";
import { ConfirmPanel } from "~/ui/ConfirmPanel";
import { AnswerFacts } from "./AnswerFacts";
import { AnswerForms } from "./AnswerForms";
import { DisabledReason, offered } from "./offered-actions";
import { RejectForm } from "./RejectForm";
import type { LastResult, SupplementsData } from "./types";

/**
 * One requested supplement: its facts and message, `Avbryt` and `Markera som vidarebefordrad` (the cancel asked
 * first, `?avbryt=`), then its answer: the sent answer's facts, its handling (`Godkänn`, asked first when it replaces
 * something, `?ersatt=`; `Neka` with a reason, `?neka=`), or the answering party's draft.
 */
export function RequestItem({
  s,
  data,
  here,
  busy,
  lastResult,
  failedIntent,
}: {
  s: SupplementView;
  data: SupplementsData;
  here: string;
  busy: boolean;
  lastResult: LastResult;
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
