import { json, redirect } from "@remix-run/node";
import { parse } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { MAX_UPLOAD_BYTES } from "~/schemas/documents";
import { RejectChangeRequestFormSchema } from "~/schemas/change-requests";
import { splitMessage, withValues } from "~/lib/messages";
import {
  ADDITIONAL_AGREEMENT_FIELD,
  createChangeRequest,
  decideChangeRequest,
  possibleChangeRequest,
} from "../domain/change-requests/change-requests.server";
import type { DomainError } from "../domain/core/errors.server";
import { listChangeRequests } from "../domain/change-requests/views.server";
import { mediaType } from "../platform/body.server";
import { svT } from "../platform/i18n.server";
import { readUploadForm } from "../platform/multipart.server";
import { formError, parseForm, readPageForm } from "./forms.server";
import { catchRefusal, refuse, toastBack, type RefusalAnswer, type Refusals } from "./refusal.server";
import { notFoundPage, reviewOf, reviewPage, reviewPath, type ReviewPage } from "./review-page.server";
import { redirectWithToast } from "./toast.server";
import { domainErrorText } from "./transfer-api.server";

/**
 * The web half of agreement change requests (spec 02 §2.7, decision 026): the section of the Kompletteringar tab (the
 * list, and what the viewer may do), the `Ny ändringsbegäran` page (one multipart post, streamed, that works without
 * JavaScript) and the board's decision (accept as a post from the list; reject on the `Avslå ändringsbegäran` page,
 * with its reason). The domain (domain/change-requests) checks everything again.
 */

/** Room for the form's own fields beside the file in the multipart post. */
const FORM_SLACK_BYTES = 1024 * 1024;

export const changeRequestPaths = (transferId: string) => {
  const tab = reviewPath("review", transferId, "additionals");
  const base = `${tab}/changeRequests`;
  return {
    tab,
    create: `${base}/new`,
    accept: (requestId: string) => `${base}/${encodeURIComponent(requestId)}/accept`,
    reject: (requestId: string) => `${base}/${encodeURIComponent(requestId)}/reject`,
  };
};

const viewContextOf = (page: ReviewPage, now = new Date()) => ({
  db: page.db,
  viewer: page.viewer,
  now,
  t: svT(),
});

/**
 * What the Kompletteringar tab shows of change requests (its loader spreads this under `changeRequests`): the
 * requests newest first with their current, previous and new values and the decision the viewer may make, and
 * `Ny ändringsbegäran` when offered (with its reason when disabled). null: the transfer is not in the scope.
 */
export async function changeRequestsSection(page: ReviewPage, transferId: string, now = new Date()) {
  const ctx = viewContextOf(page, now);
  const requests = await listChangeRequests(ctx, transferId);
  if (!requests) return null;
  const possible = await possibleChangeRequest(page.context, transferId);
  const paths = changeRequestPaths(transferId);
  return {
    requests,
    create: possible.action
      ? {
          disabled: possible.action.disabled,
          disabledReason: possible.action.reason ? ctx.t(`policy:blockers.${possible.action.reason}`) : null,
          href: paths.create,
        }
      : null,
    acceptPath: Object.fromEntries(requests.map((r) => [r.id, paths.accept(r.id)])),
    rejectPath: Object.fromEntries(requests.map((r) => [r.id, paths.reject(r.id)])),
  };
}

export type ChangeRequestsSectionData = NonNullable<Awaited<ReturnType<typeof changeRequestsSection>>>;

// ---- Ny ändringsbegäran ----

/** A multipart post declared past the limit: the file's field error, in Swedish, as the API answers it. */
export function additionalAgreementTooLarge(): Record<string, string[]> {
  const t = svT();
  return {
    [ADDITIONAL_AGREEMENT_FIELD]: [
      t("domain:documents.tooLarge", { file: t("review:changeRequests.new.file") }),
    ],
  };
}

export async function newChangeRequestLoader(request: Request, transferId: string) {
  const page = await reviewPage(request, "review");
  const now = new Date();
  const review = await reviewOf(page, transferId, "additionals", now);
  const possible = await catchRefusal(() => possibleChangeRequest(page.context, transferId), {
    notFound: "page",
  });
  if (!possible.action) throw notFoundPage();
  const t = svT();
  return json(
    {
      title: t("review:changeRequests.new.title"),
      review: {
        id: review.id,
        objectDescription: review.objectDescription,
        transferType: review.transferType,
      },
      current: possible.current,
      changeable: possible.changeable,
      disabledReason: possible.action.reason ? t(`policy:blockers.${possible.action.reason}`) : null,
      back: changeRequestPaths(transferId).tab,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The domain's field errors as the form's: `form` is the whole form's (the error summary), the rest per field. */
function replyErrors(error: DomainError) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, keys] of Object.entries(error.fieldErrors)) {
    const messages = keys.map(namespaced);
    if (field === "form") formErrors.push(...messages);
    else (fieldErrors[field] ??= []).push(...messages);
  }
  return { fieldErrors, formErrors };
}

/** A domain message key with its namespace (the values, after the bar, kept as they are). */
function namespaced(message: string): string {
  const { key, values } = splitMessage(message);
  const full = key.includes(":") ? key : `domain:${key}`;
  return values ? withValues(full, values as Record<string, string | number>) : full;
}

function reply(
  fields: FormData,
  errors: { fieldErrors: Record<string, string[]>; formErrors: string[] },
  status = 400,
) {
  const submission = parse<Record<string, unknown>, string[]>(fields, { resolve: () => ({ value: {} }) });
  const result: SubmissionResult<string[]> = submission.reply(errors);
  return json({ result }, { status });
}

/** The text fields of a form as the use case takes them (the first value of each name). */
export function fieldsOf(form: FormData): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in record)) record[name] = value;
  return record;
}

export async function newChangeRequestAction(request: Request, transferId: string) {
  const { context: ctx } = await reviewPage(request, "review");
  /** A refusal of the domain that is not the user's input: the tab, with the spec's failure text and the reason. */
  const refused = {
    notFound: "page",
    otherwise: toastBack(request, changeRequestPaths(transferId).tab, {
      failed: "review:changeRequests.toast.createFailed",
    }),
  } as const;
  const created = () =>
    redirectWithToast(
      changeRequestPaths(transferId).tab,
      { key: "review:changeRequests.toast.created" },
      { request },
    );

  if (mediaType(request) !== "multipart/form-data") {
    // A post without its file (not multipart): every error of the fields, and the file's.
    const form = await readPageForm(request);
    try {
      await createChangeRequest(ctx, { transferId, fields: fieldsOf(form), file: null });
      return created();
    } catch (error) {
      return refuse(error, { ...refused, validation: (refusal) => reply(form, replyErrors(refusal)) });
    }
  }

  let fields = new FormData();
  let outcome;
  try {
    outcome = await readUploadForm(request, MAX_UPLOAD_BYTES + FORM_SLACK_BYTES, async (seen, file) => {
      fields = seen;
      await createChangeRequest(ctx, { transferId, fields: fieldsOf(seen), file });
      return "created" as const;
    });
    if (outcome.fields === null) {
      const tooLarge = withValues("domain:documents.tooLarge", {
        file: svT()("review:changeRequests.new.file"),
      });
      return reply(
        fields,
        { fieldErrors: { [ADDITIONAL_AGREEMENT_FIELD]: [tooLarge] }, formErrors: [] },
        413,
      );
    }
    fields = outcome.fields;
    if (outcome.file === null) {
      await createChangeRequest(ctx, { transferId, fields: fieldsOf(fields), file: null });
    }
  } catch (error) {
    return refuse(error, {
      ...refused,
      validation: (refusal) => {
        const errors = replyErrors(refusal);
        const tooLarge = errors.fieldErrors[ADDITIONAL_AGREEMENT_FIELD]?.some((m) => m.includes("tooLarge"));
        return reply(fields, errors, tooLarge ? 413 : 400);
      },
    });
  }
  return created();
}

// ---- The board's decision ----

/**
 * A refused decision: the tab, with the translated server message (an answer already decided, a blocker), or the
 * spec's fallback `Något gick fel när ändringsbegäran skulle behandlas.` when there is none.
 */
function decisionRefusals(request: Request, transferId: string): Refusals {
  const refused: RefusalAnswer = (error) => {
    const reason =
      error.code === "Validation"
        ? Object.values(error.fieldErrors)
            .flat()
            .map((k) => {
              const { key, values } = splitMessage(namespaced(k));
              return svT()(key, values);
            })
            .join(" ")
        : domainErrorText(error);
    return redirectWithToast(
      changeRequestPaths(transferId).tab,
      reason
        ? { key: "review:toast.refused", values: { reason }, type: "error" }
        : { key: "review:changeRequests.toast.decisionFailed", type: "error" },
      { request },
    );
  };
  // A request that is not there is said on the tab; a transfer that is not, the page's 404.
  return { notFound: "page", partNotFound: refused, otherwise: refused };
}

/** POST …/changeRequests/{requestId}/accept (the list's button): the agreement takes the new values. */
export async function acceptChangeRequestAction(request: Request, transferId: string, requestId: string) {
  const { context } = await reviewPage(request, "review");
  await readPageForm(request);
  try {
    await decideChangeRequest(context, { transferId, requestId, decision: "Accept" });
  } catch (error) {
    return refuse(error, decisionRefusals(request, transferId));
  }
  return redirectWithToast(
    changeRequestPaths(transferId).tab,
    { key: "review:changeRequests.toast.accepted" },
    { request },
  );
}

/** The `Avslå ändringsbegäran` page: the request it rejects, when the viewer may decide it. */
export async function rejectChangeRequestLoader(request: Request, transferId: string, requestId: string) {
  const page = await reviewPage(request, "review");
  const now = new Date();
  const review = await reviewOf(page, transferId, "additionals", now);
  const requests = await listChangeRequests(viewContextOf(page, now), transferId);
  const found = requests?.find((r) => r.id === requestId);
  if (!found) throw notFoundPage();
  const tab = changeRequestPaths(transferId).tab;
  if (!found.canMakeDecision) {
    throw await redirectWithToast(
      tab,
      {
        key: "review:toast.refused",
        values: {
          reason:
            found.decision !== null
              ? svT()("domain:changeRequests.alreadyDecided")
              : svT()("domain:errors.notAllowed"),
        },
        type: "error",
      },
      { request },
    );
  }
  return json(
    {
      title: svT()("review:changeRequests.rejectPage.title"),
      review: { id: review.id, objectDescription: review.objectDescription },
      request: found,
      back: tab,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function rejectChangeRequestAction(request: Request, transferId: string, requestId: string) {
  const { context } = await reviewPage(request, "review");
  const form = await readPageForm(request);
  const submission = parseForm(form, RejectChangeRequestFormSchema);
  if (submission.status !== "success") return formError(submission);
  try {
    await decideChangeRequest(context, {
      transferId,
      requestId,
      decision: "Reject",
      rejectReason: submission.value.rejectReason,
    });
  } catch (error) {
    return refuse(error, {
      ...decisionRefusals(request, transferId),
      validation: (refusal) => {
        const { fieldErrors, formErrors } = replyErrors(refusal);
        return formError(submission, { formErrors: [...formErrors, ...Object.values(fieldErrors).flat()] });
      },
    });
  }
  return redirectWithToast(
    changeRequestPaths(transferId).tab,
    { key: "review:changeRequests.toast.rejected" },
    { request },
  );
}

/** A GET of a post-only address (the accept button's): back to the tab. */
export async function toTheTab(request: Request, transferId: string) {
  await reviewPage(request, "review");
  return redirect(changeRequestPaths(transferId).tab);
}
