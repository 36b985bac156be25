import crypto from "node:crypto";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent by another site (docs/decisions/002-csrf.md).
 * The Origin header is compared by host so that a TLS-terminating proxy in front of the server does not matter.
 */
export function isCrossSiteWrite(request: Request, { trustProxy }: { trustProxy: boolean }): boolean {
  return isCrossSite(request.method, headersOf(request), { trustProxy });
}

/** A request's headers as the rules below read them; a Request built without Host names its URL's host. */
export function headersOf(request: Request): (name: string) => string | null {
  return (name) => request.headers.get(name) ?? (name === "Host" ? new URL(request.url).host : null);
}

/**
 * The same rule over any header source (server.js passes Express's `req.get`). X-Forwarded-Host is anybody's to
 * send, so it names the host only behind a proxy that sets it (TRUST_PROXY=1).
 */
export function isCrossSite(
  method: string,
  header: (name: string) => string | null | undefined,
  { trustProxy }: { trustProxy: boolean },
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  return comesFromElsewhere(header, { trustProxy });
}

/**
 * Whether a request was sent by a page of another origin, whatever its method: by its Origin when it has one, else
 * by Sec-Fetch-Site (`same-origin`, or `none` for a typed address or a bookmark, are ours), else by its Referer, which
 * old browsers on locked-down machines send alone. A request with none of the three (curl, a server, a browser told
 * to send no Referer) passes: it carries no cookie by accident, and SameSite holds for the rest (decision 002).
 */
export function comesFromElsewhere(
  header: (name: string) => string | null | undefined,
  { trustProxy }: { trustProxy: boolean },
): boolean {
  const host = (trustProxy ? header("X-Forwarded-Host") : null) ?? header("Host");
  const origin = header("Origin") ?? null;
  if (origin !== null) return origin === "null" || hostOf(origin) !== host;
  const site = header("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const referer = header("Referer");
  if (referer) return hostOf(referer) !== host;
  return false;
}

function hostOf(address: string): string | null {
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The PDF preview (app/islands/PdfPreview.tsx) imports pdf.js by URL from /vendor/pdfjs/<version>/. Checked in
 * Chromium: that import() is admitted by script-src as it is (a dynamic import from a module a nonce'd script loaded
 * carries the nonce; 'self' is ignored beside 'strict-dynamic' and needs no widening), and pdf.js starts its
 * same-origin module worker under worker-src 'self'. It needs no blob: worker (pdf.js wraps only a worker from
 * another origin in one), so worker-src has none.
 */
export function contentSecurityPolicy(
  nonce: string,
  { dev, sameOriginFrame = false }: { dev: boolean; sameOriginFrame?: boolean },
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"],
    "style-src": ["'self'", `'nonce-${nonce}'`],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(dev ? ["ws:"] : [])],
    "worker-src": ["'self'"],
    // bankid: the signing dialog launches the desktop BankID app from a hidden frame (decision 028).
    "frame-src": ["'self'", "bankid:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    // Only the BankID status frames of the pages without JavaScript may be framed, by our own pages (decision 032).
    "frame-ancestors": [sameOriginFrame ? "'self'" : "'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Headers every answer carries; the CSP goes on documents only (it needs the document's nonce). A BankID status
 * frame (isFramePath) may be shown in a frame of our own pages, no other document in any frame. An answer over https
 * tells the browser to come back over https only, for a year (a browser ignores it over plain http).
 */
export function securityHeaders({
  sameOriginFrame = false,
  https = false,
}: { sameOriginFrame?: boolean; https?: boolean } = {}): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": sameOriginFrame ? "SAMEORIGIN" : "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/**
 * Whether the browser reached us over https: the request's own address, or, behind a proxy we trust
 * (TRUST_PROXY=1), the X-Forwarded-Proto the first proxy set, which anybody else could forge.
 */
export function cameOverHttps(request: Request, { trustProxy }: { trustProxy: boolean }): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (!trustProxy) return false;
  return request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * Headers of every answer that serves a user's file: a sandboxed document with no origin, so that a file that is
 * also HTML (a PDF/HTML polyglot) runs nothing and reaches nothing of ours, even where nosniff is ignored. It does
 * not touch the PDF preview, which fetches the bytes from our page and hands them to pdf.js.
 */
export function servedFileHeaders(): Record<string, string> {
  return { "Content-Security-Policy": "sandbox", "X-Content-Type-Options": "nosniff" };
}
