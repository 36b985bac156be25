import { useTranslation } from "react-i18next";
import { PdfPreview } from "~/islands/PdfPreview";
import { useHydrated } from "~/ui/use-hydrated";
import { DownloadDocumentLink, OpenDocumentLink, documentUrls } from "./DocumentLinks";

/**
 * The preview of an opened document row (spec 02 §2.5). Without JavaScript: a link that opens the PDF in the
 * browser's own viewer in a new tab, and a download link. No `<object>` embed: it would need the CSP's
 * `object-src 'none'` widened and would load the PDF during hydration only to be replaced by the island, and the new
 * tab shows the same viewer at full size. With JavaScript: the pdf.js island (app/islands/PdfPreview.tsx).
 */
export function DocumentPreview({
  transferId,
  documentId,
  fileName,
  previewUrl,
}: {
  transferId: string;
  documentId: string;
  fileName: string;
  /** The document view's previewUrl, when the caller has it. */
  previewUrl?: string | null;
}) {
  const { t } = useTranslation("review");
  const hydrated = useHydrated();
  const urls = documentUrls(transferId, documentId);
  if (hydrated) {
    return (
      <PdfPreview
        fileName={fileName}
        previewUrl={previewUrl ?? urls.previewUrl}
        openUrl={urls.openUrl}
        downloadUrl={urls.downloadUrl}
      />
    );
  }
  return (
    <section className="document-preview" aria-label={t("document.preview.label", { fileName })}>
      <p className="button-row document-preview__links">
        <OpenDocumentLink href={urls.openUrl} fileName={fileName} />
        <DownloadDocumentLink href={urls.downloadUrl} fileName={fileName} />
      </p>
    </section>
  );
}
