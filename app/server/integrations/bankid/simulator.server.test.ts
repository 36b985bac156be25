import { beforeEach, describe, expect, it } from "vitest";
import { BankIdError } from "./errors.server";
import { qrData } from "./qr.server";
import { signatureCovers, signedUserNonVisibleData } from "./signature.server";
import { BankIdSimulator, BankIdSimulatorError, getBankIdSimulator } from "./simulator.server";
import { verifyBankIdSignature } from "./verify.server";

const ANNA = { personalNumber: "199001011234", givenName: "Anna", surname: "Andersson" };
const BO = { personalNumber: "198502029876", givenName: "Bo", surname: "Berg" };
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const IP = "192.0.2.10";

let clock: number;
let sim: BankIdSimulator;

beforeEach(() => {
  clock = Date.UTC(2025, 0, 15, 10, 0, 0);
  sim = new BankIdSimulator({ now: () => clock });
  sim.setTestPeople([ANNA, BO]);
});

const tick = (ms: number) => {
  clock += ms;
};

async function expectInvalidParameters(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BankIdError);
  expect(error).toMatchObject({ httpStatus: 400, errorCode: "invalidParameters" });
}

describe("starting orders", () => {
  it("answers four distinct UUIDs", async () => {
    const order = await sim.auth({ endUserIp: IP });
    const values = Object.values(order);
    expect(Object.keys(order).sort()).toEqual([
      "autoStartToken",
      "orderRef",
      "qrStartSecret",
      "qrStartToken",
    ]);
    for (const value of values)
      expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(values).size).toBe(4);
    expect(await sim.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: "pending",
      hintCode: "outstandingTransaction",
    });
  });

  it.each([
    ["no endUserIp", "auth", {}],
    ["a host name as endUserIp", "auth", { endUserIp: "example.com" }],
    ["an IPv4 address out of range", "auth", { endUserIp: "300.1.1.1" }],
    ["sign without userVisibleData", "sign", { endUserIp: IP }],
    ["userVisibleData that is not base64", "sign", { endUserIp: IP, userVisibleData: "inte base64!" }],
    ["auth userVisibleData over 1,500", "auth", { endUserIp: IP, userVisibleData: "A".repeat(1_504) }],
    ["sign userVisibleData over 40,000", "sign", { endUserIp: IP, userVisibleData: "A".repeat(40_004) }],
    [
      "userNonVisibleData over 200,000",
      "sign",
      { endUserIp: IP, userVisibleData: b64("x"), userNonVisibleData: "A".repeat(200_004) },
    ],
    [
      "an unknown text format",
      "sign",
      { endUserIp: IP, userVisibleData: b64("x"), userVisibleDataFormat: "html" },
    ],
    [
      "a short personal number requirement",
      "auth",
      { endUserIp: IP, requirement: { personalNumber: "9001011234" } },
    ],
    ["a relative returnUrl", "auth", { endUserIp: IP, returnUrl: "/login" }],
  ] as const)("refuses %s with invalidParameters", async (_label, kind, body) => {
    await expectInvalidParameters(kind === "auth" ? sim.auth(body as never) : sim.sign(body as never));
  });

  it("accepts the largest allowed texts and IPv6", async () => {
    await expect(
      sim.auth({ endUserIp: "2001:db8::1", userVisibleData: "A".repeat(1_500) }),
    ).resolves.toHaveProperty("orderRef");
    await expect(
      sim.sign({
        endUserIp: IP,
        userVisibleData: "A".repeat(40_000),
        userNonVisibleData: "A".repeat(200_000),
      }),
    ).resolves.toHaveProperty("orderRef");
  });

  it("refuses unknown order references", async () => {
    await expectInvalidParameters(sim.collect("00000000-0000-4000-8000-000000000000"));
    await expectInvalidParameters(sim.cancel("00000000-0000-4000-8000-000000000000"));
  });
});

describe("the order lifecycle", () => {
  it("auth via autostart token: started -> userSign -> complete, collected once", async () => {
    const order = await sim.auth({ endUserIp: IP });
    const opened = sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber);
    expect(opened).toMatchObject({ hintCode: "started", started: true, person: ANNA, kind: "auth" });
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
    sim.chooseIdentity(order.orderRef);
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "userSign" });
    sim.approve(order.orderRef);

    const result = await sim.collect(order.orderRef);
    if (result.status !== "complete") throw new Error(`expected complete, got ${result.status}`);
    const { user, device, bankIdIssueDate, ocspResponse } = result.completionData;
    expect(user).toEqual({ ...ANNA, name: "Anna Andersson" });
    expect(device.ipAddress).toBe(IP);
    expect(bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A real signature by Anna's test certificate, and an OCSP answer by the simulator's CA about it.
    const verified = verifyBankIdSignature({
      signature: result.completionData.signature,
      ocspResponse,
      trustedRoots: [sim.testCa().certificate],
    });
    expect(verified).toMatchObject({ ok: true, ocspProducedAt: new Date(clock).toISOString() });
    expect(verified.signer?.subject).toContain(`serialNumber=${ANNA.personalNumber}`);
    await expectInvalidParameters(sim.collect(order.orderRef));
  });

  it("sign via a scanned QR code: the signature holds the visible and non-visible data", async () => {
    const text = "Jag godkänner överlåtelsen av lägenhet 1203.";
    const order = await sim.sign({
      endUserIp: IP,
      userVisibleData: b64(text),
      userNonVisibleData: b64("decision:42"),
    });
    tick(3_200);
    expect(sim.listPendingOrders()).toEqual([
      expect.objectContaining({
        orderRef: order.orderRef,
        kind: "sign",
        started: false,
        userVisibleData: text,
      }),
    ]);
    sim.openWithQrData(qrData(order.qrStartToken, order.qrStartSecret, 3), BO.personalNumber);
    sim.approve(order.orderRef);
    const result = await sim.collect(order.orderRef);
    if (result.status !== "complete") throw new Error(`expected complete, got ${result.status}`);
    expect(signatureCovers(result.completionData.signature, b64(text))).toBe(true);
    expect(signatureCovers(result.completionData.signature, b64("något annat"))).toBe(false);
    expect(signedUserNonVisibleData(result.completionData.signature)).toBe(b64("decision:42"));
    expect(result.completionData.user.personalNumber).toBe(BO.personalNumber);
    expect(sim.listPendingOrders()).toEqual([]);
  });

  it("the person declines in the app: userCancel", async () => {
    const order = await sim.auth({ endUserIp: IP });
    sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber);
    sim.decline(order.orderRef);
    expect(await sim.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: "failed",
      hintCode: "userCancel",
    });
    await expectInvalidParameters(sim.collect(order.orderRef));
  });

  it("the RP cancels: cancelled, and the app can no longer act on it", async () => {
    const order = await sim.auth({ endUserIp: IP });
    await expect(sim.cancel(order.orderRef)).resolves.toBeUndefined();
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "failed", hintCode: "cancelled" });
    expect(() => sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber)).toThrow(
      BankIdSimulatorError,
    );
    await expectInvalidParameters(sim.cancel(order.orderRef));
  });

  it("a second order picked up by the same person cancels the first", async () => {
    const first = await sim.auth({ endUserIp: IP });
    const second = await sim.sign({ endUserIp: IP, userVisibleData: b64("Godkänn") });
    const other = await sim.auth({ endUserIp: IP });
    sim.openWithAutoStartToken(first.autoStartToken, ANNA.personalNumber);
    sim.openWithAutoStartToken(other.autoStartToken, BO.personalNumber);
    sim.openWithAutoStartToken(second.autoStartToken, ANNA.personalNumber);
    expect(await sim.collect(first.orderRef)).toMatchObject({ status: "failed", hintCode: "cancelled" });
    expect(await sim.collect(second.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
    expect(await sim.collect(other.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
  });

  it("a new order that requires a person with a running order: alreadyInProgress, and the running one is aborted", async () => {
    const running = await sim.auth({ endUserIp: IP });
    sim.openWithAutoStartToken(running.autoStartToken, ANNA.personalNumber);
    const error = await sim
      .auth({ endUserIp: IP, requirement: { personalNumber: ANNA.personalNumber } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: "alreadyInProgress", rfa: "RFA4", httpStatus: 400 });
    expect(await sim.collect(running.orderRef)).toMatchObject({ status: "failed", hintCode: "cancelled" });
    await expect(
      sim.auth({ endUserIp: IP, requirement: { personalNumber: ANNA.personalNumber } }),
    ).resolves.toHaveProperty("orderRef");
  });

  it("an order that requires a person cannot be opened by someone else", async () => {
    const order = await sim.auth({ endUserIp: IP, requirement: { personalNumber: ANNA.personalNumber } });
    expect(() => sim.openWithAutoStartToken(order.autoStartToken, BO.personalNumber)).toThrow(
      expect.objectContaining({ code: "requirementNotMet" }),
    );
    expect(sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber).hintCode).toBe("started");
  });

  it("startFailed when nobody opens the order within 30 s of the first collect", async () => {
    const order = await sim.auth({ endUserIp: IP });
    tick(60_000);
    expect(await sim.collect(order.orderRef)).toMatchObject({
      status: "pending",
      hintCode: "outstandingTransaction",
    });
    tick(29_999);
    expect(await sim.collect(order.orderRef)).toMatchObject({
      status: "pending",
      hintCode: "outstandingTransaction",
    });
    tick(1);
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "failed", hintCode: "startFailed" });
  });

  it("no startFailed once the app has opened the order; expiredTransaction after the lifetime", async () => {
    const order = await sim.auth({ endUserIp: IP });
    await sim.collect(order.orderRef);
    tick(10_000);
    sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber);
    tick(100_000);
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
    tick(69_999);
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "pending" });
    tick(1);
    expect(await sim.collect(order.orderRef)).toMatchObject({
      status: "failed",
      hintCode: "expiredTransaction",
    });
    expect(() => sim.approve(order.orderRef)).toThrow(BankIdSimulatorError);
  });

  it("timeouts are configurable", async () => {
    const quick = new BankIdSimulator({ now: () => clock, orderLifetimeMs: 5_000, startTimeoutMs: null });
    const order = await quick.auth({ endUserIp: IP });
    await quick.collect(order.orderRef);
    tick(4_999);
    expect(await quick.collect(order.orderRef)).toMatchObject({ status: "pending" });
    tick(1);
    expect(await quick.collect(order.orderRef)).toMatchObject({
      status: "failed",
      hintCode: "expiredTransaction",
    });
  });

  it("the test app can fail an order with a chosen hint code", async () => {
    const order = await sim.auth({ endUserIp: IP });
    sim.fail(order.orderRef, "certificateErr");
    expect(await sim.collect(order.orderRef)).toMatchObject({ status: "failed", hintCode: "certificateErr" });
  });

  it("forgets finished orders after the retention time", async () => {
    const order = await sim.auth({ endUserIp: IP });
    await sim.cancel(order.orderRef);
    tick(5 * 60_000);
    sim.listPendingOrders();
    await expectInvalidParameters(sim.collect(order.orderRef));
    expect(sim.order(order.orderRef)).toBeUndefined();
  });
});

describe("the simulated app's checks", () => {
  it("refuses a QR code with a wrong HMAC, a stale one, and an unknown token", async () => {
    const order = await sim.auth({ endUserIp: IP });
    tick(2_000);
    const forged = qrData(order.qrStartToken, "not-the-secret", 2);
    expect(() => sim.openWithQrData(forged, ANNA.personalNumber)).toThrow(
      expect.objectContaining({ code: "invalidQr", qrRejection: "badAuthCode" }),
    );
    const unknown = qrData("6e0c7a4e-0b7e-4d1c-9c7e-2b1d1b3f0a11", order.qrStartSecret, 2);
    expect(() => sim.openWithQrData(unknown, ANNA.personalNumber)).toThrow(
      expect.objectContaining({ qrRejection: "unknownToken" }),
    );
    const early = qrData(order.qrStartToken, order.qrStartSecret, 0);
    tick(120_000);
    expect(() => sim.openWithQrData(early, ANNA.personalNumber)).toThrow(
      expect.objectContaining({ qrRejection: "stale" }),
    );
    expect(sim.order(order.orderRef)).toMatchObject({
      status: "pending",
      hintCode: "outstandingTransaction",
      started: false,
    });
  });

  it("refuses unknown people, unknown tokens, and steps out of order", async () => {
    const order = await sim.auth({ endUserIp: IP });
    expect(() => sim.openWithAutoStartToken(order.autoStartToken, "200001019999")).toThrow(
      expect.objectContaining({ code: "unknownPerson" }),
    );
    expect(() => sim.openWithAutoStartToken("no-such-token", ANNA.personalNumber)).toThrow(
      expect.objectContaining({ code: "unknownToken" }),
    );
    expect(() => sim.approve(order.orderRef)).toThrow(expect.objectContaining({ code: "notInApp" }));
    expect(() => sim.decline(order.orderRef)).toThrow(expect.objectContaining({ code: "notInApp" }));
    sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber);
    expect(() => sim.openWithAutoStartToken(order.autoStartToken, ANNA.personalNumber)).toThrow(
      expect.objectContaining({ code: "notStartable" }),
    );
    expect(() => sim.approve("no-such-order")).toThrow(expect.objectContaining({ code: "unknownOrder" }));
  });

  it("keeps its own copy of the test people and checks their personal numbers", () => {
    const people = [{ ...ANNA }];
    sim.setTestPeople(people);
    people[0]!.givenName = "Ändrad";
    expect(sim.testPeople()).toEqual([ANNA]);
    expect(() => sim.setTestPeople([{ ...ANNA, personalNumber: "19900101-1234" }])).toThrow(TypeError);
  });
});

describe("getBankIdSimulator", () => {
  it("returns one simulator per process", () => {
    expect(getBankIdSimulator()).toBe(getBankIdSimulator());
    expect(getBankIdSimulator()).toBeInstanceOf(BankIdSimulator);
  });
});
