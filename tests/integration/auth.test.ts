import { beforeAll, describe, expect, it } from "vitest";
import * as apiLogin from "~/routes/api.login";
import * as apiUsers from "~/routes/api.core.users";
import * as apiRegister from "~/routes/api.core.users.register";
import * as apiSession from "~/routes/api.session";
import * as apiLogout from "~/routes/api.logout";
import * as bankidChoice from "~/routes/login_.bankid";
import * as bankidWait from "~/routes/login_.bankid_.wait";
import * as devBankid from "~/routes/dev.bankid";
import * as account from "~/routes/account";
import * as register from "~/routes/user.register";
import * as registerTerms from "~/routes/user.register_.terms";
import { homeOf, meets, menuOf } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { getUserById } from "~/server/domain/users.server";
import { getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { answered, formReplyOf, formRequest, mergeCookies, request, startFreshApp } from "../support/app";

const args = (req: Request) => ({ request: req, params: {}, context: { clientIp: "192.0.2.10" } });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a Response");
}

/** Signs a person in through the routes, playing the phone through the simulator in process. */
async function signInThroughRoutes(personalNumber: string, tenant: string, r = "/account") {
  let cookie = "";
  const start = await apiLogin.loader(
    args(request(`/api/login?tenant=${tenant}&r=${encodeURIComponent(r)}`)),
  );
  cookie = mergeCookies(cookie, start);
  const order = (await bankidChoice.action(
    args(formRequest("/login/bankid", { device: "OtherDevice", r }, { cookie })),
  )) as Response;
  expect(order.headers.get("Location")).toBe("/login/bankid/wait");
  cookie = mergeCookies(cookie, order);
  const waiting = (await bankidWait.loader(args(request("/login/bankid/wait", { cookie })))) as Response;
  expect(waiting.status).toBe(200);
  const simulator = getBankIdSimulator();
  const pending = simulator.listPendingOrders().find((o) => !o.started)!;
  simulator.openWithQrData(pending.currentQrData, personalNumber);
  simulator.approve(pending.orderRef);
  await new Promise((resolve) => setTimeout(resolve, 1050)); // BankID: collect at most once a second
  const done = await thrown(bankidWait.loader(args(request("/login/bankid/wait", { cookie }))));
  cookie = mergeCookies(cookie, done);
  return { done, cookie };
}

beforeAll(async () => {
  await startFreshApp();
});

describe("sign-in through the routes", () => {
  it("creates the session and sends the user to r; a second tab finds the order used", async () => {
    const { done, cookie } = await signInThroughRoutes("197904122319", "stadsbo");
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account");
    const session = await (await apiSession.loader(args(request("/api/session", { cookie })))).json();
    expect(session.user).toMatchObject({ firstName: "Maria", role: "PropertyManager", tenant: "stadsbo" });
    // The completed order is consumed: replaying the wait page cannot sign in again.
    const replay = await thrown(bankidWait.loader(args(request("/login/bankid/wait", { cookie }))));
    expect(replay.headers.get("Location")).toBe("/login?error=2");
  });

  it("after the QR was scanned on another device, the page does not speak of this computer", async () => {
    let cookie = "";
    cookie = mergeCookies(cookie, await apiLogin.loader(args(request("/api/login?tenant=stadsbo&r=%2F"))));
    const order = (await bankidChoice.action(
      args(formRequest("/login/bankid", { device: "OtherDevice", r: "/" }, { cookie })),
    )) as Response;
    cookie = mergeCookies(cookie, order);
    const before = await (
      (await bankidWait.loader(args(request("/login/bankid/wait", { cookie })))) as Response
    ).json();
    expect(before).toMatchObject({ device: "OtherDevice", rfa: "RFA1", hasQr: true });
    const simulator = getBankIdSimulator();
    const pending = simulator.listPendingOrders().find((o) => !o.started)!;
    simulator.openWithQrData(pending.currentQrData, "197904122319");
    await new Promise((resolve) => setTimeout(resolve, 1050)); // BankID: collect at most once a second
    const scanned = await (
      (await bankidWait.loader(args(request("/login/bankid/wait", { cookie })))) as Response
    ).json();
    expect(scanned).toMatchObject({ status: "pending", rfa: "RFA21", hasQr: false });
    await bankidWait.action(args(formRequest("/login/bankid/wait", { intent: "cancel" }, { cookie })));
  });

  it("refuses an unknown device with 400 and a foreign r falls back to /", async () => {
    const bad = (await bankidChoice.action(
      args(formRequest("/login/bankid", { device: "Phone" })),
    )) as Response;
    expect(bad.status).toBe(400);
    const start = await apiLogin.loader(args(request("/api/login?tenant=nope&r=https://evil.example")));
    expect(start.headers.get("Location")).toBe("/login/bankid?r=%2F");
  });

  it("a session cookie that does not verify counts as no session", async () => {
    const { cookie } = await signInThroughRoutes("197102031189", "nordhem");
    const tampered = cookie.replace(/__session=([^;]+)/, (_m, v: string) => `__session=${v.slice(0, -3)}abc`);
    const response = await thrown(account.loader(args(request("/account", { cookie: tampered }))));
    expect(response.headers.get("Location")).toBe("/login?r=%2Faccount");
  });

  it("a first sign-in creates a Pending user who must register first", async () => {
    const { done, cookie } = await signInThroughRoutes("198201177451", "stadsbo", "/account");
    expect(done.headers.get("Location")).toBe("/account");
    const guarded = await thrown(account.loader(args(request("/account", { cookie }))));
    expect(guarded.headers.get("Location")).toBe("/user/register?r=%2Faccount");
    const badBody = await answered(
      apiRegister.action(
        args(
          request("/api/core/users/register", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: "{",
            cookie,
          }),
        ),
      ),
    );
    expect(badBody.status).toBe(400);
    const invalid = await apiRegister.action(
      args(
        request("/api/core/users/register", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ firstName: "", lastName: "N", email: "x", agreedUponTerms: false }),
          cookie,
        }),
      ),
    );
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toEqual({
      firstName: ["Fältet kan inte vara tomt"],
      email: ["Felaktigt format"],
      agreedUponTerms: ["Godkänn användarvillkoren"],
    });
    const ok = await apiRegister.action(
      args(
        request("/api/core/users/register", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            firstName: "Nils",
            lastName: "Nykvist",
            email: "nils@example.se",
            agreedUponTerms: true,
          }),
          cookie,
        }),
      ),
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("Inactive");
    const again = await apiRegister.action(
      args(
        request("/api/core/users/register", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
          cookie,
        }),
      ),
    );
    expect(again.status).toBe(409);
  });
});

describe("GET api/logout", () => {
  const sessionOf = async (cookie: string) =>
    (await (await apiSession.loader(args(request("/api/session", { cookie })))).json()) as { isSet: boolean };

  it("from another site asks first on the log-out page and keeps the session", async () => {
    const { cookie } = await signInThroughRoutes("197102031189", "nordhem");
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "https://evil.example/page.html" },
    ] as Array<Record<string, string>>) {
      const answer = await answered(apiLogout.loader(args(request("/api/logout", { cookie, headers }))));
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/logout");
      expect(answer.headers.get("Set-Cookie")).toBeNull();
      expect(await sessionOf(cookie)).toMatchObject({ isSet: true });
    }
  });

  it("from our own pages, or typed, ends the session", async () => {
    for (const headers of [
      { "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" },
      { Referer: "http://localhost:3000/account" },
      {},
    ] as Array<Record<string, string>>) {
      const { cookie } = await signInThroughRoutes("197102031189", "nordhem");
      const answer = await answered(apiLogout.loader(args(request("/api/logout", { cookie, headers }))));
      expect(answer.headers.get("Location")).toBe("/login");
      expect(await sessionOf(cookie)).toMatchObject({ isSet: false });
    }
  });
});

describe("api/core/users", () => {
  it("answers 401 without a session and 400 with Swedish field errors for junk", async () => {
    expect((await apiUsers.loader(args(request("/api/core/users")))).status).toBe(401);
    const { cookie } = await signInThroughRoutes("196803142428", "styrelse");
    const me = await (await apiUsers.loader(args(request("/api/core/users", { cookie })))).json();
    expect(me).toMatchObject({
      firstName: "Karin",
      features: ["board_member", "private_agreement"],
      tenantDisplayName: "Styrelseportalen",
    });
    const junk = await apiUsers.action(
      args(
        request("/api/core/users", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ firstName: 42 }),
          cookie,
        }),
      ),
    );
    expect(junk.status).toBe(400);
    expect((await junk.json()).errors.lastName).toEqual(["Fältet kan inte vara tomt"]);
    const ok = await apiUsers.action(
      args(
        request("/api/core/users", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ firstName: " Karin ", lastName: "Lindqvist", email: "karin@example.se" }),
          cookie,
        }),
      ),
    );
    expect((await ok.json()).firstName).toBe("Karin");
  });
});

describe("the registration form (one form path)", () => {
  it("refuses, keeps what was typed, saves the draft for the terms, and registers once the terms are approved", async () => {
    let { cookie } = await signInThroughRoutes("199403292866", "stadsbo", "/");
    const post = (path: string, fields: Record<string, string>) =>
      answered(
        (path === "/user/register" ? register : registerTerms).action(
          args(formRequest(path, fields, { cookie })),
        ),
      );

    const unknown = await post("/user/register", { intent: "delete-everything", email: "kvar@example.se" });
    expect(unknown.status).toBe(400);
    const unknownReply = await formReplyOf(unknown);
    expect(unknownReply.form[0]).toMatch(/^Formuläret kunde inte skickas/);
    expect(unknownReply.values.email).toBe("kvar@example.se");

    // The form's own agreedUponTerms is ignored: only the server's record of Godkänn counts.
    const invalid = await post("/user/register", {
      intent: "register",
      firstName: "Ebba",
      lastName: " ",
      email: "ebba@",
      agreedUponTerms: "on",
      r: "/",
    });
    expect(invalid.status).toBe(400);
    const reply = await formReplyOf(invalid);
    expect(reply.fields).toEqual({
      lastName: ["Fältet kan inte vara tomt"],
      email: ["Felaktigt format"],
      agreedUponTerms: ["Godkänn användarvillkoren"],
    });
    expect(reply.values).toMatchObject({ firstName: "Ebba", email: "ebba@" });

    const toTerms = await post("/user/register", {
      intent: "terms",
      firstName: "Ebba",
      lastName: "Lindström",
      email: "ebba.lindstrom@example.se",
      r: "/",
    });
    expect(toTerms.status).toBe(303);
    expect(toTerms.headers.get("Location")).toBe("/user/register/terms?r=%2F");
    cookie = mergeCookies(cookie, toTerms);
    const page = await (await register.loader(args(request("/user/register?r=%2F", { cookie })))).json();
    expect(page.defaults).toEqual({
      firstName: "Ebba",
      lastName: "Lindström",
      email: "ebba.lindstrom@example.se",
    });
    expect(page.termsAccepted).toBe(false);

    const approved = await post("/user/register/terms", { intent: "approve", r: "/" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("Location")).toBe("/user/register?r=%2F");
    cookie = mergeCookies(cookie, approved);

    const done = await post("/user/register", {
      intent: "register",
      firstName: "Ebba",
      lastName: "Lindström",
      email: "ebba.lindstrom@example.se",
      r: "/",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/user/pending?r=%2F");
    const user = await getDb()
      .selectFrom("users")
      .select(["email", "registered_at"])
      .where("personal_number", "=", "199403292866")
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: "ebba.lindstrom@example.se" });
    expect(user.registered_at).not.toBeNull();
  });
});

describe("the test BankID app", () => {
  it("refuses a malformed personal number and a QR code whose HMAC is wrong with 400", async () => {
    const malformed = (await devBankid.action(
      args(formRequest("/dev/bankid", { intent: "code", code: "bankid.x", personalNumber: "12345" })),
    )) as Response;
    expect(malformed.status).toBe(400);
    const forged = (await devBankid.action(
      args(
        formRequest("/dev/bankid", {
          intent: "code",
          code: `bankid.${crypto.randomUUID()}.0.${"0".repeat(64)}`,
          personalNumber: "197904122319",
        }),
      ),
    )) as Response;
    expect(forged.status).toBe(400);
  });
});

describe("guards", () => {
  it("check role, feature and action, and know where each user starts", async () => {
    const db = getDb();
    const maria = (await getUserById(db, "user-maria"))!;
    const karin = (await getUserById(db, "user-karin"))!;
    const elin = (await getUserById(db, "user-elin"))!;
    const goran = (await getUserById(db, "user-goran"))!;
    expect(meets(maria, { role: "PropertyManager" })).toBe(true);
    expect(meets(maria, { role: "BoardMember" })).toBe(false);
    expect(meets(karin, { role: ["PropertyManager", "BoardMember"], feature: "private_agreement" })).toBe(
      true,
    );
    expect(meets(elin, { feature: "board_member" })).toBe(false);
    expect(meets(maria, { action: "requestCreditCheck" })).toBe(true);
    expect(meets(goran, { action: "requestCreditCheck" })).toBe(false);
    expect(homeOf(maria)).toBe("/transfers");
    expect(homeOf(karin)).toBe("/transfers");
    expect(homeOf(elin)).toBe("/transfers/private");
    expect(homeOf(goran)).toBe("/noPermissions");
  });

  it("offer each user only the menu entries the role can use", async () => {
    const db = getDb();
    const menu = async (id: string) => menuOf((await getUserById(db, id))!);
    expect(await menu("user-maria")).toEqual(["transfers", "completedTransfers"]);
    expect(await menu("user-karin")).toEqual(["transfers", "myTransfers"]);
    expect(await menu("user-erik")).toEqual(["transfers"]);
    // A private party belongs to no association's board: the board list would always be empty.
    expect(await menu("user-elin")).toEqual(["myTransfers"]);
  });
});
