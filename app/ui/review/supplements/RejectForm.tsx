import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RejectAnswerFormSchema } from "~/schemas/supplements";
import { TextArea } from "~/ui/forms";
import { usePageForm } from "~/ui/use-page-form";
import type { LastResult } from "./types";

/** The rejection of an answer asks for its reason (a page state, `?neka=`), then posts it. */
export function RejectForm({
  requestId,
  here,
  back,
  busy,
  lastResult,
}: {
  requestId: string;
  here: string;
  back: string;
  busy: boolean;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("review");
  const id = `komplettering-${requestId}-neka`;
  const [form, fields] = usePageForm(RejectAnswerFormSchema, { id: `reject-${requestId}`, lastResult });
  return (
    <div className="confirm-panel" id={id} role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t("additionals.answer.rejectTitle")}</h4>
      <Form method="post" action={here} id={form.id} noValidate>
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="requestId" value={requestId} />
        <TextArea field={fields.reason} label={t("additionals.answer.reason")} rows={3} />
        <div className="button-row">
          <button type="submit" className="button button--warning" aria-disabled={busy || undefined}>
            {t("additionals.answer.rejectSubmit")}
          </button>
          <Link to={back} className="button button--secondary">
            {t("additionals.answer.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
