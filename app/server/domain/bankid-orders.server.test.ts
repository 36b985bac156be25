import { describe, expect, it } from "vitest";
import type { LoginOrder } from "../db/schema.server";
import {
  collectDue,
  fromLoginOrder,
  fromSignSession,
  onMobileDevice,
  orderView,
  type BankIdOrder,
} from "./bankid-orders.server";

const STARTED = "2026-11-26T09:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(STARTED) + ms);

function order(extra: Partial<BankIdOrder> = {}): BankIdOrder {
  return {
    orderRef: "order-1",
    autoStartToken: "auto 1",
    qrStartToken: "67df3917-fa0d-44e5-b327-edcc928297f8",
    qrStartSecret: "d28db9a7-4cde-429e-a983-359be676944c",
    sameDevice: false,
    status: "pending",
    hintCode: "outstandingTransaction",
    startedAt: STARTED,
    launchUrl: null,
    collectDueAt: null,
    ...extra,
  };
}

const loginRow: LoginOrder = {
  id: "login-1",
  order_ref: "order-1",
  auto_start_token: "auto-1",
  qr_start_token: "qr-1",
  qr_start_secret: "secret-1",
  device: "OtherDevice",
  tenant_id: "tenant-1",
  return_to: "/",
  status: "pending",
  hint_code: null,
  personal_number: null,
  given_name: null,
  surname: null,
  last_collected_at: null,
  started_at: STARTED,
  finished_at: null,
};

describe("an order's persisted state", () => {
  it("reads sign-in's last collect as the next second, and the signing's lease as it is", () => {
    expect(fromLoginOrder(loginRow).collectDueAt).toBeNull();
    const collected = fromLoginOrder({ ...loginRow, last_collected_at: STARTED });
    expect(collected.collectDueAt).toBe("2026-11-26T09:00:01.000Z");
    expect(collectDue(collected, at(999))).toBe(false);
    expect(collectDue(collected, at(1000))).toBe(true);
    const signing = fromSignSession({
      order_ref: "order-1",
      auto_start_token: "auto-1",
      qr_start_token: "qr-1",
      qr_start_secret: "secret-1",
      sign_device: "ThisDevice",
      status: "Pending",
      hint_code: "outstandingTransaction",
      started_at: STARTED,
      launch_url: "bankid:///?autostarttoken=auto-1&redirect=null",
      collect_lease_until: "2026-11-26T09:00:15.000Z",
    });
    expect(signing).toMatchObject({
      status: "pending",
      sameDevice: true,
      collectDueAt: "2026-11-26T09:00:15.000Z",
    });
    expect(collectDue(signing, at(14_999))).toBe(false);
  });
});

describe("what a waiting page shows of an order", () => {
  it("the QR frame of this moment while the app on another device is awaited, never the app link", () => {
    expect(orderView(order(), at(2000))).toMatchObject({
      rfa: "RFA1",
      // BankID's published test vector at t=2.
      qrData:
        "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.2.a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3",
      launchUrl: null,
    });
    expect(orderView(order({ hintCode: "started" }), at(2000))).toMatchObject({ qrData: null, rfa: "RFA21" });
  });

  it("on this device the kept app link, or one made for the device asking, only while pending", () => {
    const here = order({ sameDevice: true });
    expect(orderView(here, at(0)).launchUrl).toBe("bankid:///?autostarttoken=auto%201&redirect=null");
    expect(orderView(here, at(0), true)).toMatchObject({
      launchUrl: "https://app.bankid.com/?autostarttoken=auto%201&redirect=null",
      rfa: "RFA13",
      qrData: null,
    });
    expect(orderView({ ...here, launchUrl: "bankid:///?kept" }, at(0), true).launchUrl).toBe(
      "bankid:///?kept",
    );
    expect(orderView({ ...here, status: "complete" }, at(0)).launchUrl).toBeNull();
  });

  it("BankID's message for an ended order: its hint, RFA5 when BankID could not be asked, RFA3 when cancelled", () => {
    expect(orderView(order({ status: "failed", hintCode: "userCancel" }), at(0)).rfa).toBe("RFA6");
    expect(orderView(order({ status: "failed", hintCode: "error:requestTimeout" }), at(0)).rfa).toBe("RFA5");
    expect(orderView(order({ status: "cancelled" }), at(0)).rfa).toBe("RFA3");
    expect(orderView(order({ status: "complete", hintCode: null }), at(0)).rfa).toBeNull();
  });

  it("knows a phone or tablet by its user agent", () => {
    expect(onMobileDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(onMobileDevice("Mozilla/5.0 (X11; Linux x86_64)")).toBe(false);
    expect(onMobileDevice(null)).toBe(false);
  });
});
