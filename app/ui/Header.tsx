import { NavLink } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LinkList } from "./LinkList";
import { MENU_ENTRIES, type MenuEntry } from "~/lib/shell";
import { HEADER_FIRST_NAME_MAX, HEADER_LAST_NAME_MAX, truncate } from "~/lib/truncate";

export interface HeaderUser {
  firstName: string;
  lastName: string;
  email: string | null;
  role: "PropertyManager" | "BoardMember";
  features: string[];
  /** A board member (decided on the server, `isBoardMember`). */
  boardMember: boolean;
  tenantDisplayName: string | null;
  /** The menu entries this user can use, decided on the server (`menuOf`). */
  menu: MenuEntry[];
}

export interface HeaderTheme {
  logoUrl: string;
  logoAltText: string;
  promoteApp: boolean;
}

export function Header({
  user,
  theme,
  liveStatus = null,
  messages = null,
}: {
  user: HeaderUser | null;
  theme: HeaderTheme;
  /** The live connection's state (an island), shown to property managers. */
  liveStatus?: React.ReactNode;
  /** The envelope with the unhandled messages (an island), for users with the messages worklist. */
  messages?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const headerRef = useRef<HTMLElement>(null);
  useCloseDisclosuresOnEscape(headerRef);
  const isProxy = user?.features.includes("property_manager_proxy") ?? false;
  const menu = user
    ? [
        ...user.menu.map((entry) => ({ to: MENU_ENTRIES[entry].to, label: t(MENU_ENTRIES[entry].label) })),
        { to: "/account", label: t("shell.nameAndContact"), mobileOnly: true },
      ]
    : [];
  return (
    <header className="header" ref={headerRef}>
      <div className="header__bar">
        <a className="header__logo" href="/">
          <img src={theme.logoUrl} alt={t("shell.homeLink", { tenant: theme.logoAltText })} height={40} />
        </a>
        {user ? (
          <nav className="header__nav" aria-label={t("shell.mainMenu")}>
            <ul>
              {menu.map((item) => (
                <li key={item.to} className={"mobileOnly" in item ? "mobile-only" : undefined}>
                  <NavLink to={item.to} end={item.to === "/transfers"} prefetch="intent">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {user ? (
          <div className="header__tools">
            {user.role === "PropertyManager" ? liveStatus : null}
            {messages}
            {isProxy ? <span className="badge badge--proxy">{t("shell.proxyBadge")}</span> : null}
            {theme.promoteApp && !isProxy ? (
              <details className="disclosure disclosure--app">
                <summary>{t("shell.getApp")}</summary>
                <div className="disclosure__panel">
                  <p>{t("shell.getAppText")}</p>
                  <ul className="link-list">
                    <li>
                      <a href="https://apps.apple.com/se/">{t("shell.appStore")}</a>
                    </li>
                    <li>
                      <a href="https://play.google.com/store/apps">{t("shell.googlePlay")}</a>
                    </li>
                  </ul>
                </div>
              </details>
            ) : null}
            <UserMenu user={user} />
          </div>
        ) : null}
      </div>
    </header>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <details className="disclosure disclosure--user">
      <summary aria-label={t("shell.userMenuFor", { name: fullName })}>
        <span aria-hidden="true">
          {truncate(user.firstName, HEADER_FIRST_NAME_MAX)} {truncate(user.lastName, HEADER_LAST_NAME_MAX)}
        </span>
      </summary>
      <div className="disclosure__panel disclosure__panel--right">
        <p className="user-menu__name">{fullName}</p>
        {user.email ? <p className="user-menu__email">{withBreakBeforeAt(user.email)}</p> : null}
        {user.tenantDisplayName ? <p className="user-menu__tenant">{user.tenantDisplayName}</p> : null}
        <LinkList links={["account", "logout"]} className="link-list" />
        <LinkList
          links={["cookies", "terms", "integrity", "support"]}
          className="link-list link-list--small"
        />
      </div>
    </details>
  );
}

/** An e-mail address that may wrap before its @ rather than in the middle of a word. */
function withBreakBeforeAt(email: string) {
  const at = email.indexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** With JavaScript, Escape closes an open menu and returns focus to its summary; a click outside closes it. */
function useCloseDisclosuresOnEscape(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of root.querySelectorAll<HTMLDetailsElement>("details[open]")) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      for (const details of root.querySelectorAll<HTMLDetailsElement>("details[open]")) {
        if (!details.contains(event.target as Node)) details.open = false;
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [ref]);
}
