import { describe, expect, it } from "vitest";
import { isHeaderHiddenPath, keepsScrollPosition, scrollKey } from "./shell";

describe("app shell rules", () => {
  it("hides the header on the start, login-type, pending, register and signature pages", () => {
    for (const path of [
      "/",
      "/login",
      "/login/bankid",
      "/user/pending",
      "/user/register",
      "/user/register/terms",
      "/signature",
      "/logout",
      "/unavailable",
    ]) {
      expect(isHeaderHiddenPath(path), path).toBe(true);
    }
    for (const path of ["/transfers", "/faq", "/account", "/integrity", "/loginx", "/user/pendingx"]) {
      expect(isHeaderHiddenPath(path), path).toBe(false);
    }
  });

  it("keeps the scroll position only on document, overview, additionals, analysis and messages paths", () => {
    expect(keepsScrollPosition("/transfers/1/overview")).toBe(true);
    expect(keepsScrollPosition("/transfers/1/documents")).toBe(true);
    expect(keepsScrollPosition("/transfers/1/additionals")).toBe(true);
    expect(keepsScrollPosition("/transfers/1/analysis")).toBe(true);
    expect(keepsScrollPosition("/messages")).toBe(true);
    expect(keepsScrollPosition("/transfers")).toBe(false);
    expect(keepsScrollPosition("/faq")).toBe(false);
  });

  it("shares one scroll key between the tabs of a case and keeps Remix's key elsewhere", () => {
    expect(scrollKey({ pathname: "/transfers/7/overview", key: "a" })).toBe(
      scrollKey({ pathname: "/transfers/7/documents", key: "b" }),
    );
    expect(scrollKey({ pathname: "/transfers/7/overview", key: "a" })).not.toBe(
      scrollKey({ pathname: "/transfers/8/overview", key: "a" }),
    );
    expect(scrollKey({ pathname: "/faq", key: "abc" })).toBe("abc");
  });
});
