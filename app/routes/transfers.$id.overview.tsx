import { readForm } from "~/server/body.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatSek } from "~/lib/format";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import { NOTE_MAX_LENGTH } from "~/schemas/transfer";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { recentWatchers, recordWatching } from "~/server/domain/transfers/activity.server";
import { isDomainError } from "~/server/domain/transfers/errors.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import {
  abortTransfer,
  addNote,
  markPartsNotified,
  markSaleStopped,
  markUnderInvestigation,
  removeSaleStop,
  removeUnderInvestigation,
  sendToMembershipReview,
  type UseCaseContext,
  type UseCaseResult,
} from "~/server/domain/transfers/use-cases.server";
import { getTransferForReview, listNotes } from "~/server/domain/transfers/views.server";
import { getT, svT } from "~/server/i18n.server";
import { domainErrorText, domainKey, contextForActor } from "~/server/transfer-api.server";
import { redirectWithToast } from "~/server/toast.server";
import { ErrorPage } from "~/ui/ErrorPage";
import { People } from "~/ui/TransferPeople";
import { useTenantPresence, useWatchTransfer } from "~/islands/live/presence";
import { StatusTag } from "~/ui/TransferTable";
import { pageTitle } from "~/ui/page-title";

/** The actions this page performs; the others of spec 02 §4 belong to their own screens. */
const PAGE_ACTIONS = {
  SendToMembershipReview: sendToMembershipReview,
  MarkPartsNotified: markPartsNotified,
  AbortTransfer: abortTransfer,
  MarkAsSaleStopped: markSaleStopped,
  RemoveSaleStopped: removeSaleStop,
  MarkAsUnderInvestigation: markUnderInvestigation,
  RemoveUnderInvestigation: removeUnderInvestigation,
} satisfies Record<string, (ctx: UseCaseContext, input: unknown) => Promise<UseCaseResult>>;
type PageAction = keyof typeof PAGE_ACTIONS;
const isPageAction = (value: unknown): value is PageAction =>
  typeof value === "string" && Object.hasOwn(PAGE_ACTIONS, value);

async function context(request: Request) {
  const user = await requireUser(request, { role: ["PropertyManager", "BoardMember"] });
  const db = getDb();
  const viewer = await viewerFor(db, user);
  return { user, db, viewer };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db, viewer } = await context(request);
  const t = await getT(request, "review");
  const now = new Date();
  const review = await getTransferForReview({ db, viewer, now, t: svT() }, params.id ?? "");
  if (!review) throw json({ title: t("notFoundTitle") }, { status: 404 });
  // A page load counts as watching: co-workers see each other without JavaScript.
  await recordWatching(
    db,
    {
      transferId: review.id,
      userId: user.id,
      tenantId: user.tenantId,
      firstName: user.firstName,
      lastName: user.lastName,
    },
    now,
  );
  const [watchers, notes] = await Promise.all([
    recentWatchers(db, viewer, [review.id], now),
    listNotes({ db, viewer, now, t: svT() }, review.id),
  ]);
  return json(
    {
      title: t("tabs.overview"),
      review,
      role: user.role,
      me: { id: user.id, tenantId: user.tenantId, firstName: user.firstName, lastName: user.lastName },
      actions: review.actions.filter((a) => isPageAction(a.type)),
      watchers: (watchers[review.id] ?? []).map((w) => ({ firstName: w.firstName, lastName: w.lastName })),
      notes: notes ?? [],
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, viewer } = await context(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const transferId = params.id ?? "";
  const here = `/transfers/${encodeURIComponent(transferId)}/overview`;
  const ctx = contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName });
  try {
    if (intent === "addNote") {
      await addNote(ctx, { transferId, body: form.get("body") });
      return redirectWithToast(here, { key: "review:toast.noteSaved" }, { request });
    }
    if (!isPageAction(intent)) return json({ noteErrors: null, noteBody: "" }, { status: 400 });
    await PAGE_ACTIONS[intent](ctx, { transferId, version: form.get("version") ?? undefined });
    return redirectWithToast(here, { key: `review:toast.${intent}` }, { request });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "NotFound") throw json({ title: svT()("review:notFoundTitle") }, { status: 404 });
    if (error.code === "Validation" && intent === "addNote") {
      const t = svT();
      const messages = Object.values(error.fieldErrors)
        .flat()
        .map((key) => t(domainKey(key)));
      return json({ noteErrors: messages, noteBody: String(form.get("body") ?? "") }, { status: 400 });
    }
    return redirectWithToast(
      here,
      { key: "review:toast.refused", values: { reason: domainErrorText(error) }, type: "error" },
      { request },
    );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(
      data?.review
        ? `${data.review.objectDescription} – ${data.title}`
        : isRouteErrorResponse(error)
          ? (error.data as { title?: string } | null)?.title
          : undefined,
    ),
  },
];

/** Missing and out of scope are the same page (spec 02 §2.1); anything else is the shell's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("review");
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    if (!isRouteErrorResponse(error)) console.error(error);
    return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} variant="crash" />;
  }
  return (
    <div className="page page--narrow">
      <h1>{t("notFoundTitle")}</h1>
      <p>{t("notFoundText")}</p>
      <p>
        <Link to="/transfers" className="button button--secondary">
          {t("backToList")}
        </Link>
      </p>
    </div>
  );
}

export default function TransferOverview() {
  const { review, role, me, actions, watchers: rendered, notes } = useLoaderData<typeof loader>();
  useWatchTransfer(me, review.id);
  const live = useTenantPresence(me);
  const watchers = live ? (live.get(review.id) ?? []) : rendered;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("review");
  const { t: tt } = useTranslation("transfer");
  const busy = navigation.state === "submitting";
  return (
    <div className="page page--wide review">
      <header className="review__header">
        <p className="muted">
          {review.tenantAssociation.name} · {tt(`transferType.${review.transferType}`)}
        </p>
        <h1>
          <span className="nowrap">{review.objectDescription}</span>
        </h1>
        <p>
          <StatusTag row={{ ...review, hasDeviation: review.hasDeviations }} role={role} />
        </p>
      </header>
      {review.propertyManager.underMaintenance ? (
        <p className="notice" role="note">
          {t("maintenance")}
        </p>
      ) : null}
      <nav className="tabs" aria-label={t("tabs.label")}>
        <ul>
          <li>
            <Link to={`/transfers/${review.id}/overview`} aria-current="page">
              {t("tabs.overview")}
            </Link>
          </li>
        </ul>
      </nav>
      <div className="review__layout">
        <div className="review__main">
          <section aria-labelledby="decision">
            <h2 id="decision">{t("decision.title")}</h2>
            {review.membershipDecision ? (
              <p>
                <strong>{tt(`decision.${review.membershipDecision.decision}`)}</strong>{" "}
                {t("decision.decidedBy", {
                  name: review.membershipDecision.decidedBy,
                  date: formatDate(review.membershipDecision.date),
                })}
                {review.membershipDecision.reason ? (
                  <>
                    <br />
                    {t("decision.reason", { reason: review.membershipDecision.reason })}
                  </>
                ) : null}
              </p>
            ) : (
              <p>{t("decision.none")}</p>
            )}
          </section>
          <section aria-labelledby="actions">
            <h2 id="actions">{t("actions.title")}</h2>
            {actions.length === 0 ? <p>{t("actions.none")}</p> : null}
            <ul className="action-list">
              {actions.map((a) => (
                <li key={a.type}>
                  <Form method="post" replace preventScrollReset>
                    <input type="hidden" name="intent" value={a.type} />
                    <input type="hidden" name="version" value={review.version} />
                    <button
                      type="submit"
                      className={a.type === "AbortTransfer" ? "button button--secondary" : "button"}
                      aria-disabled={a.disabled || busy ? true : undefined}
                      disabled={a.disabled}
                      aria-describedby={a.disabled ? `reason-${a.type}` : undefined}
                    >
                      {t(`actions.${a.type}`)}
                    </button>
                    {a.disabled && a.disabledReason ? (
                      <span className="field__hint" id={`reason-${a.type}`}>
                        {t("actions.disabledBecause", { reason: a.disabledReason })}
                      </span>
                    ) : null}
                  </Form>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="object">
            <h2 id="object">{t("object")}</h2>
            <dl className="summary-list">
              <div>
                <dt>{t("object")}</dt>
                <dd className="nowrap">{review.objectDescription}</dd>
              </div>
              <div>
                <dt>{t("association")}</dt>
                <dd>{review.tenantAssociation.name}</dd>
              </div>
              <div>
                <dt>{t("organisationNumber")}</dt>
                <dd>
                  {formatIdentifierForDisplay({
                    type: "OrganizationNumber",
                    value: review.tenantAssociation.organisationNumber,
                  })}
                </dd>
              </div>
              <div>
                <dt>{t("propertyManager")}</dt>
                <dd>{review.propertyManager.displayName}</dd>
              </div>
              <div>
                <dt>{t("transferType")}</dt>
                <dd>{tt(`transferType.${review.transferType}`)}</dd>
              </div>
              <div>
                <dt>{t("agreement.purchasePrice")}</dt>
                <dd>
                  {review.agreement.purchasePrice !== null ? formatSek(review.agreement.purchasePrice) : "-"}
                </dd>
              </div>
              <div>
                <dt>{t("agreement.contractDate")}</dt>
                <dd>{review.agreement.contractDate ? formatDate(review.agreement.contractDate) : "-"}</dd>
              </div>
              <div>
                <dt>{t("agreement.entryDate")}</dt>
                <dd>{review.agreement.entryDate ? formatDate(review.agreement.entryDate) : "-"}</dd>
              </div>
            </dl>
          </section>
          <People title={t("people.transferors")} people={review.transferors} kind="Transferor" />
          <People title={t("people.acquirers")} people={review.acquirers} kind="Acquirer" />
          <People title={t("people.guarantors")} people={review.guarantors} kind="Guarantor" />
          <section aria-labelledby="intermediary">
            <h2 id="intermediary">{t("intermediary.title")}</h2>
            <dl className="summary-list">
              <div>
                <dt>{t("intermediary.name")}</dt>
                <dd>{review.intermediary ? personDisplayName(review.intermediary) || "-" : "-"}</dd>
              </div>
              <div>
                <dt>{t("intermediary.email")}</dt>
                <dd>{review.intermediary?.emailAddress ?? "-"}</dd>
              </div>
              <div>
                <dt>{t("intermediary.office")}</dt>
                <dd>{review.intermediary?.officeName ?? "-"}</dd>
              </div>
            </dl>
          </section>
        </div>
        <aside className="review__aside" aria-label={t("watching.title")}>
          <section aria-labelledby="watching" aria-live="polite">
            <h2 id="watching">{t("watching.title")}</h2>
            {watchers.length === 0 ? (
              <p>{t("watching.nobody")}</p>
            ) : (
              <ul className="watch-list">
                {watchers.map((w) => (
                  <li key={`${w.firstName} ${w.lastName}`}>{personDisplayName(w)}</li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="notes">
            <h2 id="notes">{role === "PropertyManager" ? t("notes.titleManager") : t("notes.titleBoard")}</h2>
            <Form method="post" className="note-form">
              <input type="hidden" name="intent" value="addNote" />
              <div className={actionData?.noteErrors ? "field field--error" : "field"}>
                <label className="field__label" htmlFor="note-body">
                  {t("notes.label")}
                </label>
                {actionData?.noteErrors?.map((message) => (
                  <p className="field__error" id="note-error" key={message}>
                    {message}
                  </p>
                ))}
                <textarea
                  id="note-body"
                  name="body"
                  className="field__input"
                  rows={3}
                  maxLength={NOTE_MAX_LENGTH}
                  defaultValue={actionData?.noteBody ?? ""}
                  aria-invalid={actionData?.noteErrors ? true : undefined}
                  aria-describedby={actionData?.noteErrors ? "note-error" : undefined}
                />
              </div>
              <button type="submit" className="button button--secondary">
                {t("notes.save")}
              </button>
            </Form>
            {notes.length === 0 ? (
              <p>{t("notes.none")}</p>
            ) : (
              <ul className="note-list">
                {notes.map((n) => (
                  <li key={n.id}>
                    <p>{n.body}</p>
                    <p className="muted">
                      {t("notes.by", { name: n.createdBy, date: formatDateTime(n.created) })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
