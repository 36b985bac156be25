import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatSek } from "~/lib/format";
import { personDisplayName } from "~/lib/person";
import type { ChangeRequestView } from "~/schemas/transfer-views";

/**
 * The agreement change requests of the Kompletteringar tab (spec 02 §2.7, decision 026): `Ny ändringsbegäran`
 * when the server offers it (with its reason when disabled), then the requests newest first, each with its changed
 * values (current, previous and new), its status and decision, its additional agreement, and for the board the
 * decision: accept (a post that works without JavaScript) when canAcceptChangeRequest, and reject on the `Avslå
 * ändringsbegäran` page, which asks for the reason. The tab renders this inside its Kompletteringar section (h2),
 * so the section's heading is an h3 and each request's an h4.
 */

export interface ChangeRequestsSectionProps {
  requests: ChangeRequestView[];
  create: { disabled: boolean; disabledReason: string | null; href: string } | null;
  acceptPath: Record<string, string>;
  rejectPath: Record<string, string>;
}

const FIELDS = ["purchasePrice", "entryDate", "contractDate"] as const;

export function ChangeRequestsSection({
  data,
  busy = false,
}: {
  data: ChangeRequestsSectionProps;
  busy?: boolean;
}) {
  const { t } = useTranslation("review");
  const { requests, create, acceptPath, rejectPath } = data;
  // Nothing to show and nothing to do: the tab's own empty text speaks for the whole tab.
  if (requests.length === 0 && create === null) return null;
  return (
    <section aria-labelledby="change-requests-title" className="change-requests">
      <h3 id="change-requests-title">{t("changeRequests.title")}</h3>
      {create ? (
        create.disabled ? (
          <p className="notice" role="note">
            {t("changeRequests.createDisabled", { reason: create.disabledReason })}
          </p>
        ) : (
          <p>
            <Link to={create.href} className="button button--secondary">
              {t("changeRequests.create")}
            </Link>
          </p>
        )
      ) : null}
      {requests.length === 0 ? (
        <p>{t("changeRequests.empty")}</p>
      ) : (
        <ol className="change-request-list">
          {requests.map((request) => (
            <li key={request.id} id={`change-request-${request.id}`} className="card">
              <ChangeRequestCard
                request={request}
                acceptPath={acceptPath[request.id]}
                rejectPath={rejectPath[request.id]}
                busy={busy}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ChangeRequestCard({
  request,
  acceptPath,
  rejectPath,
  busy,
}: {
  request: ChangeRequestView;
  acceptPath: string | undefined;
  rejectPath: string | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  const headingId = `change-request-${request.id}-title`;
  const status = request.decision ?? "Pending";
  const colour = status === "Accepted" ? "green" : status === "Rejected" ? "red" : "orange";
  return (
    <article aria-labelledby={headingId}>
      <h4 id={headingId}>{t("changeRequests.heading", { date: formatDateTime(request.createdAt) })}</h4>
      <p className="muted">{t("changeRequests.createdBy", { name: personDisplayName(request.createdBy) })}</p>
      <p>
        <strong className={`status-tag status-tag--${colour}`}>{t(`changeRequests.status.${status}`)}</strong>
      </p>
      <ChangeRequestValues request={request} />
      {request.decision !== null && request.decidedAt ? (
        <p>
          {t("changeRequests.decided", {
            decision: t(`changeRequests.status.${request.decision}`),
            name: request.decidedBy ?? "",
            date: formatDateTime(request.decidedAt),
          })}
        </p>
      ) : null}
      {request.decision === "Rejected" && request.rejectedReason ? (
        <dl className="summary-list summary-list--compact">
          <div>
            <dt>{t("changeRequests.rejectedReason")}</dt>
            <dd>{request.rejectedReason}</dd>
          </div>
        </dl>
      ) : null}
      <p>
        {t("changeRequests.additionalAgreement")}:{" "}
        {request.additionalAgreement?.downloadUrl ? (
          <a href={request.additionalAgreement.downloadUrl} target="_blank" rel="noreferrer">
            {request.additionalAgreement.fileName}
          </a>
        ) : request.additionalAgreement ? (
          request.additionalAgreement.fileName
        ) : request.additionalAgreementAttached ? (
          t("changeRequests.noAdditionalAgreement")
        ) : (
          t("changeRequests.additionalAgreementNotAttached")
        )}
      </p>
      {request.canMakeDecision && acceptPath && rejectPath ? (
        <div className="button-row">
          {request.canAcceptChangeRequest ? (
            <Form method="post" action={acceptPath}>
              <button
                type="submit"
                className="button"
                aria-describedby={headingId}
                aria-disabled={busy || undefined}
              >
                {t("changeRequests.accept")}
              </button>
            </Form>
          ) : (
            <p className="muted">{t("changeRequests.acceptNotPossible")}</p>
          )}
          <Link to={rejectPath} className="button button--secondary" aria-describedby={headingId}>
            {t("changeRequests.reject")}
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The values a request changes: each with the agreement's current value, the new one, and once it is decided the
 * value before.
 */
export function ChangeRequestValues({ request }: { request: ChangeRequestView }) {
  const { t } = useTranslation("review");
  const show = (field: (typeof FIELDS)[number], value: number | string | null) => {
    if (value === null) return t("changeRequests.noValue");
    return field === "purchasePrice" ? formatSek(value as number) : formatDate(value as string);
  };
  const changed = FIELDS.filter((field) => request[field].newValue !== null);
  // Until the decision the value before is the current one: a second column saying the same thing is noise.
  const decided = request.decision !== null;
  return (
    <table className="transfer-table">
      <caption className="visually-hidden">{t("changeRequests.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("changeRequests.field")}</th>
          <th scope="col">{t("changeRequests.currentValue")}</th>
          {decided ? <th scope="col">{t("changeRequests.previousValue")}</th> : null}
          <th scope="col">{t("changeRequests.newValue")}</th>
        </tr>
      </thead>
      <tbody>
        {changed.map((field) => {
          const values = request[field];
          return (
            <tr key={field}>
              <th scope="row">{t(`changeRequests.fields.${field}`)}</th>
              <td>{show(field, values.currentValue)}</td>
              {decided ? <td>{show(field, values.previousValue)}</td> : null}
              <td>{show(field, values.newValue)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
