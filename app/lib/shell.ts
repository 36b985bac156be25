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
