import { useTranslation } from "react-i18next";

/** Where the policy and support pages live; the user menu and the footer list them in their own orders. */
export const SHELL_LINKS = {
  cookies: { href: "/cookies", label: "shell.cookiePolicy" },
  terms: { href: "/terms", label: "shell.terms" },
  integrity: { href: "/integrity", label: "shell.privacyPolicy" },
  support: { href: "/contact", label: "shell.support" },
  faq: { href: "/faq#11", label: "shell.faq" },
  account: { href: "/account", label: "shell.account" },
  logout: { href: "/logout", label: "shell.logOut" },
} as const;

export type ShellLink = keyof typeof SHELL_LINKS;

export function LinkList({ links, className }: { links: ShellLink[]; className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {links.map((key) => (
        <li key={key}>
          <a href={SHELL_LINKS[key].href}>{t(SHELL_LINKS[key].label)}</a>
        </li>
      ))}
    </ul>
  );
}
