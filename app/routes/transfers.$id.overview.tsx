import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoteFormSchema, TransferActionFormSchema } from "~/schemas/transfer";
import { recentWatchers, recordWatching } from "~/server/live/activity.server";
import { type UseCaseResult } from "~/server/domain/core/pipeline.server";
import {
  abortTransfer,
  markPartsNotified,
  markSaleStopped,
  markUnderInvestigation,
  removeSaleStop,
  removeUnderInvestigation,
  sendToMembershipReview,
} from "~/server/domain/transfers/actions.server";
import { addNote } from "~/server/domain/notes/add-note.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { listNotes } from "~/server/domain/notes/views.server";
import { svT } from "~/server/platform/i18n.server";
import { failedForm, keepForm, refuse, replyForm, toastBack } from "~/server/web/refusal.server";
import { overviewOf, reviewPage, reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { useTenantPresence, useWatchTransfer } from "~/islands/live/presence";
import { ErrorSummary, hiddenFieldsReply } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { ActionPanel, DESTRUCTIVE_ACTIONS, LINK_ACTIONS } from "~/ui/review/ActionPanel";
import { DecisionActions } from "~/ui/review/decision/DecisionActions";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import { NotesPanel } from "~/ui/review/notes/NotesPanel";
import { OverviewPage } from "~/ui/review/OverviewPage";
import { WatchersPanel } from "~/ui/review/WatchersPanel";
import { lastResultFor, lastResultOf, usePageForm, useResetAfterSuccess } from "~/ui/use-page-form";

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
const NOTE_FAILED = "common:toast.somethingWentWrong";
const isPageAction = (value: unknown): value is PageAction =>
  typeof value === "string" && Object.hasOwn(PAGE_ACTIONS, value);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await reviewPage(request, "review");
  const { user, db, viewer } = page;
  const now = new Date();
  const overview = await overviewOf(request, page, params.id ?? "", now);
  const { review } = overview;
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
      ...overview,
      me: { id: user.id, tenantId: user.tenantId, firstName: user.firstName, lastName: user.lastName },
      actions: review.actions.filter((a) => isPageAction(a.type) || Object.hasOwn(LINK_ACTIONS, a.type)),
      decisionActions: review.actions.filter(
        (a) => a.type === "ApproveMembership" || a.type === "RejectMembership",
      ),
      confirm: new URL(request.url).searchParams.get("confirm"),
      watchers: (watchers[review.id] ?? []).map((w) => ({ firstName: w.firstName, lastName: w.lastName })),
      notes: notes ?? [],
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { context: ctx } = await reviewPage(request, "review");
  const form = await readPageForm(request);
  const transferId = params.id ?? "";
  const here = reviewPath("review", transferId, "overview");
  /** A domain refusal: missing or out of scope is the page's 404; anything else returns with its reason. */
  const refused = { notFound: "page", otherwise: toastBack(request, here) } as const;
  const pageAction = (type: PageAction) => async () => {
    const submission = parseForm(form, TransferActionFormSchema);
    if (submission.status !== "success") return formError(submission);
    // Destructive actions ask first: without the confirmation's answer the post shows the question.
    if (DESTRUCTIVE_ACTIONS.has(type) && submission.value.confirmed !== "yes") {
      return redirect(`${here}?confirm=${type}#confirm`, 303);
    }
    try {
      await PAGE_ACTIONS[type](ctx, { transferId, version: submission.value.version });
    } catch (error) {
      // The step's own failure text where the spec gives one (02 §8), then the reason.
      const failed = type === "SendToMembershipReview" ? "review:toast.sendFailed" : undefined;
      return refuse(error, { ...refused, otherwise: toastBack(request, here, { failed }) });
    }
    return redirectWithToast(here, { key: `review:toast.${type}` }, { request });
  };
  return handleIntent(form, {
    addNote: async () => {
      const submission = parseForm(form, NoteFormSchema);
      if (submission.status !== "success") return formError(submission);
      try {
        await addNote(ctx, { transferId, body: submission.value.body });
      } catch (error) {
        // Spec 02 §8: a note that cannot be saved says `Något gick fel`, and the note stays in its box.
        return refuse(error, {
          notFound: "page",
          validation: replyForm(submission),
          otherwise: keepForm(submission, NOTE_FAILED),
          failure: failedForm(submission, NOTE_FAILED, "a note could not be saved"),
        });
      }
      return redirectWithToast(here, { key: "review:toast.noteSaved" }, { request });
    },
    ...Object.fromEntries(
      (Object.keys(PAGE_ACTIONS) as PageAction[]).map((type) => [type, pageAction(type)]),
    ),
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

export default function TransferOverview() {
  const {
    review,
    role,
    basePath,
    tabs,
    me,
    actions,
    decisionActions,
    confirm,
    watchers: rendered,
    notes,
    liveSince,
  } = useLoaderData<typeof loader>();
  useWatchTransfer(me, review.id);
  const live = useTenantPresence(me);
  const watchers = live ? (live.get(review.id) ?? []) : rendered;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("review");
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const noteResult = lastResultFor(actionData, ["addNote"]);
  // Any other failed post is the action buttons' (or names no form of the page): it is shown above the page.
  const otherResult = noteResult ? undefined : lastResultOf(actionData);
  const [noteForm, noteFields] = usePageForm(NoteFormSchema, { id: "note", lastResult: noteResult });
  useResetAfterSuccess(noteForm.reset, navigation.formData?.get("intent") === "addNote", actionData);
  return (
    <OverviewPage
      review={review}
      liveSince={liveSince}
      role={role}
      basePath={basePath}
      tabs={tabs}
      before={
        <>
          <ErrorSummary form={hiddenFieldsReply("transfer-actions", otherResult)} />
          <ErrorSummary form={noteForm} order={["body"]} />
        </>
      }
      decisionRecordHref={`/transfers/${encodeURIComponent(review.id)}/decision/record`}
      actions={
        <>
          <DecisionActions
            transferId={review.id}
            actions={decisionActions}
            announce={role === "PropertyManager"}
          />
          <ActionPanel
            transferId={review.id}
            version={review.version}
            actions={actions}
            confirm={confirm}
            busy={busy}
          />
        </>
      }
      aside={
        <aside className="review__aside" aria-label={t("watching.asideLabel")}>
          <WatchersPanel watchers={watchers} />
          <NotesPanel
            title={role === "PropertyManager" ? t("notes.titleManager") : t("notes.titleBoard")}
            notes={notes}
            form={review.canAddNote ? noteForm : null}
            body={review.canAddNote ? noteFields.body : null}
            busy={busy}
          />
        </aside>
      }
    />
  );
}
