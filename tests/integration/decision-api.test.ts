import { beforeAll, describe, expect, it } from "vitest";
import * as approveV2 from "~/routes/api.core.reviews.memberships.approve.v2";
import * as approveV3 from "~/routes/api.core.reviews.memberships.approve.v3";
import * as rejectV2 from "~/routes/api.core.reviews.memberships.reject.v2";
import * as collect from "~/routes/api.core.reviews.memberships.$signId.collect";
import * as cancel from "~/routes/api.core.reviews.memberships.$signId.cancel";
import * as decisionPage from "~/routes/transfers.$id.decision";
import * as signPage from "~/routes/transfers.$id.decision_.sign";
import * as recordPage from "~/routes/transfers.$id.decision_.record";
import { getDb } from "~/server/db/db.server";
import { getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { addDays, todayInStockholm } from "~/lib/dates";
import { commitSession, getSession } from "~/server/platform/session.server";
import { answered, formReplyOf, request, startFreshApp } from "../support/app";
import { testPdf } from "../support/documents";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

const context = { clientIp: "192.0.2.10" };
const ERIK = { personalNumber: "197509025172", givenName: "Erik", surname: "Johansson" };
const KARIN = { personalNumber: "196803142428", givenName: "Karin", surname: "Lindqvist" };

async function cookieFor(userId: string, tenantId: string): Promise<string> {
  const session = await getSession(request("/"));
  session.set("userId", userId);
  session.set("tenantId", tenantId);
  return (await commitSession(session)).split(";")[0] ?? "";
}

function jsonRequest(path: string, method: string, body: unknown, cookie: string) {
  return request(path, {
    method,
    cookie,
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
  });
}

function multipartRequest(path: string, fields: Record<string, string>, file: Blob | null, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("decisionDocument", file, "beslut.pdf");
  return request(path, { method: "POST", cookie, body: form, headers: { Origin: "http://localhost:3000" } });
}

async function board(id: string, status = "MembershipReviewInProgress") {
  await insertTransfer(getDb(), { id, objectId: WORLD.objectA, status }, [
    { id: `${id}-acq`, kind: "Acquirer", first_name: "Anna", last_name: "Svensson" },
    { id: `${id}-seller`, kind: "Transferor" },
  ]);
}

function phoneSigns(signQr: string, person = ERIK) {
  const sim = getBankIdSimulator();
  const order = sim.listPendingOrders().find((o) => o.currentQrData === signQr) ?? sim.listPendingOrders()[0];
  if (!order) throw new Error("no pending order");
  sim.openWithQrData(order.currentQrData, person.personalNumber);
  sim.approve(order.orderRef);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let erik: string;
let karin: string;
let johan: string;
let maria: string;

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
  getBankIdSimulator().reset();
  getBankIdSimulator().setTestPeople([ERIK, KARIN]);
  erik = await cookieFor("user-erik", "styrelse");
  karin = await cookieFor("user-karin", "styrelse");
  johan = await cookieFor("user-johan", "stadsbo");
  maria = await cookieFor("user-maria", "stadsbo");
});

describe("membership decision calls", () => {
  it("approve/v2, collect and the decision: another user's signing is 404, the signed decision recorded", async () => {
    await board("api-d1");
    const anonymous = await answered(
      approveV2.action({ request: jsonRequest("/x", "POST", {}, ""), params: {}, context }),
    );
    expect(anonymous.status).toBe(401);

    const started = await answered(
      approveV2.action({
        request: jsonRequest(
          "/api/core/reviews/memberships/approve/v2",
          "POST",
          { transferId: "api-d1", signDevice: "OtherDevice", acquirerIds: ["api-d1-acq"] },
          erik,
        ),
        params: {},
        context,
      }),
    );
    expect(started.status).toBe(200);
    const body = (await started.json()) as { signId: string; qrCodeData: string; signDevice: string };
    expect(body).toMatchObject({ signDevice: "OtherDevice", status: "pending", launchUrl: null });
    expect(body.qrCodeData).toMatch(/^bankid\./);

    const path = `/api/core/reviews/memberships/${body.signId}/collect`;
    const foreign = await answered(
      collect.loader({ request: request(path, { cookie: karin }), params: { signId: body.signId }, context }),
    );
    expect(foreign.status).toBe(404);
    const foreignCancel = await answered(
      cancel.action({
        request: request(`/api/core/reviews/memberships/${body.signId}/cancel`, {
          method: "DELETE",
          cookie: karin,
          headers: { Origin: "http://localhost:3000" },
        }),
        params: { signId: body.signId },
        context,
      }),
    );
    expect(foreignCancel.status).toBe(404);

    phoneSigns(body.qrCodeData);
    await wait(1100);
    const done = await answered(
      collect.loader({ request: request(path, { cookie: erik }), params: { signId: body.signId }, context }),
    );
    expect(await done.json()).toMatchObject({ status: "complete", message: "Signering klar" });
    const decision = await getDb()
      .selectFrom("membership_decisions")
      .selectAll()
      .where("transfer_id", "=", "api-d1")
      .executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ decision: "Approved", signer_personal_number: ERIK.personalNumber });

    // The record page checks the stored signature against the simulator's CA on every view.
    const record = await answered(
      recordPage.loader({
        request: request("/transfers/api-d1/decision/record", { cookie: karin }),
        params: { id: "api-d1" },
        context,
      }),
    );
    const shown = (await record.json()) as {
      record: { signed: { verification: { ok: boolean }; textMatches: boolean; signerName: string } };
    };
    expect(shown.record.signed).toMatchObject({
      verification: { ok: true },
      textMatches: true,
      signerName: "Erik Johansson",
    });
    // A tampered stored signature shows as failing.
    await getDb()
      .updateTable("membership_decisions")
      .set({
        signature: Buffer.from(
          Buffer.from(decision.signature ?? "", "base64")
            .toString("utf8")
            .replace(
              /<usrVisibleData([^>]*)>[^<]*</,
              `<usrVisibleData$1>${Buffer.from("Jag avslår medlemskapet.").toString("base64")}<`,
            ),
        ).toString("base64"),
      })
      .where("transfer_id", "=", "api-d1")
      .execute();
    const tampered = await answered(
      recordPage.loader({
        request: request("/transfers/api-d1/decision/record", { cookie: erik }),
        params: { id: "api-d1" },
        context,
      }),
    );
    expect(((await tampered.json()) as typeof shown).record.signed.verification.ok).toBe(false);
  });

  it("refuses what is not offered (403 with the reason), an unticked acquirer and a rejection without reason", async () => {
    await board("api-d2", "TransferReviewInProgress");
    const notOffered = await answered(
      approveV2.action({
        request: jsonRequest(
          "/api/core/reviews/memberships/approve/v2",
          "POST",
          { transferId: "api-d2", signDevice: "OtherDevice", acquirerIds: ["api-d2-acq"] },
          erik,
        ),
        params: {},
        context,
      }),
    );
    expect(notOffered.status).toBe(403);
    expect(((await notOffered.json()) as { message: string }).message).toBe(
      "Du har inte behörighet att utföra åtgärden.",
    );

    await board("api-d3");
    const unticked = await answered(
      approveV2.action({
        request: jsonRequest(
          "/api/core/reviews/memberships/approve/v2",
          "POST",
          { transferId: "api-d3", signDevice: "ThisDevice", acquirerIds: [] },
          erik,
        ),
        params: {},
        context,
      }),
    );
    expect(unticked.status).toBe(400);
    expect(await unticked.json()).toMatchObject({ errors: { acquirerIds: ["Förvärvare måste godkännas"] } });

    const noReason = await answered(
      rejectV2.action({
        request: jsonRequest(
          "/api/core/reviews/memberships/reject/v2",
          "POST",
          { transferId: "api-d3", signDevice: "ThisDevice" },
          erik,
        ),
        params: {},
        context,
      }),
    );
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ errors: { reason: ["Ange orsak"] } });
    expect(
      await getDb()
        .selectFrom("membership_decisions")
        .select("id")
        .where("transfer_id", "=", "api-d3")
        .execute(),
    ).toEqual([]);
  });

  it("approve/v3 by proxy: the decision date and file are checked, then the decision is announced with its file", async () => {
    await board("api-d4");
    const v3 = (fields: Record<string, string>, file: Blob | null, cookie = johan) =>
      answered(
        approveV3.action({
          request: multipartRequest(
            "/api/core/reviews/memberships/approve/v3",
            { transferId: "api-d4", signDevice: "SignByProxy", acquirerIds: "api-d4-acq", ...fields },
            file,
            cookie,
          ),
          params: {},
          context,
        }),
      );
    const pdf = new Blob([Buffer.from(testPdf)], { type: "application/pdf" });
    const future = await v3({ decisionDate: addDays(todayInStockholm(), 1) }, pdf);
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({
      errors: { decisionDate: ["Beslutsdatum måste vara dagens datum eller tidigare"] },
    });
    const impossible = await v3({ decisionDate: "2026-02-30" }, pdf);
    expect(await impossible.json()).toMatchObject({ errors: { decisionDate: ["Ogiltigt datum"] } });
    const missing = await v3({}, pdf);
    expect(await missing.json()).toMatchObject({
      errors: { decisionDate: ["Beslutsdatum är obligatoriskt"] },
    });
    const notPdf = await v3({ decisionDate: todayInStockholm() }, new Blob(["hej"], { type: "text/plain" }));
    expect(notPdf.status).toBe(400);
    expect(await notPdf.json()).toMatchObject({
      errors: { decisionDocument: ["Beslutsfilen måste vara en PDF"] },
    });
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooLarge = await v3({ decisionDate: todayInStockholm() }, new Blob([big]));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toMatchObject({ errors: { decisionDocument: ["Filen är för stor"] } });
    // The page without JavaScript: a decision file over the limit is refused with its own text (413), and
    // everything else typed comes back (a browser declares the body's length; the fields after the file count too).
    const page = new FormData();
    page.append("decision", "Approve");
    page.append("announce", "yes");
    page.append("acquirerIds", "api-d4-acq");
    page.append("decisionDate", todayInStockholm());
    // 11 MB: over the whole body's limit (the file's 10 MB and the form's slack), as the tester sent it.
    const eleven = new Uint8Array(11 * 1024 * 1024);
    eleven.set(new TextEncoder().encode("%PDF-1.4\n"));
    page.append("decisionDocument", new Blob([eleven], { type: "application/pdf" }), "protokoll.pdf");
    page.append("signDevice", "OtherDevice");
    const encoded = new Response(page);
    const body = Buffer.from(await encoded.arrayBuffer());
    const overPage = await answered(
      decisionPage.action({
        request: request("/transfers/api-d4/decision?d=approve", {
          method: "POST",
          cookie: johan,
          body,
          headers: {
            "Content-Type": encoded.headers.get("Content-Type") ?? "",
            "Content-Length": String(body.byteLength),
            Origin: "http://localhost:3000",
          },
        }),
        params: { id: "api-d4" },
        context,
      }),
    );
    expect(overPage.status).toBe(413);
    const overReply = await formReplyOf(overPage);
    expect(overReply.fields).toEqual({ decisionDocument: ["Filen är för stor"] });
    expect(overReply.form).toEqual([]);
    expect(overReply.values).toMatchObject({
      acquirerIds: "api-d4-acq",
      decisionDate: todayInStockholm(),
      signDevice: "OtherDevice",
    });

    // Maria has no property_manager_proxy: no proxy for her.
    const noProxy = await v3({ decisionDate: todayInStockholm() }, pdf, maria);
    expect(noProxy.status).toBe(400);

    const announced = await v3({ decisionDate: todayInStockholm() }, pdf);
    expect(announced.status).toBe(200);
    expect(await announced.json()).toMatchObject({
      signId: null,
      status: "complete",
      signDevice: "SignByProxy",
    });
    const decision = await getDb()
      .selectFrom("membership_decisions")
      .selectAll()
      .where("transfer_id", "=", "api-d4")
      .executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ sign_device: "SignByProxy", decided_by_user_id: "user-johan" });
    const document = await getDb()
      .selectFrom("documents")
      .select(["category", "status", "file_name"])
      .where("id", "=", decision.document_id ?? "")
      .executeTakeFirstOrThrow();
    expect(document).toEqual({
      category: "MembershipDecision",
      status: "UploadPending",
      file_name: "beslut.pdf",
    });
  });

  it("without JavaScript: the form posts, the signing page collects on each load, Avbryt returns to the form", async () => {
    await board("api-d5");
    const form = new URLSearchParams([
      ["decision", "Approve"],
      ["signDevice", "OtherDevice"],
    ]);
    const unticked = await answered(
      decisionPage.action({
        request: request("/transfers/api-d5/decision?d=approve", {
          method: "POST",
          cookie: erik,
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
        }),
        params: { id: "api-d5" },
        context,
      }),
    );
    expect(unticked.status).toBe(400);
    expect((await formReplyOf(unticked)).fields).toMatchObject({
      acquirerIds: ["Förvärvare måste godkännas"],
    });

    form.append("acquirerIds", "api-d5-acq");
    const posted = await answered(
      decisionPage.action({
        request: request("/transfers/api-d5/decision?d=approve", {
          method: "POST",
          cookie: erik,
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
        }),
        params: { id: "api-d5" },
        context,
      }),
    );
    expect(posted.status).toBe(303);
    const location = posted.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/transfers\/api-d5\/decision\/sign\?signId=/);
    const signId = new URL(location, "http://localhost").searchParams.get("signId") ?? "";

    const page = await answered(
      signPage.loader({ request: request(location, { cookie: erik }), params: { id: "api-d5" }, context }),
    );
    expect(await page.json()).toMatchObject({
      status: "Pending",
      hasQr: true,
      message: "Starta BankID-appen.",
    });

    // Karin may not see or cancel Erik's signing; she is blocked from deciding meanwhile.
    const foreign = await answered(
      signPage.loader({ request: request(location, { cookie: karin }), params: { id: "api-d5" }, context }),
    );
    expect(foreign.status).toBe(404);

    const cancelled = await answered(
      signPage.action({
        request: request(location, {
          method: "POST",
          cookie: erik,
          body: new URLSearchParams({ intent: "cancel", signId }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
        }),
        params: { id: "api-d5" },
        context,
      }),
    );
    expect(cancelled.status).toBe(303);
    const back = cancelled.headers.get("Location") ?? "";
    expect(back).toBe(`/transfers/api-d5/decision?d=approve&from=${encodeURIComponent(signId)}`);
    const row = await getDb()
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", "api-d5")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("MembershipReviewInProgress");

    // The form again, with the acquirer ticked as before Avbryt; for Karin the same address offers nothing of Erik's.
    const again = await answered(
      decisionPage.loader({ request: request(back, { cookie: erik }), params: { id: "api-d5" }, context }),
    );
    expect(((await again.json()) as { previous: unknown }).previous).toEqual({
      acquirerIds: ["api-d5-acq"],
      decisionDate: expect.any(String),
    });
    const hers = await answered(
      decisionPage.loader({ request: request(back, { cookie: karin }), params: { id: "api-d5" }, context }),
    );
    expect(((await hers.json()) as { previous: unknown }).previous).toBeNull();
  });
});
