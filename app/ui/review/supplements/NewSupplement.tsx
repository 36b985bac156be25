import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NEW_FORM, type FailedForm } from "./failed-form";
import { MailPreview } from "./MailPreview";
import { NewRequestForm } from "./NewRequestForm";
import type { LastResult, NewRequestData, Preview } from "./types";

/**
 * `Ny komplettering` on the tab: why it is not offered, or the form (opened by `?ny`, a failed post of its own or
 * its e-mail preview) with the preview above it, or the link that opens it.
 */
export function NewSupplement({
  data,
  preview,
  failed,
  lastResult,
  here,
  busy,
}: {
  data: NewRequestData;
  preview: Preview | null;
  failed: FailedForm;
  lastResult: LastResult;
  here: string;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  const composing = !data.disabled && (data.open || failed.formId === NEW_FORM || preview !== null);
  return data.disabled ? (
    <p className="notice" role="note">
      {data.disabledReason ?? t("additionals.decisionMade")}
    </p>
  ) : composing ? (
    <>
      {preview ? <MailPreview preview={preview} /> : null}
      <NewRequestForm
        data={data}
        here={here}
        busy={busy}
        lastResult={failed.formId === NEW_FORM ? lastResult : undefined}
      />
    </>
  ) : (
    <p>
      <Link className="button" to="?ny#ny-komplettering" preventScrollReset>
        {t("additionals.new")}
      </Link>
    </p>
  );
}
