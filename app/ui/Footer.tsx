import { useTranslation } from "react-i18next";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <nav aria-label={t("shell.footer")}>
        <ul className="footer__links">
          <li>
            <a href="/integrity">{t("shell.privacyPolicy")}</a>
          </li>
          <li>
            <a href="/cookies">{t("shell.cookiePolicy")}</a>
          </li>
          <li>
            <a href="/terms">{t("shell.terms")}</a>
          </li>
          <li>
            <a href="/contact">{t("shell.support")}</a>
          </li>
          <li>
            <a href="/faq#11">{t("shell.faq")}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
