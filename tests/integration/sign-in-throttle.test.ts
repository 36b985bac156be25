import { beforeAll, describe, expect, it } from "vitest";
import * as loginBankid from "~/routes/login_.bankid";
import { admitSignInStart, SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS } from "~/server/auth/sign-in-throttle.server";
import { getDb } from "~/server/db/db.server";
import { answered, cookiesFrom, formReplyOf, formRequest, startFreshApp } from "../support/app";

/** Decision 012: BankID order starts are limited per client address and per browser. */

beforeAll(async () => {
  await startFreshApp();
});

async function orders(): Promise<number> {
  const row = await getDb()
    .selectFrom("login_orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("sign-in throttling", () => {
  it("a browser that keeps starting orders is refused in Swedish with 429, and no order is made", async () => {
    const start = (cookie?: string) =>
      answered(
        loginBankid.action({
          request: formRequest("/login/bankid", { device: "OtherDevice" }, { cookie }),
          params: {},
          context: { clientIp: "192.0.2.50" },
        }),
      );
    const first = await start();
    expect(first.status).toBe(303);
    const cookie = cookiesFrom(first);
    // The first start made the session; from then on every start of this browser counts.
    for (let i = 0; i < SIGN_IN_LIMITS.browser; i++) expect((await start(cookie)).status).toBe(303);
    const before = await orders();
    const refused = await start(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = await formReplyOf(refused);
    expect(reply.form).toHaveLength(1);
    expect(reply.form[0]).toMatch(/^För många inloggningsförsök på kort tid\. Vänta \d+ minuter/);
    expect(await orders()).toBe(before);
  });

  it("one address may start many orders (an office behind one NAT), but not without end", async () => {
    const db = getDb();
    const now = Date.now();
    for (let i = 0; i < SIGN_IN_LIMITS.address; i++) {
      expect((await admitSignInStart(db, { address: "198.51.100.7", browser: `b-${i}` }, now)).allowed).toBe(
        true,
      );
    }
    const verdict = await admitSignInStart(db, { address: "198.51.100.7", browser: "fresh" }, now);
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 });
    expect((await admitSignInStart(db, { address: "198.51.100.8", browser: "other" }, now)).allowed).toBe(
      true,
    );
    // The window slides: ten minutes later the address may start again.
    expect(
      (await admitSignInStart(db, { address: "198.51.100.7", browser: "later" }, now + SIGN_IN_WINDOW_MS))
        .allowed,
    ).toBe(true);
  });
});
