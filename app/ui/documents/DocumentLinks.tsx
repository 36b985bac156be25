import { useTranslation } from "react-i18next";

/** Where a document opens (the browser's own viewer, through a signed link), is downloaded and is previewed. */
export function documentUrls(transferId: string, documentId: string) {
  const openUrl = `/transfers/${encodeURIComponent(transferId)}/documents/${encodeURIComponent(documentId)}`;
  return { openUrl, downloadUrl: `${openUrl}?download`, previewUrl: `${openUrl}?preview` };
}

/** Opens the document in a new tab, in the browser's own PDF viewer. */
export function OpenDocumentLink({ href, fileName }: { href: string; fileName: string }) {
  const { t } = useTranslation("review");
  return (
    <a href={href} target="_blank" rel="noopener" className="button button--secondary">
      {t("documents.open", { fileName })}
      <span className="visually-hidden"> {t("documents.newTab")}</span>
    </a>
  );
}

/** Saves the document under the spec's safe file name (the route passes `download` on to the signed link). */
export function DownloadDocumentLink({ href, fileName }: { href: string; fileName: string }) {
  const { t } = useTranslation("review");
  return (
    <a href={href} className="button button--secondary" download>
      {t("documents.download", { fileName })}
    </a>
  );
}
