import { useTranslation } from "react-i18next";
import type { Preview } from "./types";

/** The e-mail a new request would send: a step of the `Ny komplettering` form, with a way back to it. */
export function MailPreview({ preview }: { preview: Preview }) {
  const { t } = useTranslation("review");
  return (
    <section
      className="mail-preview"
      aria-labelledby="mail-preview-title"
      tabIndex={-1}
      id="forhandsgranskning"
    >
      <h3 id="mail-preview-title">{t("additionals.preview")}</h3>
      <p>
        <strong>{t("additionals.previewSubject")}:</strong> {preview.subject}
      </p>
      <div className="mail-preview__body">
        <p className="preline">{preview.header}</p>
        <p className="preline">{preview.message}</p>
        <p className="preline">{preview.footer}</p>
      </div>
      <p>
        <a href="#ny-komplettering">{t("additionals.previewBack")}</a>
      </p>
    </section>
  );
}
