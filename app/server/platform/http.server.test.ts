import { describe, expect, it } from "vitest";
import { combineHeaders, pathWithQuery, safeRedirect } from "./http.server";

describe("safeRedirect", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirect("/transfers?tab=active#x")).toBe("/transfers?tab=active#x");
    expect(safeRedirect("/transfers/private")).toBe("/transfers/private");
  });

  it.each([
    ["https://evil.example/", "absolute URL"],
    ["//evil.example/x", "protocol-relative"],
    ["/\\evil.example", "backslash trick"],
    ["\\\\evil.example", "backslashes"],
    ["javascript:alert(1)", "script URL"],
    ["transfers", "relative path"],
    ["/foo\nbar", "control character"],
    ["", "empty"],
    ["/" + "a".repeat(3000), "too long"],
  ])("refuses %s (%s)", (value) => {
    expect(safeRedirect(value, "/fallback")).toBe("/fallback");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });
});

describe("combineHeaders", () => {
  it("appends every Set-Cookie and lets later headers win otherwise", () => {
    const headers = combineHeaders(
      { "Set-Cookie": "a=1", "X-A": "first" },
      null,
      new Headers([
        ["Set-Cookie", "b=2"],
        ["X-A", "second"],
      ]),
    );
    expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(headers.get("X-A")).toBe("second");
  });
});

describe("pathWithQuery", () => {
  it("drops the origin", () => {
    expect(pathWithQuery(new Request("http://localhost/transfers?tab=x"))).toBe("/transfers?tab=x");
  });
});
