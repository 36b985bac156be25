import { useTranslation } from "react-i18next";
import { LinkList } from "./LinkList";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <nav aria-label={t("shell.footer")}>
        <LinkList links={["integrity", "cookies", "terms", "support", "faq"]} className="footer__links" />
      </nav>
    </footer>
  );
}
