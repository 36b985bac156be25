import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import { CreditCheckTermsSchema } from "~/schemas/credit-check";
import type { TransferReview } from "~/schemas/transfer-views";
import { orderCreditCheck, rejectedReasonKey } from "~/server/domain/credit-checks/orders.server";
import { formError, parseForm, readPageForm } from "~/server/web/forms.server";
import { refuse, toastBack } from "~/server/web/refusal.server";
import { notFoundPage, reviewOf, reviewPage, reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { svT } from "~/server/platform/i18n.server";
import { ErrorSummary } from "~/ui/error-summary";
import { Checkbox } from "~/ui/forms";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * The terms before a credit check (spec 02 §4 "Credit check per person", §5): the person, the legitimate need and
 * that the manager may invoice the cost, confirmed with a checkbox; Ta kreditupplysning orders through the same
 * domain function as `POST api/core/reviews/{transferId}/creditchecks`. A page of its own, so it works without
 * JavaScript; the overview's Ta kreditupplysning links here.
 */

function personOf(review: TransferReview, personId: string | null) {
  return [...review.acquirers, ...review.guarantors].find((p) => p.id === personId) ?? null;
}

async function load(request: Request, transferId: string, personId: string | null) {
  const page = await reviewPage(request, "review");
  const review = await reviewOf(page, transferId, "overview");
  const person = personOf(review, personId);
  if (!person) throw notFoundPage();
  return { page, review, person };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { review, person } = await load(
    request,
    params.id ?? "",
    new URL(request.url).searchParams.get("person"),
  );
  const order = person.actions.find((a) => a.type === "OrderCreditCheck") ?? null;
  return json(
    {
      title: svT()("review:creditCheck.terms.title"),
      transferId: review.id,
      objectDescription: review.objectDescription,
      person: {
        id: person.id,
        name: personDisplayName(person),
        identifier: formatIdentifierForDisplay(person.identifier),
      },
      offered: order ? { disabled: order.disabled, reason: order.disabledReason ?? null } : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const transferId = params.id ?? "";
  const submission = parseForm(form, CreditCheckTermsSchema);
  const { page, review, person } = await load(
    request,
    transferId,
    typeof form.get("person") === "string" ? (form.get("person") as string) : null,
  );
  if (submission.status !== "success") return formError(submission);
  const overview = reviewPath("review", review.id, "overview");
  try {
    const outcome = await orderCreditCheck(page.context, review.id, { identifier: person.identifier });
    if ("orderId" in outcome) {
      return redirectWithToast(
        overview,
        { key: "review:creditCheck.ordered", values: { name: outcome.personName } },
        { request },
      );
    }
    return redirectWithToast(
      overview,
      outcome.rejectedReasons.map((reason) => ({ key: rejectedReasonKey(reason), type: "error" as const })),
      { request },
    );
  } catch (error) {
    return refuse(error, { notFound: "page", otherwise: toastBack(request, overview) });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: pageTitle(data ? `${data.title} – ${data.person.name}` : thrownTitle(error)) },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function CreditCheckTerms() {
  const { transferId, objectDescription, person, offered } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = usePageForm(CreditCheckTermsSchema, {
    id: "credit-check-terms",
    lastResult: lastResultOf(useActionData<typeof action>()),
  });
  const back = `/transfers/${encodeURIComponent(transferId)}/overview`;
  return (
    <div className="page page--narrow">
      <ErrorSummary form={form} order={["confirmed"]} />
      <p>
        <Link to={back}>{t("creditCheck.result.back")}</Link>
      </p>
      <h1>{t("creditCheck.terms.title")}</h1>
      <p className="field__hint">{objectDescription}</p>
      <p>{t("creditCheck.terms.person", { name: person.name, identifier: person.identifier })}</p>
      {offered && !offered.disabled ? (
        <Form method="post" {...getFormProps(form)} replace>
          <input type="hidden" name="person" value={person.id} />
          <h2>{t("creditCheck.terms.heading")}</h2>
          <p>{t("creditCheck.terms.need")}</p>
          <p>{t("creditCheck.terms.cost")}</p>
          <Checkbox field={fields.confirmed} label={t("creditCheck.terms.confirm")} />
          <div className="button-row">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {t("creditCheck.terms.submit")}
            </button>
            <Link to={back} className="button button--secondary">
              {t("creditCheck.terms.cancel")}
            </Link>
          </div>
        </Form>
      ) : (
        <div className="notice">
          <p>{t("creditCheck.terms.notOffered")}</p>
          {offered?.reason ? <p>{offered.reason}</p> : null}
        </div>
      )}
    </div>
  );
}
