import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, isCrossSiteWrite, securityHeaders } from "./security.server";
import { guardAction } from "./protect-routes.server";

function req(method: string, headers: Record<string, string>) {
  return new Request("http://portal.example/cookies", {
    method,
    headers: { Host: "portal.example", ...headers },
  });
}

describe("cross-site writes", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite(req("GET", { Origin: "https://evil.example" }))).toBe(false);
  });

  it("refuses a post whose Origin is another site, or opaque, or malformed", () => {
    expect(isCrossSiteWrite(req("POST", { Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(req("POST", { Origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(req("DELETE", { Origin: "not a url" }))).toBe(true);
    expect(isCrossSiteWrite(req("POST", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });

  it("accepts same-origin posts, also behind a TLS-terminating proxy, and clients that send no Origin", () => {
    expect(isCrossSiteWrite(req("POST", { Origin: "http://portal.example" }))).toBe(false);
    expect(isCrossSiteWrite(req("POST", { Origin: "https://portal.example" }))).toBe(false);
    expect(isCrossSiteWrite(req("PUT", {}))).toBe(false);
    expect(isCrossSiteWrite(req("POST", { "Sec-Fetch-Site": "same-origin" }))).toBe(false);
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
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("ws:");
    expect(contentSecurityPolicy(nonce, { dev: true })).toContain("connect-src 'self' ws:");
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
