/** Merges header sets; Set-Cookie values are appended, never replaced. */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") combined.append(key, value);
      else combined.set(key, value);
    });
  }
  return combined;
}

/**
 * A redirect target from user input: only same-origin paths, never protocol-relative or backslash tricks.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters in a redirect target are refused on purpose
  if (/[\u0000-\u001f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://localhost");
    if (url.origin !== "http://localhost") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The path and query of a request, as carried in `r` / redirectTo parameters. */
export function pathWithQuery(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Every Set-Cookie of a header set, with Node's Headers or Remix's fetch polyfill (which remix-serve installs). */
export function getSetCookies(headers: Headers): string[] {
  if (typeof headers.getSetCookie === "function") return headers.getSetCookie();
  const polyfill = headers as Headers & { getAll?: (name: string) => string[] };
  return polyfill.getAll?.("set-cookie") ?? [];
}
