import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { DecisionFormSchema } from "~/schemas/decision";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { todayInStockholm } from "~/lib/dates";
import { endedSigningChoices } from "~/server/domain/decision/sessions.server";
import { SignStartError, startDecision } from "~/server/domain/decision/start.server";
import type { DecisionKind } from "~/server/domain/decision/text.server";
import { mediaType } from "~/server/platform/body.server";
import { getT } from "~/server/platform/i18n.server";
import {
  decisionInput,
  discardDecisionFile,
  fileErrorKey,
  readDecisionUpload,
  signingEnvFor,
} from "~/server/web/decision.server";
import { fieldErrorsOnly, parseForm, readPageForm } from "~/server/web/forms.server";
import { domainFieldErrors, refuse } from "~/server/web/refusal.server";
import { notFoundPage, reviewOf, reviewPage, reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { domainErrorText } from "~/server/web/transfer-api.server";
import { pageTitle } from "~/ui/page-title";
import { DecisionPage } from "~/ui/review/decision/DecisionPage";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * The membership decision (spec 02 §2.7 `Meddela godkännande`/`Meddela avslag`, 03 §4.6): a board member approves
 * (every acquirer ticked; members pre-ticked and locked) or rejects (a reason) and signs with BankID on this or
 * another device; a property manager announces the board's decision (its date, and for an approval its file) the
 * same way, or by proxy with property_manager_proxy. The post starts the signing and goes to its page; a proxy
 * announcement is recorded at once. The page is ui/review/decision/DecisionPage.tsx.
 */

function kindOf(request: Request): DecisionKind | null {
  const d = new URL(request.url).searchParams.get("d");
  return d === "approve" ? "Approve" : d === "reject" ? "Reject" : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await reviewPage(request, "review");
  const kind = kindOf(request);
  const transferId = params.id ?? "";
  const review = await reviewOf(page, transferId, "overview");
  const overview = reviewPath("review", review.id, "overview");
  if (!kind) throw redirect(overview);
  const offered = review.actions.find(
    (a) => a.type === (kind === "Approve" ? "ApproveMembership" : "RejectMembership"),
  );
  if (!offered || offered.disabled) {
    const t = await getT(request, "review");
    throw await redirectWithToast(
      overview,
      {
        key: "review:toast.refused",
        values: { reason: offered?.disabledReason ?? t("decision.error.ongoing") },
        type: "error",
      },
      { request },
    );
  }
  const t = await getT(request, "review");
  const announce = page.user.role === "PropertyManager";
  // Back from a signing that ended without a decision (Avbryt, Försök igen): what was chosen then, chosen again.
  const from = new URL(request.url).searchParams.get("from");
  const ended = from ? await endedSigningChoices(page.context, review.id, from) : null;
  const previous = ended?.decision === kind ? ended : null;
  return json(
    {
      previous: previous
        ? {
            acquirerIds: previous.acquirerIds,
            reason: previous.reason ?? undefined,
            decisionDate: previous.decisionDate ?? undefined,
          }
        : null,
      title: t(announce ? `decision.announce.${kind}` : `decision.board.${kind}`),
      kind,
      announce,
      proxy: kind === "Approve" && page.user.features.includes("property_manager_proxy"),
      today: todayInStockholm(),
      transfer: {
        id: review.id,
        objectDescription: review.objectDescription,
        association: review.tenantAssociation.name,
        version: review.version,
        acquirers: review.acquirers.map((a) => ({
          id: a.id,
          name: `${a.firstName} ${a.lastName}`.trim(),
          identifier: formatIdentifierForDisplay(a.identifier),
          member: a.membershipStatus === "MEMBER",
        })),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { context: ctx, user } = await reviewPage(request, "review");
  const transferId = params.id ?? "";
  const kind = kindOf(request);
  if (!kind) throw notFoundPage();
  let fields: FormData;
  let file = null;
  let fileErrors: Record<string, string[]> = {};
  let status = 400;
  if (mediaType(request) === "multipart/form-data") {
    const upload = await readDecisionUpload(request, ctx.storage, user.id);
    file = upload.file;
    if (upload.fileError) {
      fileErrors = { decisionDocument: [fileErrorKey(upload.fileError)] };
      if (upload.fileError === "tooLarge") status = 413;
      if (upload.fileError === "tooMany") status = 429;
    }
    if (!upload.fields) {
      // A body far over the limit was not read at all: its file is the one thing to say (nothing typed came).
      return json({ result: fieldErrorsOnly(fileErrors), ongoing: false }, { status });
    }
    fields = upload.fields;
  } else {
    fields = await readPageForm(request);
  }
  const submission = parseForm(fields, DecisionFormSchema);
  const reply = (
    fieldErrors: Record<string, string[]>,
    options: { formErrors?: string[]; status?: number } = {},
  ) => {
    const result: SubmissionResult<string[]> = submission.reply({
      fieldErrors,
      formErrors: options.formErrors,
    });
    return json({ result, ongoing: (options.status ?? 400) === 409 }, { status: options.status ?? status });
  };
  if (submission.status !== "success" || Object.keys(fileErrors).length > 0) {
    await discardDecisionFile(ctx.storage, file);
    return reply(fileErrors);
  }
  const overview = reviewPath("review", transferId, "overview");
  try {
    const result = await startDecision(
      ctx,
      signingEnvFor(request, context),
      decisionInput(fields, kind, file, transferId),
    );
    if (result.kind === "decided") {
      return redirectWithToast(overview, { key: "review:decision.announced" }, { request });
    }
    const back = kind === "Approve" ? "approve" : "reject";
    return redirect(
      `${reviewPath("review", transferId, "decision/sign")}?signId=${encodeURIComponent(result.state.signId)}&d=${back}`,
      303,
    );
  } catch (error) {
    await discardDecisionFile(ctx.storage, file);
    if (error instanceof SignStartError) {
      return reply({}, { formErrors: [`bankid:${error.rfa}`], status: 503 });
    }
    return refuse(error, {
      notFound: "page",
      validation: (refusal) => reply(domainFieldErrors(refusal)),
      // Refused now (someone is signing, the membership was handled, the transfer changed): say so, and offer Stäng.
      otherwise: (refusal) =>
        reply(
          {},
          {
            formErrors: [
              `review:decision.error.${kind}`,
              `review:decision.error.ongoing`,
              domainErrorText(refusal),
            ],
            status: 409,
          },
        ),
    });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: pageTitle(data?.title ?? thrownTitle(error)) },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function TransferDecision() {
  return <DecisionPage data={useLoaderData<typeof loader>()} />;
}
