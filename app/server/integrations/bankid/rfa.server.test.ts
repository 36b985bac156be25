import { describe, expect, it } from "vitest";
import texts from "~/locales/sv/bankid.json";
import { RFA_CODES, rfaFor } from "./rfa.server";

describe("rfaFor", () => {
  it.each([
    ["pending", "outstandingTransaction", false, false, "RFA1"],
    ["pending", "outstandingTransaction", true, false, "RFA13"],
    ["pending", "outstandingTransaction", true, true, "RFA13"],
    ["pending", "noClient", false, false, "RFA1"],
    ["pending", "noClient", true, true, "RFA1"],
    ["pending", "started", true, false, "RFA15A"],
    ["pending", "started", true, true, "RFA15B"],
    // After the QR was scanned on another device, "this computer/device" would be wrong: the generic message.
    ["pending", "started", false, false, "RFA21"],
    ["pending", "started", false, true, "RFA21"],
    ["pending", "noClient", true, false, "RFA1"],
    ["pending", "userSign", true, true, "RFA9"],
    ["pending", "userMrtd", false, false, "RFA23"],
    ["pending", "userSign", false, false, "RFA9"],
    ["pending", "userMrtd", true, true, "RFA23"],
    ["pending", "userCallConfirm", false, false, "RFA21"],
    ["pending", "somethingNew", false, false, "RFA21"],
    ["pending", undefined, false, false, "RFA21"],
    ["failed", "expiredTransaction", false, false, "RFA8"],
    ["failed", "certificateErr", true, false, "RFA16"],
    ["failed", "userCancel", false, true, "RFA6"],
    ["failed", "cancelled", false, false, "RFA3"],
    ["failed", "startFailed", true, false, "RFA17A"],
    ["failed", "startFailed", true, true, "RFA17A"],
    ["failed", "startFailed", false, false, "RFA17B"],
    ["failed", "startFailed", false, true, "RFA17B"],
    ["failed", "userCancel", true, false, "RFA6"],
    ["failed", "expiredTransaction", true, true, "RFA8"],
    ["failed", "transactionRiskBlocked", false, false, "RFA22"],
    ["failed", "somethingNew", false, false, "RFA22"],
  ] as const)("%s %s (sameDevice %s, mobile %s) -> %s", (status, hintCode, sameDevice, mobile, expected) => {
    expect(rfaFor({ status, hintCode, sameDevice, mobile })).toBe(expected);
  });

  it("has no message for a completed order", () => {
    expect(rfaFor({ status: "complete", sameDevice: true })).toBeNull();
  });

  it("defaults to desktop wording when mobile is not given", () => {
    expect(rfaFor({ status: "pending", hintCode: "started", sameDevice: true })).toBe("RFA15A");
  });

  it("never tells someone waiting for another device to look on this computer or device", () => {
    for (const hintCode of ["outstandingTransaction", "noClient", "started", "userSign", "userMrtd"])
      for (const mobile of [false, true])
        expect(rfaFor({ status: "pending", hintCode, sameDevice: false, mobile })).not.toMatch(/^RFA1[35]/);
  });
});

describe("locales/sv/bankid.json", () => {
  const table = texts as Record<string, string>;

  it("has a Swedish text for every RFA code", () => {
    for (const code of RFA_CODES) expect(table[code], code).toMatch(/\S/);
  });

  it("holds BankID's wording", () => {
    expect(table.RFA1).toBe("Starta BankID-appen.");
    expect(table.RFA4).toBe(
      "En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.",
    );
    expect(table.RFA17B).toBe("Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.");
    expect(table.RFA21).toBe("En identifiering eller underskrift pågår.");
  });

  it("has the login page labels", () => {
    expect(table).toMatchObject({
      thisDevice: "BankID på denna enhet",
      otherDevice: "BankID på annan enhet",
      openApp: "Öppna BankID-appen",
      scanQr: "Scanna QR-koden",
      cancel: "Avbryt",
    });
  });
});
