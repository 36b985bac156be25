import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { REJECT_REASON_MAX_LENGTH, RejectChangeRequestFormSchema } from "~/schemas/change-requests";
import type { ChangeRequestView } from "~/schemas/transfer-views";
import { ErrorSummary } from "~/ui/error-summary";
import { TextArea } from "~/ui/forms";
import { ChangeRequestValues } from "~/ui/review/change-requests/ChangeRequestsSection";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * `Avslå ändringsbegäran` (spec 02 §2.7's modal, as a page of its own so that it works without JavaScript): the
 * request's values, the reason the board gives (required), and the rejection. Cancelling goes back to the tab.
 */

export interface RejectChangeRequestData {
  review: { id: string; objectDescription: string };
  request: ChangeRequestView;
  back: string;
}

export function RejectChangeRequestPage({ data }: { data: RejectChangeRequestData }) {
  const { t } = useTranslation("review");
  const { review, request, back } = data;
  const actionData = useActionData();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = usePageForm(RejectChangeRequestFormSchema, {
    id: "reject-change-request",
    lastResult: lastResultOf(actionData),
  });
  return (
    <div className="page page--narrow">
      <ErrorSummary form={form} order={["rejectReason"]} />
      <p>
        <Link to={back}>{t("changeRequests.new.back")}</Link>
      </p>
      <p className="muted">{review.objectDescription}</p>
      <h1>{t("changeRequests.rejectPage.title")}</h1>
      <p>{t("changeRequests.rejectPage.text")}</p>
      <ChangeRequestValues request={request} />
      <Form method="post" {...getFormProps(form)}>
        <TextArea
          field={fields.rejectReason}
          label={t("changeRequests.rejectPage.reason")}
          maxLength={REJECT_REASON_MAX_LENGTH}
        />
        <div className="button-row">
          <button type="submit" className="button button--warning" aria-disabled={busy || undefined}>
            {t("changeRequests.rejectPage.submit")}
          </button>
          <Link to={back} className="button button--secondary">
            {t("changeRequests.rejectPage.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
