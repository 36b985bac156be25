import { beforeAll, describe, expect, it } from "vitest";
import * as apiLogin from "~/routes/api.login";
import * as bankidChoice from "~/routes/login_.bankid";
import * as devBankid from "~/routes/dev.bankid";
import * as devMail from "~/routes/dev.mail";
import * as devRegistry from "~/routes/dev.registry";
import { getDb } from "~/server/db/db.server";
import { getLoginOrder } from "~/server/domain/login.server";
import { getSession } from "~/server/platform/session.server";
import { getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { answered, formRequest, mergeCookies, request, signedInSession, startFreshApp } from "../support/app";

/**
 * The demo's control pages: the outbox and the registry simulator are for signed-in people only; the
 * test BankID app is played before sign-in, so it shows and answers only the orders of the browser that asks.
 */

const args = (req: Request) => ({ request: req, params: {}, context: { clientIp: "192.0.2.20" } });

/** A browser that has started a sign-in on another device: its cookie and its order's reference. */
async function browserSigningIn(): Promise<{ cookie: string; orderRef: string }> {
  let cookie = mergeCookies("", await apiLogin.loader(args(request("/api/login?tenant=stadsbo&r=%2F"))));
  cookie = mergeCookies(
    cookie,
    (await bankidChoice.action(
      args(formRequest("/login/bankid", { device: "OtherDevice", r: "/" }, { cookie })),
    )) as Response,
  );
  const session = await getSession(request("/", { cookie }));
  const order = await getLoginOrder(getDb(), session.get("loginOrderId"));
  return { cookie, orderRef: order!.order_ref! };
}

async function ordersShown(cookie = ""): Promise<string[]> {
  const page = await answered(devBankid.loader(args(request("/dev/bankid", { cookie }))));
  return ((await page.json()) as { orders: Array<{ orderRef: string }> }).orders.map((o) => o.orderRef);
}

beforeAll(async () => {
  await startFreshApp();
});

describe("the test BankID app", () => {
  it("shows a browser its own sign-in, and nobody else's", async () => {
    const mine = await browserSigningIn();
    const theirs = await browserSigningIn();
    expect(await ordersShown(mine.cookie)).toEqual([mine.orderRef]);
    expect(await ordersShown(theirs.cookie)).toEqual([theirs.orderRef]);
    expect(await ordersShown()).toEqual([]);
  });

  it("refuses to answer an order of another browser, as an unknown order", async () => {
    const victim = await browserSigningIn();
    for (const fields of [
      { intent: "scan", orderRef: victim.orderRef, personalNumber: "197904122319" },
      { intent: "autostart", orderRef: victim.orderRef, personalNumber: "197904122319" },
      { intent: "decline", orderRef: victim.orderRef },
      { intent: "fail", orderRef: victim.orderRef, hintCode: "startFailed" },
    ] as Array<Record<string, string>>) {
      const answer = await answered(devBankid.action(args(formRequest("/dev/bankid", fields))));
      expect(answer.status, fields.intent).toBe(400);
    }
    expect(getBankIdSimulator().order(victim.orderRef)).toMatchObject({ status: "pending", started: false });
  });

  it("opens an order given its code, as BankID's app does, and then knows it in that browser", async () => {
    const computer = await browserSigningIn();
    const code = getBankIdSimulator().order(computer.orderRef)!.currentQrData;
    const opened = await answered(
      devBankid.action(
        args(formRequest("/dev/bankid", { intent: "code", code, personalNumber: "197904122319" })),
      ),
    );
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toContain(`order=${computer.orderRef}`);
    const phone = mergeCookies("", opened);
    expect(await ordersShown(phone)).toEqual([computer.orderRef]);
    const approved = await answered(
      devBankid.action(
        args(
          formRequest("/dev/bankid", { intent: "approve", orderRef: computer.orderRef }, { cookie: phone }),
        ),
      ),
    );
    expect(approved.status).toBe(303);
    expect(getBankIdSimulator().order(computer.orderRef)).toMatchObject({ status: "complete" });
  });
});

describe("the outbox and the registry simulator", () => {
  it("send a visitor without a session to sign in", async () => {
    for (const [path, route] of [
      ["/dev/mail", devMail],
      ["/dev/registry", devRegistry],
    ] as const) {
      const answer = await answered(route.loader(args(request(path))));
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location"), path).toBe(`/login?r=${encodeURIComponent(path)}`);
    }
    const posted = await answered(
      devRegistry.action(args(formRequest("/dev/registry", { intent: "refresh" }))),
    );
    expect(posted.status).toBe(302);
  });

  it("open for any signed-in person", async () => {
    const { cookie } = await signedInSession("user-elin", "privatpersoner");
    expect((await answered(devMail.loader(args(request("/dev/mail", { cookie }))))).status).toBe(200);
    expect((await answered(devRegistry.loader(args(request("/dev/registry", { cookie }))))).status).toBe(200);
  });
});
