import type { LoaderFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isFramePath } from "~/lib/shell";
import {
  cameOverHttps,
  contentSecurityPolicy,
  createNonce,
  isCrossSiteWrite,
  securityHeaders,
} from "./security.server";
import { guardAction, personalAnswers } from "./protect-routes.server";

function req(method: string, headers: Record<string, string>) {
  return new Request("http://portal.example/cookies", {
    method,
    headers: { Host: "portal.example", ...headers },
  });
}

const direct = { trustProxy: false };

describe("cross-site writes", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite(req("GET", { Origin: "https://evil.example" }), direct)).toBe(false);
  });

  it("refuses a post whose Origin is another site, or opaque, or malformed", () => {
    expect(isCrossSiteWrite(req("POST", { Origin: "https://evil.example" }), direct)).toBe(true);
    expect(isCrossSiteWrite(req("POST", { Origin: "null" }), direct)).toBe(true);
    expect(isCrossSiteWrite(req("DELETE", { Origin: "not a url" }), direct)).toBe(true);
    expect(isCrossSiteWrite(req("POST", { "Sec-Fetch-Site": "cross-site" }), direct)).toBe(true);
  });

  it("accepts same-origin posts, also behind a TLS-terminating proxy, and clients that send no Origin", () => {
    expect(isCrossSiteWrite(req("POST", { Origin: "http://portal.example" }), direct)).toBe(false);
    expect(isCrossSiteWrite(req("POST", { Origin: "https://portal.example" }), direct)).toBe(false);
    expect(isCrossSiteWrite(req("PUT", {}), direct)).toBe(false);
    expect(isCrossSiteWrite(req("POST", { "Sec-Fetch-Site": "same-origin" }), direct)).toBe(false);
  });

  it("refuses a post that has neither Origin nor Sec-Fetch-Site but another site's Referer", () => {
    expect(isCrossSiteWrite(req("POST", { Referer: "https://evil.example/form.html" }), direct)).toBe(true);
    expect(isCrossSiteWrite(req("POST", { Referer: "not a url" }), direct)).toBe(true);
    expect(isCrossSiteWrite(req("POST", { Referer: "http://portal.example/transfers" }), direct)).toBe(false);
    expect(isCrossSiteWrite(req("POST", { Referer: "https://portal.example/transfers" }), direct)).toBe(
      false,
    );
  });

  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const forged = req("POST", { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(isCrossSiteWrite(forged, direct)).toBe(true);
    const proxied = req("POST", {
      Origin: "https://portal.example",
      Host: "app:3000",
      "X-Forwarded-Host": "portal.example",
    });
    expect(isCrossSiteWrite(proxied, { trustProxy: true })).toBe(false);
    expect(isCrossSiteWrite(proxied, direct)).toBe(true);
  });

  it("wrapped actions answer 403 before running", async () => {
    let ran = false;
    const action = guardAction(async () => {
      ran = true;
      return null;
    });
    const thrown = await Promise.resolve(
      action({ request: req("POST", { Origin: "https://evil.example" }), params: {}, context: {} }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(ran).toBe(false);
    await action({ request: req("POST", { Origin: "http://portal.example" }), params: {}, context: {} });
    expect(ran).toBe(true);
  });
});

describe("content security policy", () => {
  it("allows only nonce'd scripts and forbids framing", () => {
    const nonce = createNonce();
    const csp = contentSecurityPolicy(nonce, { dev: false });
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // The PDF preview's same-origin pdf.js worker, and nothing else (no blob: workers).
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("ws:");
    expect(contentSecurityPolicy(nonce, { dev: true })).toContain("connect-src 'self' ws:");
  });

  it("lets only a BankID status frame be framed, and only by our own pages (decision 032)", () => {
    const nonce = createNonce();
    expect(contentSecurityPolicy(nonce, { dev: false, sameOriginFrame: true })).toContain(
      "frame-ancestors 'self'",
    );
    expect(securityHeaders()["X-Frame-Options"]).toBe("DENY");
    expect(securityHeaders({ sameOriginFrame: true })["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(isFramePath("/transfers/t-1/decision/sign/status")).toBe(true);
    expect(isFramePath("/login/bankid/wait/status")).toBe(true);
    expect(isFramePath("/transfers/t-1/decision/sign")).toBe(false);
    expect(isFramePath("/login/bankid/status")).toBe(false);
    expect(isFramePath("/transfers/t-1/overview")).toBe(false);
  });

  it("makes a new nonce each time", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(Buffer.from(createNonce(), "base64")).toHaveLength(16);
  });

  it("sends the basic hardening headers", () => {
    expect(securityHeaders()).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});

describe("Strict-Transport-Security", () => {
  const at = (address: string, headers: Record<string, string> = {}) => new Request(address, { headers });

  it("is sent only on an answer to a request that came over https", () => {
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(securityHeaders({ https: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders()["Strict-Transport-Security"]).toBeUndefined();
  });

  it("believes X-Forwarded-Proto only behind a trusted proxy", () => {
    expect(cameOverHttps(at("https://portal.example/"), direct)).toBe(true);
    expect(cameOverHttps(at("http://portal.example/"), direct)).toBe(false);
    const proxied = at("http://app:3000/", { "X-Forwarded-Proto": "https" });
    expect(cameOverHttps(proxied, { trustProxy: true })).toBe(true);
    expect(cameOverHttps(proxied, direct)).toBe(false);
    // A chain of proxies: the first one met the browser.
    expect(
      cameOverHttps(at("http://app:3000/", { "X-Forwarded-Proto": "https, http" }), { trustProxy: true }),
    ).toBe(true);
    expect(cameOverHttps(at("http://app:3000/", { "X-Forwarded-Proto": "http" }), { trustProxy: true })).toBe(
      false,
    );
  });

  it("is on a resource route's answer over https, not over http", async () => {
    const answer = (request: Request) =>
      personalAnswers<LoaderFunction>(async () => Response.json({ a: 1 }))({
        request,
        params: {},
        context: {},
      });
    const secure = (await answer(at("https://portal.example/api/x"))) as Response;
    expect(secure.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    const plain = (await answer(at("http://portal.example/api/x"))) as Response;
    expect(plain.headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("resource route answers", () => {
  const args = { request: new Request("http://localhost/api/x"), params: {}, context: {} };

  it("are not cached and not sniffed, returned or thrown, unless the route chose its caching", async () => {
    const returned = (await personalAnswers<LoaderFunction>(async () => Response.json({ a: 1 }))(
      args,
    )) as Response;
    expect(returned.headers.get("Cache-Control")).toBe("no-store");
    expect(returned.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const thrown = await Promise.resolve(
      personalAnswers<LoaderFunction>(async () => {
        throw new Response("x", { status: 404 });
      })(args),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Cache-Control")).toBe("no-store");
    const stream = (await personalAnswers<LoaderFunction>(
      async () => new Response("", { headers: { "Cache-Control": "no-cache, no-transform" } }),
    )(args)) as Response;
    expect(stream.headers.get("Cache-Control")).toBe("no-cache, no-transform");
  });

  it("that serve a file (Content-Disposition) are sandboxed, whatever the route set", async () => {
    const served = (await personalAnswers<LoaderFunction>(
      async () => new Response("%PDF-", { headers: { "Content-Disposition": 'inline; filename="a.pdf"' } }),
    )(args)) as Response;
    expect(served.headers.get("Content-Security-Policy")).toBe("sandbox");
    const json = (await personalAnswers<LoaderFunction>(async () => Response.json({ a: 1 }))(
      args,
    )) as Response;
    expect(json.headers.get("Content-Security-Policy")).toBeNull();
  });
});
