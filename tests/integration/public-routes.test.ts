import { beforeAll, describe, expect, it } from "vitest";
import * as cookiesRoute from "~/routes/cookies";
import * as apiTenant from "~/routes/api.tenant";
import * as apiTenants from "~/routes/api.tenants";
import * as supportContact from "~/routes/api.tenant_.supportContactInformation";
import * as notFound from "~/routes/$";
import * as errorStatus from "~/routes/error.$status";
import * as contact from "~/routes/contact";
import * as faq from "~/routes/faq";
import * as integrity from "~/routes/integrity";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import * as unavailable from "~/routes/unavailable";
import * as root from "~/root";
import { apiError } from "~/server/web/api.server";
import { redirectToUnavailable } from "~/server/platform/unavailable.server";
import { protectRoutes } from "~/server/platform/protect-routes.server";
import { json, type LoaderFunction, type ServerBuild } from "@remix-run/node";
import { redirectWithToast } from "~/server/web/toast.server";
import { answered, cookiesFrom, formRequest, request, signedInSession, startFreshApp } from "../support/app";

const args = (req: Request, params: Record<string, string> = {}) => ({ request: req, params, context: {} });

beforeAll(async () => {
  await startFreshApp();
});

describe("cookie consent", () => {
  it("a document post sets the consent cookie and redirects back with a notice", async () => {
    const response = (await cookiesRoute.action(
      args(formRequest("/cookies", { intent: "accept-cookies", redirectTo: "/faq" })),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/faq");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("hideCookieConsentTooltip="))).toBe(true);
    const page = await (
      await cookiesRoute.loader(args(request("/cookies", { cookie: cookiesFrom(response) })))
    ).json();
    expect(page.accepted).toBe(true);
  });

  it("a quiet renewal sets the cookie without a notice, and a foreign redirect target is refused", async () => {
    const renewed = (await cookiesRoute.action(
      args(formRequest("/cookies", { intent: "renew-cookies", redirectTo: "/faq" })),
    )) as Response;
    expect(renewed.status).toBe(303);
    expect(renewed.headers.get("Location")).toBe("/faq");
    const renewedCookies = renewed.headers.getSetCookie();
    expect(renewedCookies.some((c) => c.startsWith("hideCookieConsentTooltip="))).toBe(true);
    expect(renewedCookies.some((c) => c.startsWith("__flash="))).toBe(false);
    const foreign = (await cookiesRoute.action(
      args(formRequest("/cookies", { intent: "accept-cookies", redirectTo: "https://evil.example" })),
    )) as Response;
    expect(foreign.headers.get("Location")).toBe("/cookies");
  });

  it("an unknown intent is a 400, not a 500", async () => {
    const response = (await cookiesRoute.action(
      args(formRequest("/cookies", { intent: "drop-tables" })),
    )) as Response;
    expect(response.status).toBe(400);
  });

  it("the cookie page says whether consent is given", async () => {
    const data = await (await cookiesRoute.loader(args(request("/cookies")))).json();
    expect(data.accepted).toBe(false);
    expect(data.doc.title).toBe("Cookiepolicy");
    expect(data.doc.acceptButton).toBe("Tillåt alla cookies");
  });
});

describe("tenant API", () => {
  it("GET api/tenant answers the neutral theme without a session", async () => {
    const theme = await (await apiTenant.loader(args(request("/api/tenant")))).json();
    expect(theme).toMatchObject({
      identifier: "default",
      primaryColor: "#1d4f76",
      darkBg: false,
      promoteApp: false,
    });
  });

  it("GET api/tenants lists id, displayName and type", async () => {
    const list = await (await apiTenants.loader()).json();
    expect(list.length).toBeGreaterThanOrEqual(9);
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(["displayName", "id", "type"]);
  });

  it("GET api/tenant/supportContactInformation answers nulls when the tenant has no contact", async () => {
    const contactInfo = await (
      await supportContact.loader(args(request("/api/tenant/supportContactInformation")))
    ).json();
    expect(contactInfo).toEqual({ emailAddress: null, phoneNumber: null });
  });
});

describe("public pages", () => {
  it("support without a manager contact shows the technical mailbox", async () => {
    const data = await (await contact.loader(args(request("/contact")))).json();
    expect(data.manager).toEqual({ emailAddress: null, phoneNumber: null });
    expect(data.technicalSupportEmail).toMatch(/@/);
  });

  it("legal texts carry the configured mailboxes and the facts of the spec", async () => {
    const { doc } = await (await integrity.loader(args(request("/integrity")))).json();
    const text = JSON.stringify(doc);
    expect(text).not.toContain("{{");
    expect(text).toContain(process.env.DATA_PROTECTION_EMAIL ?? "dataskydd@overlatelseportalen.se");
    expect(text).toMatch(/72 timmar/);
    expect(text).toMatch(/sju år/);
    expect(text).toMatch(/30 dagar/);
    expect(text).toMatch(/90 dagar/);
  });

  it("the FAQ has entry 11 and interpolated answers", async () => {
    const data = await (await faq.loader(args(request("/faq")))).json();
    expect(data.entries.map((e: { id: string }) => e.id)).toContain("11");
    expect(JSON.stringify(data)).not.toContain("{{");
  });

  it("an unknown path answers 404 and /error/{status} answers its status", async () => {
    expect((await notFound.loader(args(request("/nope"), { "*": "nope" }))).status).toBe(404);
    expect((await errorStatus.loader(args(request("/error/403"), { status: "403" }))).status).toBe(403);
    expect((await errorStatus.loader(args(request("/error/abc"), { status: "abc" }))).status).toBe(404);
    expect((await errorStatus.loader(args(request("/error/200"), { status: "200" }))).status).toBe(404);
  });

  it("/unavailable offers the stored path, or the root", async () => {
    const fresh = await (await unavailable.loader(args(request("/unavailable")))).json();
    expect(fresh.returnTo).toBe("/");
    const stored = await redirectToUnavailable(request("/transfers?tab=active"));
    expect(stored.headers.get("Location")).toBe("/unavailable");
    const data = await (
      await unavailable.loader(args(request("/unavailable", { cookie: cookiesFrom(stored) })))
    ).json();
    expect(data.returnTo).toBe("/transfers?tab=active");
  });

  it("a page whose load answers 403 or 503 leads to /unavailable and back; an API call and /error/{status} keep theirs", async () => {
    const route = (id: string, module: Record<string, unknown>) => ({
      id,
      parentId: "root",
      path: id,
      index: undefined,
      caseSensitive: undefined,
      module,
    });
    const page = (loader: () => unknown) => ({ default: () => null, loader });
    const routes = protectRoutes({
      thrown: route(
        "thrown",
        page(() => Promise.reject(json({ title: "x" }, { status: 503 }))),
      ),
      returned: route(
        "returned",
        page(() => json({ title: "x" }, { status: 403 })),
      ),
      missing: route(
        "missing",
        page(() => Promise.reject(json({ title: "x" }, { status: 404 }))),
      ),
      api: route("api", { loader: () => json({ status: 503 }, { status: 503 }) }),
      error: route("error", errorStatus),
    } as unknown as ServerBuild["routes"]);
    const load = (id: string, path: string, params: Record<string, string> = {}) =>
      answered((routes[id]!.module.loader as LoaderFunction)(args(request(path), params)));

    // A full page load, and a client-side navigation (Remix's data request): the page's own address is kept.
    for (const [id, path, kept] of [
      ["thrown", "/transfers/t-1/application?steg=2", "/transfers/t-1/application?steg=2"],
      ["returned", "/messages?_data=routes%2Fmessages", "/messages"],
    ] as const) {
      const answer = await load(id, path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/unavailable");
      const data = await (
        await unavailable.loader(args(request("/unavailable", { cookie: cookiesFrom(answer) })))
      ).json();
      expect(data.returnTo).toBe(kept);
    }
    expect((await load("missing", "/x")).status).toBe(404);
    expect((await load("api", "/api/x")).status).toBe(503);
    expect((await load("error", "/error/403", { status: "403" })).status).toBe(403);
    expect((await load("error", "/error/503", { status: "503" })).status).toBe(503);
  });

  it("/login greets by the chosen client's type, and everyone alike before a client is chosen", async () => {
    const greeting = async (path: string) =>
      ((await (await login.loader(args(request(path)))).json()) as { greeting: string }).greeting;
    expect(await greeting("/login")).toBe("login.hello");
    expect(await greeting("/login?tenant=nope")).toBe("login.hello");
    expect(await greeting("/login?tenant=stadsbo")).toBe("login.helloManager");
    expect(await greeting("/login?tenant=styrelse")).toBe("login.helloBoard");
  });

  it("log-out asks first, then ends the session with a 303 to the login page", async () => {
    const confirm = await (await logout.loader(args(request("/logout?r=//evil.example")))).json();
    expect(confirm.back).toBe("/");
    const response = (await logout.action(args(formRequest("/logout", { intent: "logout" })))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe("toasts", () => {
  it("are flashed once through the root loader and identical ones are kept once", async () => {
    const redirect = await redirectWithToast("/faq", [
      { key: "toast.cookiesAccepted" },
      { key: "toast.cookiesAccepted" },
      { key: "toast.listFailed", type: "error" },
    ]);
    const cookie = cookiesFrom(redirect);
    const first = await root.loader(args(request("/faq", { cookie })));
    const data = await first.json();
    expect(data.toasts.map((t: { key: string }) => t.key)).toEqual([
      "toast.cookiesAccepted",
      "toast.listFailed",
    ]);
    expect(first.headers.get("Set-Cookie")).toMatch(/__flash=;/);
    const second = await (await root.loader(args(request("/faq")))).json();
    expect(second.toasts).toEqual([]);
  });
});

describe("the header's user", () => {
  it("says whether the user is a board member, by the one rule of the server", async () => {
    const boardMember = async (userId: string) => {
      const { cookie } = await signedInSession(userId);
      const data = await (await root.loader(args(request("/faq", { cookie })))).json();
      return data.user?.boardMember;
    };
    expect(await boardMember("user-karin")).toBe(true);
    expect(await boardMember("user-elin")).toBe(true); // role BoardMember without the feature
    expect(await boardMember("user-maria")).toBe(false);
  });
});

describe("API errors", () => {
  it("answer as spec 01 §8 describes", async () => {
    expect(apiError(401).status).toBe(401);
    expect(await apiError(404).json()).toMatchObject({ title: "Not found" });
    const unprocessable = apiError(422, "Överlåtelsen är redan avbruten");
    expect(unprocessable.status).toBe(422);
    expect(await unprocessable.text()).toBe("Error with Message Överlåtelsen är redan avbruten");
    expect(await apiError(503).json()).toMatchObject({ title: "Service unavailable" });
  });
});
