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
