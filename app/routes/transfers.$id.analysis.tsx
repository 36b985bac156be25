import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AcceptDeviationsFormSchema } from "~/schemas/transfer";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { analysisTab } from "~/server/domain/automatic-review/views.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { acceptDeviations } from "~/server/domain/automatic-review/accept-deviations.server";
import { getTransferForReview } from "~/server/domain/review/views.server";
import { getT, svT } from "~/server/platform/i18n.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { refuse, replyForm, toastBack } from "~/server/web/refusal.server";
import { notFoundPage } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { useInterval, useTransferEvents } from "~/islands/live/transfer-events";
import { ErrorSummary } from "~/ui/error-summary";
import { Checkboxes } from "~/ui/forms";
import { pageTitle } from "~/ui/page-title";
import { usePageRefreshSeconds } from "~/ui/page-refresh";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import {
  AcceptedDeviations,
  ApprovedChecks,
  OpenDeviations,
  RunningReview,
} from "~/ui/review/automatic-review/AnalysisChecks";
import { ReviewHeader } from "~/ui/review/ReviewHeader";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * The Granskning tab (spec 02 §2.1, §2.6; docs/automatic-review.md), the property manager's: the automatic review's
 * checks as deviations and approved, each with its text; open deviations are accepted with a checkbox form (spec 02
 * §5: submit disabled while none is ticked, with JavaScript; without it the server answers `Välj minst en avvikelse
 * att godkänna`). While the review runs (task AutomaticReview) the page shows `Automatisk granskning pågår` instead
 * and refreshes itself: a meta refresh without JavaScript, the live events (and a poll) with it.
 */

const RUNNING_REFRESH_SECONDS = 5;

async function context(request: Request) {
  const user = await requireUser(request, { role: ["PropertyManager", "BoardMember"] });
  const db = getDb();
  const viewer = await viewerFor(db, user);
  return { user, db, viewer };
}

const overviewOf = (transferId: string) => `/transfers/${encodeURIComponent(transferId)}/overview`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db, viewer } = await context(request);
  const transferId = params.id ?? "";
  const t = await getT(request, "review");
  const ctx = { db, viewer, now: new Date(), t: svT() };
  const [review, tab] = await Promise.all([
    getTransferForReview(ctx, transferId),
    analysisTab(ctx, transferId),
  ]);
  if (!review || tab.kind === "notFound") throw notFoundPage();
  if (tab.kind === "notPropertyManager") {
    // A board member who typed the address: the tab is not theirs, said in Swedish on the overview.
    throw await redirectWithToast(
      overviewOf(transferId),
      { key: "review:analysis.notForRole", type: "error" },
      { request },
    );
  }
  return json(
    { title: t("tabs.analysis"), review, role: user.role, analysis: tab.view, liveSince: ctx.now.getTime() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, viewer } = await context(request);
  const form = await readPageForm(request);
  const transferId = params.id ?? "";
  const here = `/transfers/${encodeURIComponent(transferId)}/analysis`;
  const ctx = contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName });
  return handleIntent(form, {
    acceptDeviations: async () => {
      const submission = parseForm(form, AcceptDeviationsFormSchema);
      if (submission.status !== "success") return formError(submission);
      try {
        await acceptDeviations(ctx, { transferId, ...submission.value });
      } catch (error) {
        return refuse(error, {
          notFound: "page",
          validation: replyForm(submission),
          // Not offered, disabled, or changed meanwhile: back to the page with the reason.
          otherwise: toastBack(request, here),
        });
      }
      return redirectWithToast(here, { key: "review:analysis.toast.accepted" }, { request });
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function TransferAnalysis() {
  const { review, role, analysis, liveSince } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refresh = () => {
    if (revalidator.state === "idle") revalidator.revalidate();
  };
  useTransferEvents(
    review.id,
    ["transferTaskStarted", "transferTaskCompleted", "transferReadyForReview"],
    refresh,
    { since: liveSince },
  );
  const refreshSeconds = usePageRefreshSeconds(RUNNING_REFRESH_SECONDS);
  useInterval(analysis.running, refreshSeconds * 1000, refresh);

  const [acceptForm, acceptFields] = usePageForm(AcceptDeviationsFormSchema, {
    id: "accept-deviations",
    lastResult: lastResultOf(actionData),
  });
  // With JavaScript the submit is disabled while no box is ticked (spec 02 §5); before hydration it is not.
  const formRef = useRef<HTMLFormElement>(null);
  const [ticked, setTicked] = useState<number | null>(null);
  const countTicked = () =>
    setTicked(formRef.current ? new FormData(formRef.current).getAll("checkIds").length : 0);
  useEffect(countTicked, [analysis, actionData]);

  const open = analysis.deviations.filter((c) => c.result === "Deviation");
  const accepted = analysis.deviations.filter((c) => c.result === "AcceptedDeviation");
  const action = analysis.acceptDeviation;
  const canAccept = action !== null && !action.disabled && open.length > 0;
  const reviewed = analysis.deviations.length + analysis.approved.length > 0;

  return (
    <div className="page page--wide review">
      {canAccept && !analysis.running ? <ErrorSummary form={acceptForm} order={["checkIds"]} /> : null}
      <ReviewHeader review={review} role={role} current="analysis" />
      <section aria-labelledby="analysis-title" className="analysis">
        <h2 id="analysis-title">{t("analysis.title")}</h2>
        {analysis.running ? (
          <RunningReview refreshSeconds={refreshSeconds} />
        ) : !reviewed ? (
          <p>{t("analysis.notReviewed")}</p>
        ) : (
          <>
            <p>{t("analysis.intro")}</p>
            <section aria-labelledby="deviations-title">
              <h3 id="deviations-title">
                {t("analysis.deviations.title")} ({analysis.deviations.length})
              </h3>
              {analysis.deviations.length === 0 ? <p>{t("analysis.deviations.none")}</p> : null}
              {canAccept ? (
                <Form
                  method="post"
                  ref={formRef}
                  {...getFormProps(acceptForm)}
                  onChange={countTicked}
                  aria-labelledby="deviations-title"
                >
                  <input type="hidden" name="intent" value="acceptDeviations" />
                  <input type="hidden" name="version" value={analysis.version} />
                  <Checkboxes
                    field={acceptFields.checkIds}
                    label={t("analysis.accept.legend")}
                    hint={t("analysis.accept.hint")}
                    options={open.map((c) => ({ value: c.id, label: c.text }))}
                  />
                  <button
                    type="submit"
                    className="button"
                    disabled={ticked === 0 || undefined}
                    aria-disabled={busy || undefined}
                  >
                    {busy ? t("analysis.accept.submitting") : t("analysis.accept.submit")}
                  </button>
                </Form>
              ) : (
                <OpenDeviations
                  checks={open}
                  disabledReason={action?.disabled ? action.disabledReason : null}
                />
              )}
              <AcceptedDeviations checks={accepted} />
            </section>
            <ApprovedChecks checks={analysis.approved} />
          </>
        )}
      </section>
    </div>
  );
}
