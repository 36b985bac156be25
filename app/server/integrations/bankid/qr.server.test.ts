import { describe, expect, it } from "vitest";
import { qrData, qrSecondsSince, verifyQrData, type QrOrder } from "./qr.server";

const token = "67df3917-fa0d-44e5-b327-edcc928297f8";
const secret = "d28db9a7-4cde-429e-a983-359be676944c";

describe("qrData", () => {
  it.each([
    [
      0,
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8",
    ],
    [
      1,
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2",
    ],
    [
      2,
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.2.a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3",
    ],
  ])("matches BankID's published test vector at t=%i", (t, expected) => {
    expect(qrData(token, secret, t)).toBe(expected);
  });

  it("refuses a time that is not a whole number of seconds", () => {
    expect(() => qrData(token, secret, 1.5)).toThrow(RangeError);
    expect(() => qrData(token, secret, -1)).toThrow(RangeError);
  });
});

describe("qrSecondsSince", () => {
  it("counts whole seconds and never goes below zero", () => {
    expect(qrSecondsSince(10_000, 10_000)).toBe(0);
    expect(qrSecondsSince(10_000, 10_999)).toBe(0);
    expect(qrSecondsSince(10_000, 11_000)).toBe(1);
    expect(qrSecondsSince(10_000, 42_500)).toBe(32);
    expect(qrSecondsSince(10_000, 9_000)).toBe(0);
  });
});

describe("verifyQrData", () => {
  const startedAt = 1_700_000_000_000;
  const lookup = (t: string): QrOrder | undefined =>
    t === token ? { qrStartSecret: secret, startedAt } : undefined;

  it("accepts the code currently displayed", () => {
    expect(verifyQrData(qrData(token, secret, 5), lookup, { now: startedAt + 5_400 })).toEqual({
      ok: true,
      qrStartToken: token,
      seconds: 5,
    });
  });

  it("refuses a wrong HMAC, an unknown token and junk", () => {
    const forged = qrData(token, "another-secret", 2);
    expect(verifyQrData(forged, lookup, { now: startedAt + 2_000 })).toEqual({
      ok: false,
      reason: "badAuthCode",
    });
    const otherToken = qrData("11111111-2222-3333-4444-555555555555", secret, 2);
    expect(verifyQrData(otherToken, lookup, { now: startedAt + 2_000 })).toEqual({
      ok: false,
      reason: "unknownToken",
    });
    for (const junk of ["", "bankid", `bankid.${token}.x.abc`, `bankid.${token}.01.${"a".repeat(64)}`]) {
      expect(verifyQrData(junk, lookup, { now: startedAt })).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses codes that are too old or from the future", () => {
    const atTwo = qrData(token, secret, 2);
    expect(verifyQrData(atTwo, lookup, { now: startedAt + 14_000, maxAgeSeconds: 10 }).ok).toBe(true);
    expect(verifyQrData(atTwo, lookup, { now: startedAt + 15_000, maxAgeSeconds: 10 })).toEqual({
      ok: false,
      reason: "stale",
    });
    const atTen = qrData(token, secret, 10);
    expect(verifyQrData(atTen, lookup, { now: startedAt + 8_000 }).ok).toBe(true);
    expect(verifyQrData(atTen, lookup, { now: startedAt + 7_000 })).toEqual({
      ok: false,
      reason: "fromTheFuture",
    });
  });
});
