import { useTranslation } from "react-i18next";
import type { DocumentView } from "~/schemas/transfer-views";

/**
 * What an opened row of the Dokument tab shows: the document in the browser's own PDF viewer (a link, new tab)
 * and a download. The pdf.js preview island (issue 14 item 4) renders here when JavaScript runs.
 */
export function DocumentPreviewSlot({ document, openUrl }: { document: DocumentView; openUrl: string }) {
  const { t } = useTranslation("review");
  return (
    <div className="document-preview">
      <p className="button-row">
        <a href={openUrl} target="_blank" rel="noopener" className="button button--secondary">
          {t("documents.open", { fileName: document.fileName })}
          <span className="visually-hidden"> {t("documents.newTab")}</span>
        </a>
        <a href={`${openUrl}?download`} className="button button--secondary" download>
          {t("documents.download", { fileName: document.fileName })}
        </a>
      </p>
    </div>
  );
}
