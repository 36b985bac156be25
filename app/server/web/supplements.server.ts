import { json, redirect } from "@remix-run/node";
import {
  AcceptAnswerFormSchema,
  ForwardFormSchema,
  GuarantorsFormSchema,
  NewSupplementFormSchema,
  RejectAnswerFormSchema,
  SupplementRefFormSchema,
} from "~/schemas/supplements";
import { acceptAnswer } from "../domain/supplements/accept.server";
import { removeAnswerDocument } from "../domain/supplements/answer-document.server";
import {
  answeringPartyOf,
  createSupplementRequest,
  type AnsweringParty,
} from "../domain/supplements/create-request.server";
import {
  previewSupplementMail,
  supplementCategories,
  supplementPersons,
  templateFor,
  FULL_NAME_PLACEHOLDER,
} from "../domain/supplements/descriptions.server";
import { rejectAnswer } from "../domain/supplements/reject.server";
import { setAnswerGuarantors } from "../domain/supplements/guarantors.server";
import { setSupplementForwarded } from "../domain/supplements/forward.server";
import { submitAnswer } from "../domain/supplements/submit.server";
import { cancelSupplementRequest } from "../domain/supplements/requests.server";
import { listSupplements } from "../domain/supplements/views.server";
import { mediaType } from "../platform/body.server";
import { getT, svT } from "../platform/i18n.server";
import { formError, handleIntent, parseForm, readPageForm, type IntentHandlers } from "./forms.server";
import {
  notFoundPage,
  reviewNavigation,
  reviewOf,
  reviewPage,
  reviewPath,
  type ReviewPage,
  type ReviewSide,
} from "./review-page.server";
import { changeRequestsSection } from "./change-requests.server";
import { failedForm, keepForm, refuse, replyFields, replyForm, type RefusalAnswer } from "./refusal.server";
import { anchor, refusalsOf } from "./supplements-refusals.server";
import { uploadAnswer } from "./supplements-upload.server";
import { redirectWithToast } from "./toast.server";

/**
 * The Kompletteringar tab's server half (spec 02 §2.7; supplements, decision 025), shared by the review side
 * (/transfers/{id}/additionals, only for a viewer who may request supplements; forced by URL without that right it
 * redirects to the overview, spec 02 §2.1) and the private party's (/transfers/private/{id}/additionals). The tab is composed of sections:
 * the supplements built here, and further sections (agreement change requests, decision 026) added through
 * `extraSectionsOf` (loader data) and `extraIntents` (their forms), see below.
 *
 * Page states that work without JavaScript: `?ny` opens `Ny komplettering` (with `typ` and `person`, the two-step
 * choice before the message), `?avbryt={id}` asks before a cancel, `?ersatt={id}` asks `Ja, ersätt` before an
 * accept that replaces a document or guarantors, `?neka={id}` opens the reason of a rejection.
 */

const TAB = "additionals";

/**
 * Composition point for further sections of the tab, today the agreement change requests (decision 026), on the
 * review side only: each section's loader data under its own key; the page gets it as `data.extra` and renders the
 * section in SupplementsTab's `extraSections` slot (see app/routes/transfers.$id.additionals.tsx). A section whose
 * forms post to this tab puts their handlers in `extraIntents`; the change requests' forms post to pages of their own
 * (routes/transfers.$id.additionals_.changeRequests.*).
 */
async function extraSectionsOf(page: ReviewPage, transferId: string, now: Date) {
  // Change requests are the review side's: the private party has no agreement change requests of their own.
  return {
    changeRequests: page.side === "review" ? await changeRequestsSection(page, transferId, now) : null,
  };
}

/** Composition point: the intents (form handlers) of further sections, merged with the supplements' own. */
function extraIntents(_request: Request, _page: ReviewPage, _transferId: string): IntentHandlers {
  return {};
}

function recipientText(party: AnsweringParty): string {
  const key =
    party.kind === "intermediary" ? "intermediary" : party.email ? "privateParty" : "privatePartyNoEmail";
  return svT()(`review:additionals.recipient.${key}`, { name: party.name, email: party.email ?? "" });
}

/** The `Ny komplettering` choices: the types, the persons each type may concern, and what is chosen. */
async function newRequestOf(
  page: ReviewPage,
  transferId: string,
  search: URLSearchParams,
  review: {
    canRequestAdditionalInformation: boolean;
    transferType: string;
    actions: Array<{ type: string; disabled: boolean; disabledReason: string | null }>;
  },
) {
  if (page.side !== "review" || !review.canRequestAdditionalInformation) return null;
  const t = svT();
  const action = review.actions.find((a) => a.type === "RequestAdditionalInfo");
  const [persons, party] = await Promise.all([
    supplementPersons(page.db, transferId),
    answeringPartyOf(page.db, transferId),
  ]);
  const types = supplementCategories(review.transferType as Parameters<typeof supplementCategories>[0]).map(
    (d) => ({
      value: d.category,
      label: t(`transfer:category.${d.category}`),
      personTypes: d.personTypes as string[],
      template: templateFor(t, d.category, FULL_NAME_PLACEHOLDER),
    }),
  );
  const category = types.find((ty) => ty.value === search.get("typ")) ?? null;
  const matching = category ? persons.filter((p) => category.personTypes.includes(p.personType)) : [];
  const personParam = search.get("person");
  const person = matching.find((p) => p.id === personParam) ?? (matching.length === 1 ? matching[0]! : null);
  const ready = category !== null && (category.personTypes.length === 0 || person !== null);
  return {
    disabled: action?.disabled ?? true,
    disabledReason: action?.disabledReason ?? null,
    // Who will receive it, named before it is made; with nobody the action is disabled with that reason.
    recipient: party ? recipientText(party) : null,
    open: search.has("ny"),
    types,
    persons,
    chosen: { category: category?.value ?? null, personId: person?.id ?? null },
    ready,
    message: ready ? category!.template.replaceAll(FULL_NAME_PLACEHOLDER, person?.name ?? "") : "",
  };
}

export async function additionalsTabLoader(request: Request, transferId: string, side: ReviewSide) {
  const page = await reviewPage(request, side);
  const t = await getT(request, "review");
  const now = new Date();
  const review = await reviewOf(page, transferId, TAB, now);
  if (side === "review" && !review.canRequestAdditionalInformation)
    throw redirect(reviewPath(side, review.id, "overview"));
  const [supplements, extra] = await Promise.all([
    listSupplements({ db: page.db, viewer: page.viewer, now, t: svT() }, transferId),
    extraSectionsOf(page, transferId, now),
  ]);
  if (!supplements) throw notFoundPage();
  const search = new URL(request.url).searchParams;
  const known = (id: string | null) => (id && supplements.some((s) => s.id === id) ? id : null);
  return json(
    {
      title: t("additionals.title"),
      review,
      role: page.user.role,
      side,
      ...reviewNavigation(side, review.id),
      supplements,
      newRequest: await newRequestOf(page, transferId, search, review),
      cancelling: known(search.get("avbryt")),
      replacing: known(search.get("ersatt")),
      rejecting: known(search.get("neka")),
      extra,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const GUARANTOR_FAILED = {
  save: "review:additionals.toast.guarantorFailed",
  add: "review:additionals.toast.guarantorsFailed",
  remove: "review:additionals.toast.guarantorRemoveFailed",
} as const;

export async function additionalsTabAction(request: Request, transferId: string, side: ReviewSide) {
  const page = await reviewPage(request, side);
  const here = reviewPath(side, transferId, TAB);
  const ctx = page.context;
  if (mediaType(request) === "multipart/form-data") return uploadAnswer(request, ctx, transferId, here);

  const raw = await readPageForm(request);
  // A guarantor's own remove button names the guarantor in its intent (one button, one value).
  const form = new FormData();
  let removeId: string | null = null;
  for (const [key, value] of raw.entries()) {
    if (key === "intent" && typeof value === "string" && value.startsWith("removeGuarantor:")) {
      removeId = value.slice("removeGuarantor:".length);
      form.append("intent", "removeGuarantor");
    } else form.append(key, value);
  }
  const toast = (key: string, to = here) => redirectWithToast(to, { key }, { request });
  /** Validation as the form's errors: in the summary (formLevel, or an error of the whole input), else at the fields. */
  const validation =
    (submission: Parameters<typeof formError>[0], formLevel = false): RefusalAnswer =>
    (error) =>
      (formLevel || "" in error.fieldErrors ? replyForm(submission) : replyFields(submission))(error);

  const guarantorsHandler = (mode: "save" | "add" | "remove") => async () => {
    const submission = parseForm(form, GuarantorsFormSchema);
    if (submission.status !== "success") return formError(submission);
    const { requestId, guarantors } = submission.value;
    let list = guarantors;
    if (mode === "add") list = [...guarantors, { identifier: "", firstName: "", lastName: "" }];
    if (mode === "remove") list = guarantors.filter((g) => g.id !== removeId);
    try {
      await setAnswerGuarantors(ctx, { transferId, requestId, guarantors: list });
    } catch (error) {
      // Spec 02 §8's text for each: a guarantor's details, the list, a removal; the form keeps what was typed.
      const failed = GUARANTOR_FAILED[mode];
      return refuse(error, {
        notFound: "page",
        validation: validation(submission, true),
        otherwise: keepForm(submission, failed),
        failure: failedForm(submission, failed, "the guarantors of an answer could not be saved"),
      });
    }
    return mode === "save"
      ? toast("review:additionals.toast.guarantorsSaved", `${here}${anchor(requestId)}`)
      : redirect(`${here}${anchor(requestId)}`, 303);
  };

  return handleIntent(form, {
    ...extraIntents(request, page, transferId),
    choose: async () => {
      // Without JavaScript the type and the person are chosen first (a step of their own), then the message.
      const query = ["ny"];
      const category = form.get("category");
      const person = form.get("personId");
      if (typeof category === "string" && category) query.push(`typ=${encodeURIComponent(category)}`);
      if (typeof person === "string" && person) query.push(`person=${encodeURIComponent(person)}`);
      return redirect(`${here}?${query.join("&")}#ny-komplettering`, 303);
    },
    preview: async () => {
      const submission = parseForm(form, NewSupplementFormSchema);
      if (submission.status !== "success") return formError(submission);
      const preview = await previewSupplementMail(page.db, page.viewer, transferId, submission.value.message);
      return json({ result: submission.reply(), preview });
    },
    create: async () => {
      const submission = parseForm(form, NewSupplementFormSchema);
      if (submission.status !== "success") return formError(submission);
      try {
        const { requestId } = await createSupplementRequest(ctx, transferId, submission.value);
        return toast("review:additionals.toast.created", `${here}${anchor(requestId)}`);
      } catch (error) {
        return refuse(
          error,
          refusalsOf(request, here, {
            failed: "review:additionals.toast.createFailed",
            validation: validation(submission),
          }),
        );
      }
    },
    cancel: async () => {
      const submission = parseForm(form, SupplementRefFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { requestId } = submission.value;
      if (form.get("confirmed") !== "yes")
        return redirect(`${here}?avbryt=${encodeURIComponent(requestId)}`, 303);
      try {
        await cancelSupplementRequest(ctx, { transferId, requestId });
      } catch (error) {
        return refuse(error, refusalsOf(request, here, { failed: "review:additionals.toast.cancelFailed" }));
      }
      return toast("review:additionals.toast.cancelled", `${here}${anchor(requestId)}`);
    },
    forward: async () => {
      const submission = parseForm(form, ForwardFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { requestId } = submission.value;
      const forwarded = submission.value.forwarded === "true";
      try {
        await setSupplementForwarded(ctx, { transferId, requestId, forwarded });
      } catch (error) {
        return refuse(error, refusalsOf(request, here));
      }
      return toast(
        forwarded ? "review:additionals.toast.forwarded" : "review:additionals.toast.unforwarded",
        `${here}${anchor(requestId)}`,
      );
    },
    saveGuarantors: guarantorsHandler("save"),
    addGuarantor: guarantorsHandler("add"),
    removeGuarantor: guarantorsHandler("remove"),
    removeDocument: async () => {
      const submission = parseForm(form, SupplementRefFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { requestId } = submission.value;
      try {
        const { fileName } = await removeAnswerDocument(ctx, { transferId, requestId });
        return redirectWithToast(
          `${here}${anchor(requestId)}`,
          { key: "review:additionals.toast.documentRemoved", values: { fileName } },
          { request },
        );
      } catch (error) {
        return refuse(error, refusalsOf(request, here));
      }
    },
    submit: async () => {
      const submission = parseForm(form, SupplementRefFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { requestId } = submission.value;
      try {
        await submitAnswer(ctx, { transferId, requestId });
      } catch (error) {
        return refuse(error, refusalsOf(request, here, { validation: validation(submission, true) }));
      }
      return toast("review:additionals.toast.sent", `${here}${anchor(requestId)}`);
    },
    accept: async () => {
      const submission = parseForm(form, AcceptAnswerFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { requestId, confirmed } = submission.value;
      const views = await listSupplements(
        { db: page.db, viewer: page.viewer, now: new Date(), t: svT() },
        transferId,
      );
      if (!views) throw notFoundPage();
      const answer = views.find((s) => s.id === requestId)?.answer;
      if (
        answer &&
        (answer.hasConflictingDocument || answer.hasConflictingGuarantor) &&
        confirmed !== "yes"
      ) {
        return redirect(`${here}?ersatt=${encodeURIComponent(requestId)}${anchor(requestId)}`, 303);
      }
      try {
        await acceptAnswer(ctx, { transferId, requestId });
      } catch (error) {
        return refuse(error, refusalsOf(request, here));
      }
      return toast("review:additionals.toast.accepted", `${here}${anchor(requestId)}`);
    },
    reject: async () => {
      const submission = parseForm(form, RejectAnswerFormSchema);
      if (submission.status !== "success") return formError(submission);
      const { requestId, reason } = submission.value;
      try {
        await rejectAnswer(ctx, { transferId, requestId, reason });
      } catch (error) {
        return refuse(error, refusalsOf(request, here, { validation: validation(submission) }));
      }
      return toast("review:additionals.toast.rejected", `${here}${anchor(requestId)}`);
    },
  });
}
