import { describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { perRequest } from "./request-memo.server";
import { shareLoads } from "./protect-routes.server";

const args = (request: Request, context: object) =>
  ({ request, context, params: {} }) as unknown as LoaderFunctionArgs;

describe("per-request memo", () => {
  it("is shared by the loaders of one request although each gets its own Request copy", async () => {
    let computed = 0;
    const lookup = (request: Request) => perRequest(request, "user", () => ++computed);
    const root = shareLoads(({ request }) => lookup(request));
    const page = shareLoads(({ request }) => lookup(request));

    const context = {};
    const url = "http://portal.example/transfers";
    expect(await root(args(new Request(url), context))).toBe(1);
    expect(await page(args(new Request(url), context))).toBe(1);
    expect(computed).toBe(1);

    // The next incoming request has its own context: nothing carries over.
    expect(await page(args(new Request(url), {}))).toBe(2);
  });

  it("computes every time for a Request no loader wrapper bound (an action, a test)", () => {
    let computed = 0;
    const request = new Request("http://portal.example/");
    perRequest(request, "user", () => ++computed);
    perRequest(request, "user", () => ++computed);
    expect(computed).toBe(2);
  });

  it("keeps keys apart", async () => {
    const context = {};
    const loader = shareLoads(({ request }) => [
      perRequest(request, "a", () => "A"),
      perRequest(request, "b", () => "B"),
    ]);
    expect(await loader(args(new Request("http://portal.example/"), context))).toEqual(["A", "B"]);
  });
});
