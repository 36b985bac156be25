/** Paths whose header is hidden (spec 01 §2 "App shell"); the last two are our choice, see docs/shell.md. */
const HEADER_HIDDEN = [
  /^\/$/,
  /^\/login(\/|$)/,
  /^\/user\/pending\/?$/,
  /^\/user\/register(\/|$)/,
  /^\/signature\/?$/,
  /^\/logout\/?$/,
  /^\/unavailable\/?$/,
];

export function isHeaderHiddenPath(pathname: string): boolean {
  return HEADER_HIDDEN.some((re) => re.test(pathname));
}

/**
 * The BankID status frames of the waiting pages without JavaScript (decision 032): small documents of their own,
 * shown in an <iframe> of the page, without the site's header, footer or toasts, and the only documents our own
 * pages may frame.
 */
const FRAMES = [/^\/login\/bankid\/wait\/status\/?$/, /^\/transfers\/[^/]+\/decision\/sign\/status\/?$/];

export function isFramePath(pathname: string): boolean {
  return FRAMES.some((re) => re.test(pathname));
}

/** The sign-in pages hide the menu but still carry the tenant's logo, as every other page's header does. */
export function isLogoOnlyHeaderPath(pathname: string): boolean {
  return /^\/login(\/|$)/.test(pathname);
}

/**
 * The entries of the main menu (spec 01 §2). Which of them a user gets is decided on the server
 * (`menuOf` in server/auth/guards.server.ts) and sent with the root loader's data.
 */
export const MENU_ENTRIES = {
  transfers: { to: "/transfers", label: "shell.transfers" },
  myTransfers: { to: "/transfers/private", label: "shell.myTransfers" },
  completedTransfers: { to: "/completedTransfers", label: "shell.completedTransfers" },
} as const;
export type MenuEntry = keyof typeof MENU_ENTRIES;

const KEEP_SCROLL = ["document", "overview", "additionals", "analysis", "messages"];

/** Navigation keeps the scroll position on these paths instead of starting at the top. */
export function keepsScrollPosition(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return KEEP_SCROLL.some((part) => lower.includes(part));
}

/**
 * The ScrollRestoration key: one shared key for the tabs of one case (so switching tab keeps the position),
 * otherwise Remix's per-entry key (so new pages start at the top and back/forward restore).
 */
export function scrollKey(location: { pathname: string; key: string }): string {
  if (!keepsScrollPosition(location.pathname)) return location.key;
  return "keep:" + location.pathname.split("/").slice(0, 3).join("/");
}
