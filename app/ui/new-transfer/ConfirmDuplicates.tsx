import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DuplicateList } from "./DuplicateList";
import type { Duplicates } from "./types";

/**
 * The create post found possible duplicates: they are listed and the create is asked again (`confirmed=yes`, the
 * same request id), or abandoned (`Nej, avbryt`: the page from the start).
 */
export function ConfirmDuplicates({
  duplicates,
  identifierType,
  identifierValue,
  requestId,
  busy,
}: {
  duplicates: Duplicates;
  identifierType: string;
  identifierValue: string;
  requestId: string;
  busy: boolean;
}) {
  const { t } = useTranslation("transfer");
  return (
    <section className="confirm-panel" aria-labelledby="duplicates-title" id="duplicates">
      <DuplicateList duplicates={duplicates} headingId="duplicates-title" />
      <h3>{t("create.confirmTitle")}</h3>
      <Form method="post" className="button-row">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="identifierType" value={identifierType} />
        <input type="hidden" name="identifier" value={identifierValue} />
        <input type="hidden" name="objectId" value={duplicates.objectId} />
        <input type="hidden" name="requestId" value={requestId} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {t("create.confirmYes")}
        </button>
        <Link to="/newTransfer" className="button button--secondary">
          {t("create.confirmNo")}
        </Link>
      </Form>
    </section>
  );
}
