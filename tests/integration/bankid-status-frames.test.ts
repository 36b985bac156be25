import { beforeAll, describe, expect, it } from "vitest";
import * as apiLogin from "~/routes/api.login";
import * as approveV2 from "~/routes/api.core.reviews.memberships.approve.v2";
import * as bankidChoice from "~/routes/login_.bankid";
import * as bankidWait from "~/routes/login_.bankid_.wait";
import * as loginFrame from "~/routes/login_.bankid_.wait_.status";
import * as signPage from "~/routes/transfers.$id.decision_.sign";
import * as signFrame from "~/routes/transfers.$id.decision_.sign_.status";
import { getDb } from "~/server/db/db.server";
import { getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { answered, formRequest, mergeCookies, request, startFreshApp } from "../support/app";
import { renderedPage } from "../support/render";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/**
 * Decision 032: without JavaScript the BankID waiting pages stay still and only their status frame reloads. The
 * frame is the page's own step (collect at most once a second, the viewer's own signing only), shows the status
 * and the QR frame while pending, and once final stops refreshing and offers `Fortsätt` to the top of the window.
 */

const context = { clientIp: "192.0.2.10" };
const ERIK = { personalNumber: "197509025172", givenName: "Erik", surname: "Johansson" };
const KARIN = { personalNumber: "196803142428", givenName: "Karin", surname: "Lindqvist" };
const MARIA = { personalNumber: "197904122319", givenName: "Maria", surname: "Ek" };
const SIGN_FRAME = "/transfers/:id/decision/sign/status";
const REFRESH = /<meta http-equiv="refresh" content="2"\/?>/;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function cookieFor(userId: string, tenantId: string): Promise<string> {
  const session = await getSession(request("/"));
  session.set("userId", userId);
  session.set("tenantId", tenantId);
  return (await commitSession(session)).split(";")[0] ?? "";
}

let erik: string;
let karin: string;

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
  getBankIdSimulator().reset();
  getBankIdSimulator().setTestPeople([ERIK, KARIN, MARIA]);
  erik = await cookieFor("user-erik", "styrelse");
  karin = await cookieFor("user-karin", "styrelse");
});

describe("the signing page's status frame", () => {
  it("shows the owner the status and QR frame, is 404 to anyone else, and ends with a way on to the page", async () => {
    const id = "frame-d1";
    await insertTransfer(getDb(), { id, objectId: WORLD.objectA, status: "MembershipReviewInProgress" }, [
      { id: `${id}-acq`, kind: "Acquirer", first_name: "Anna", last_name: "Svensson" },
      { id: `${id}-seller`, kind: "Transferor" },
    ]);
    const started = await answered(
      approveV2.action({
        request: request("/api/core/reviews/memberships/approve/v2", {
          method: "POST",
          cookie: erik,
          body: JSON.stringify({ transferId: id, signDevice: "OtherDevice", acquirerIds: [`${id}-acq`] }),
          headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
        }),
        params: {},
        context,
      }),
    );
    const { signId, qrCodeData } = (await started.json()) as { signId: string; qrCodeData: string };
    const framePath = `/transfers/${id}/decision/sign/status?signId=${signId}&d=approve`;

    // The page itself has no refresh, no QR image and no status of its own without JavaScript: the frame has them.
    const outer = await renderedPage(
      signPage,
      "/transfers/:id/decision/sign",
      request(`/transfers/${id}/decision/sign?signId=${signId}&d=approve`, { cookie: erik }),
    );
    expect(outer.status).toBe(200);
    expect(outer.html).not.toMatch(/http-equiv="refresh"/);
    expect(outer.html).not.toContain("<img");
    expect(outer.html).not.toContain('role="status"');
    expect(outer.html).toContain(
      `<noscript><iframe class="status-frame status-frame--qr" src="${framePath.replaceAll("&", "&amp;")}" title="Signeringens status"></iframe></noscript>`,
    );
    expect(outer.html).toContain(">Avbryt</button>");

    const pending = await renderedPage(signFrame, SIGN_FRAME, request(framePath, { cookie: erik }));
    expect(pending.status).toBe(200);
    expect(pending.html).toMatch(REFRESH);
    expect(pending.html).toContain('<p role="status" class="lead">Starta BankID-appen.</p>');
    expect(pending.html).toContain(
      `<img class="qr" src="/transfers/${id}/decision/qr?signId=${signId}" alt="QR-kod att scanna med BankID-appen"`,
    );
    expect(pending.html).toContain("Sidan uppdateras varannan sekund.");
    expect(pending.html).not.toContain("_top");

    // Karin may not see Erik's signing; nor may Erik see it under another transfer.
    const foreign = await answered(
      signFrame.loader({ request: request(framePath, { cookie: karin }), params: { id }, context }),
    );
    expect(foreign.status).toBe(404);
    const elsewhere = await answered(
      signFrame.loader({
        request: request(framePath.replace(id, "t-other"), { cookie: erik }),
        params: { id: "t-other" },
        context,
      }),
    );
    expect(elsewhere.status).toBe(404);

    // The phone signs; the frame's next load collects (at most once a second) and the decision is recorded.
    const sim = getBankIdSimulator();
    const order = sim.listPendingOrders().find((o) => o.currentQrData === qrCodeData)!;
    sim.openWithQrData(order.currentQrData, ERIK.personalNumber);
    sim.approve(order.orderRef);
    await wait(1100);
    const done = await renderedPage(signFrame, SIGN_FRAME, request(framePath, { cookie: erik }));
    expect(done.status).toBe(200);
    expect(done.html).not.toMatch(/http-equiv="refresh"/);
    expect(done.html).not.toContain("<img");
    expect(done.html).toContain('<p role="status" class="lead">Signering klar</p>');
    expect(done.html).toContain(
      `<a class="button" href="/transfers/${id}/decision/sign?signId=${signId}&amp;d=approve" target="_top">Fortsätt</a>`,
    );
    const decision = await getDb()
      .selectFrom("membership_decisions")
      .select("decision")
      .where("transfer_id", "=", id)
      .executeTakeFirst();
    expect(decision?.decision).toBe("Approved");

    // The page `Fortsätt` leads to shows the outcome and `Stäng`, as before.
    const final = await renderedPage(
      signPage,
      "/transfers/:id/decision/sign",
      request(`/transfers/${id}/decision/sign?signId=${signId}&d=approve`, { cookie: erik }),
    );
    expect(final.html).toContain('<h1 id="sign-title">Signering klar</h1>');
    expect(final.html).toContain(">Stäng</button>");
    expect(final.html).not.toContain("<iframe");
  });
});

describe("the sign-in waiting page's status frame", () => {
  const args = (req: Request) => ({ request: req, params: {}, context });

  it("refreshes with the QR frame while pending; once complete it stops and the page signs the user in", async () => {
    let cookie = mergeCookies(
      "",
      await apiLogin.loader(args(request("/api/login?tenant=stadsbo&r=%2Faccount"))),
    );
    const order = await answered(
      bankidChoice.action(
        args(formRequest("/login/bankid", { device: "OtherDevice", r: "/account" }, { cookie })),
      ),
    );
    cookie = mergeCookies(cookie, order);

    const outer = await renderedPage(
      bankidWait,
      "/login/bankid/wait",
      request("/login/bankid/wait", { cookie }),
    );
    expect(outer.status).toBe(200);
    expect(outer.html).not.toMatch(/http-equiv="refresh"/);
    expect(outer.html).not.toContain("<img");
    expect(outer.html).toContain(
      '<noscript><iframe class="status-frame status-frame--qr" src="/login/bankid/wait/status" title="Inloggningens status"></iframe></noscript>',
    );

    const frame = () =>
      renderedPage(loginFrame, "/login/bankid/wait/status", request("/login/bankid/wait/status", { cookie }));
    await wait(1050);
    const pending = await frame();
    expect(pending.status).toBe(200);
    expect(pending.html).toMatch(REFRESH);
    expect(pending.html).toContain('<p role="status" class="lead">Starta BankID-appen.</p>');
    expect(pending.html).toContain('<img class="qr" src="/login/bankid/qr" alt="QR-kod för BankID.');
    expect(pending.html).not.toContain("_top");

    const sim = getBankIdSimulator();
    const waiting = sim.listPendingOrders().find((o) => !o.started)!;
    sim.openWithQrData(waiting.currentQrData, MARIA.personalNumber);
    sim.approve(waiting.orderRef);
    await wait(1050);
    const done = await frame();
    expect(done.html).not.toMatch(/http-equiv="refresh"/);
    expect(done.html).toContain('<p role="status" class="lead">Legitimeringen med BankID är klar.</p>');
    expect(done.html).toContain('<a class="button" href="/login/bankid/wait" target="_top">Fortsätt</a>');

    // The frame signed nobody in: the waiting page does, as before, and sends the user where they were going.
    const landed = await answered(bankidWait.loader(args(request("/login/bankid/wait", { cookie }))));
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe("/account");
  });

  it("a declined sign-in ends the frame with BankID's message and the way on", async () => {
    let cookie = mergeCookies("", await apiLogin.loader(args(request("/api/login?tenant=stadsbo&r=%2F"))));
    cookie = mergeCookies(
      cookie,
      await answered(
        bankidChoice.action(
          args(formRequest("/login/bankid", { device: "OtherDevice", r: "/" }, { cookie })),
        ),
      ),
    );
    const sim = getBankIdSimulator();
    const waiting = sim.listPendingOrders().find((o) => !o.started)!;
    sim.openWithQrData(waiting.currentQrData, MARIA.personalNumber);
    sim.decline(waiting.orderRef);
    await wait(1050);
    const ended = await renderedPage(
      loginFrame,
      "/login/bankid/wait/status",
      request("/login/bankid/wait/status", { cookie }),
    );
    expect(ended.html).not.toMatch(/http-equiv="refresh"/);
    expect(ended.html).toContain('<p role="status" class="notice notice--error">Åtgärden avbröts.</p>');
    expect(ended.html).toContain('href="/login/bankid/wait" target="_top">Fortsätt</a>');
  });
});
