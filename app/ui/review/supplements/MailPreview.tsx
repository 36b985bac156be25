import { useTranslation } from "react-i18next";
import type { Preview } from "./types";

/**
 * The e-mail a new request would send: a step of the `Ny komplettering` form, with a way back to it. The way back is
 * a link to the form on the same page; with JavaScript it moves focus there without a navigation, since the router
 * would take the change of the URL's fragment for one and drop the post's answer, and with it the form's type,
 * person and message.
 */
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
        <a
          href="#ny-komplettering"
          onClick={(event) => {
            const form = document.getElementById("ny-komplettering");
            if (!form) return;
            event.preventDefault();
            form.focus();
          }}
        >
          {t("additionals.previewBack")}
        </a>
      </p>
    </section>
  );
}
