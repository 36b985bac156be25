import { describe, expect, it } from "vitest";
import { stateOf, type SignSession } from "./sessions.server";

const STARTED = "2026-11-26T09:00:00.000Z";

function session(extra: Partial<SignSession> = {}): SignSession {
  return {
    id: "sign-1",
    transfer_id: "t-1",
    user_id: "user-erik",
    decision: "Approve",
    sign_device: "OtherDevice",
    order_ref: "order-1",
    auto_start_token: "auto-1",
    qr_start_token: "67df3917-fa0d-44e5-b327-edcc928297f8",
    qr_start_secret: "d28db9a7-4cde-429e-a983-359be676944c",
    launch_url: null,
    status: "Pending",
    reason: null,
    decision_date: "2026-11-26",
    hint_code: "outstandingTransaction",
    started_at: STARTED,
    finished_at: null,
    acquirer_ids: "[]",
    user_visible_data: Buffer.from("# Godkännande av medlemskap").toString("base64"),
    user_non_visible_data: null,
    transfer_version: 2,
    collect_lease_until: null,
    decision_file_key: null,
    decision_file_name: null,
    decision_file_size: null,
    failure: null,
    ...extra,
  };
}

describe("the stored sign's state", () => {
  it("is valid 4 minutes from its start, with BankID's QR frame while the app on another device is awaited", () => {
    const state = stateOf(session(), new Date(Date.parse(STARTED) + 2000));
    expect(state.expiresAt).toBe("2026-11-26T09:04:00.000Z");
    // BankID's published test vector at t=2.
    expect(state.qrCodeData).toBe(
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.2.a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3",
    );
    expect(state).toMatchObject({
      status: "Pending",
      rfa: "RFA1",
      launchUrl: null,
      text: "# Godkännande av medlemskap",
    });
  });

  it("shows no QR once the app has the order, and the app link only on this device while pending", () => {
    expect(stateOf(session({ hint_code: "userSign" }), new Date(STARTED))).toMatchObject({
      qrCodeData: null,
      rfa: "RFA9",
    });
    const thisDevice = session({
      sign_device: "ThisDevice",
      launch_url: "bankid:///?autostarttoken=auto-1&redirect=null",
    });
    expect(stateOf(thisDevice, new Date(STARTED))).toMatchObject({
      qrCodeData: null,
      launchUrl: "bankid:///?autostarttoken=auto-1&redirect=null",
      mightNeedUserInteractionToLaunch: true,
      rfa: "RFA13",
    });
    expect(stateOf({ ...thisDevice, status: "complete" }, new Date(STARTED)).launchUrl).toBeNull();
  });

  it("says why it ended: BankID's hint, our own reason, or cancelled", () => {
    expect(stateOf(session({ status: "failed", hint_code: "userCancel" }), new Date(STARTED))).toMatchObject({
      rfa: "RFA6",
      failure: null,
    });
    expect(stateOf(session({ status: "failed", failure: "expired" }), new Date(STARTED))).toMatchObject({
      rfa: null,
      failure: "expired",
    });
    expect(stateOf(session({ status: "cancelled" }), new Date(STARTED)).rfa).toBe("RFA3");
  });
});
