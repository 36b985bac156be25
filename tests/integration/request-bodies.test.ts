import { beforeAll, describe, expect, it } from "vitest";
import * as account from "~/routes/account";
import * as cookies from "~/routes/cookies";
import * as devBankid from "~/routes/dev.bankid";
import * as loginBankid from "~/routes/login_.bankid";
import * as loginWait from "~/routes/login_.bankid_.wait";
import * as overview from "~/routes/transfers.$id.overview";
import * as register from "~/routes/user.register";
import * as registerTerms from "~/routes/user.register_.terms";
import * as flag from "~/routes/api.core.reviews.transfers_.$id.$flag";
import * as tenants from "~/routes/api.tenants";
import { getDb } from "~/server/db/db.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { answered, request, startFreshApp } from "../support/app";

/**
 * Decision 012: every action reads its body through one reader, so JSON, text/plain, an empty body or
 * broken multipart is a Swedish 400 or 415, never a 500; a wrong method on an API call is 405 with Allow.
 */

type Action = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

let maria = "";
let pending = "";
let transferId = "";

async function cookieFor(personalNumber: string): Promise<string> {
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "tenant_id"])
    .where("personal_number", "=", personalNumber)
    .executeTakeFirstOrThrow();
  const session = await getSession(request("/"));
  session.set("userId", user.id);
  session.set("tenantId", user.tenant_id);
  return (await commitSession(session)).split(";")[0]!;
}

beforeAll(async () => {
  await startFreshApp();
  maria = await cookieFor("197904122319");
  const db = getDb();
  const pendingUser = await db
    .selectFrom("users")
    .select("personal_number")
    .where("status", "=", "Pending")
    .executeTakeFirst();
  pending = pendingUser ? await cookieFor(pendingUser.personal_number) : maria;
  const transfer = await db
    .selectFrom("transfers")
    .select("id")
    .where("tenant_id", "=", "stadsbo")
    .executeTakeFirstOrThrow();
  transferId = transfer.id;
});

const bodies: Array<[string, string | undefined, string]> = [
  ["JSON", "application/json", '{"intent":"accept-cookies"}'],
  ["text/plain", "text/plain;charset=UTF-8", "intent=accept-cookies"],
  ["no content type", undefined, ""],
  ["broken multipart", "multipart/form-data; boundary=zz", "--zz\r\ngarbage"],
  ["an empty multipart", "multipart/form-data", ""],
];

function routes(): Array<[string, Action, string, Record<string, string>, () => string]> {
  return [
    ["/cookies", cookies.action as Action, "/cookies", {}, () => ""],
    ["/account", account.action as Action, "/account", {}, () => maria],
    ["/login/bankid", loginBankid.action as Action, "/login/bankid", {}, () => ""],
    ["/login/bankid/wait", loginWait.action as Action, "/login/bankid/wait", {}, () => ""],
    ["/dev/bankid", devBankid.action as Action, "/dev/bankid", {}, () => ""],
    ["/user/register", register.action as Action, "/user/register", {}, () => pending],
    ["/user/register/terms", registerTerms.action as Action, "/user/register/terms", {}, () => pending],
    [
      "/transfers/{id}/overview",
      overview.action as Action,
      "/transfers/ID/overview",
      { id: "ID" },
      () => maria,
    ],
  ];
}

describe("page actions refuse bodies they cannot read", () => {
  for (const [name, type, body] of bodies) {
    it(`every action answers ${name} with a Swedish 400 or 415`, async () => {
      for (const [label, action, path, params, cookie] of routes()) {
        const concrete = path.replace("ID", transferId);
        const headers: Record<string, string> = { Origin: "http://localhost:3000" };
        if (type) headers["Content-Type"] = type;
        const response = await answered(
          action({
            request: request(concrete, { method: "POST", body: body || null, headers, cookie: cookie() }),
            params: Object.fromEntries(
              Object.entries(params).map(([k, v]) => [k, v.replace("ID", transferId)]),
            ),
            context: { clientIp: "192.0.2.1" },
          }),
        );
        // Routes that need a signed-in user may redirect first; what is read must never fail the server.
        expect(response.status, `${label} with ${name}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect([400, 415], `${label} with ${name}`).toContain(response.status);
          expect(await response.text(), `${label} with ${name}`).toMatch(/^Begäran /);
        }
      }
    });
  }
});

describe("API calls answer a wrong method with 405 and Allow", () => {
  it("a flag URL fetched with GET, and the tenant list posted to", async () => {
    const get = await answered(flag.loader());
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("PUT");
    expect(((await get.json()) as { message: string }).message).toBe(
      "Metoden stöds inte här. Tillåtna metoder: PUT.",
    );
    const post = await answered(tenants.action());
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });
});

describe("every refusal is Swedish (decision 012)", () => {
  const json = (path: string, method: string, body: string, cookie: string) =>
    request(path, {
      method,
      body,
      cookie,
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
    });

  it("a non-numeric version, an array for the account and a second registration", async () => {
    const flagged = await answered(
      flag.action({
        request: json(
          `/api/core/reviews/transfers/${transferId}/markSaleStopped`,
          "PUT",
          '{"version":"x"}',
          maria,
        ),
        params: { id: transferId, flag: "markSaleStopped" },
        context: {},
      }),
    );
    const users = await import("~/routes/api.core.users");
    const array = await answered(
      users.action({ request: json("/api/core/users", "PUT", "[]", maria), params: {}, context: {} }),
    );
    const registerApi = await import("~/routes/api.core.users.register");
    const twice = await answered(
      registerApi.action({
        request: json(
          "/api/core/users/register",
          "POST",
          '{"firstName":"Maria","lastName":"Ek","email":"maria@example.se","agreedUponTerms":true}',
          maria,
        ),
        params: {},
        context: {},
      }),
    );
    for (const [name, response, status] of [
      ["version", flagged, 400],
      ["array", array, 400],
      ["twice", twice, 409],
    ] as const) {
      expect(response.status, name).toBe(status);
      const text = await response.text();
      expect(text, name).not.toMatch(/Översättning saknas|Invalid input|expected|already/i);
      expect(text, name).toMatch(/[åäöÅÄÖ]|Ange|Fältet|Ogiltigt/);
    }
  });
});
