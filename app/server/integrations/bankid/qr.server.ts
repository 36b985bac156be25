import { createHmac, timingSafeEqual } from "node:crypto";

/** The animated QR content for second `seconds` of an order (BankID RP API v6, "Animated QR code"). */
export function qrData(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new RangeError(`QR time must be a whole number >= 0, got ${seconds}`);
  return `bankid.${qrStartToken}.${seconds}.${qrAuthCode(qrStartSecret, seconds)}`;
}

function qrAuthCode(qrStartSecret: string, seconds: number): string {
  return createHmac("sha256", qrStartSecret).update(String(seconds)).digest("hex");
}

/** Whole seconds since the order was started (both in epoch milliseconds); never negative. */
export function qrSecondsSince(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

export interface QrOrder {
  qrStartSecret: string;
  /** When the order was created, epoch milliseconds. */
  startedAt: number;
}

export type QrOrderLookup = (qrStartToken: string) => QrOrder | undefined;

export type QrRejection = "malformed" | "unknownToken" | "badAuthCode" | "fromTheFuture" | "stale";

export type QrVerification =
  { ok: true; qrStartToken: string; seconds: number } | { ok: false; reason: QrRejection };

export interface QrVerifyOptions {
  now: number;
  /** How old (in seconds) a scanned code may be compared with the one currently displayed. */
  maxAgeSeconds?: number;
  /** Allowed clock difference between the page that drew the code and the verifier. */
  skewSeconds?: number;
}

const QR_PATTERN = /^bankid\.([^.]+)\.(0|[1-9]\d{0,6})\.([0-9a-f]{64})$/;

/** Checks a scanned QR string the way the BankID app and server do: known token, right HMAC, recent time. */
export function verifyQrData(
  data: string,
  orderLookup: QrOrderLookup,
  options: QrVerifyOptions,
): QrVerification {
  const match = QR_PATTERN.exec(data.trim());
  if (!match) return { ok: false, reason: "malformed" };
  const [, qrStartToken = "", secondsText = "", authCode = ""] = match;
  const order = orderLookup(qrStartToken);
  if (!order) return { ok: false, reason: "unknownToken" };

  const seconds = Number(secondsText);
  const expected = Buffer.from(qrAuthCode(order.qrStartSecret, seconds), "hex");
  if (!timingSafeEqual(expected, Buffer.from(authCode, "hex"))) return { ok: false, reason: "badAuthCode" };

  const elapsed = qrSecondsSince(order.startedAt, options.now);
  const skew = options.skewSeconds ?? 2;
  if (seconds > elapsed + skew) return { ok: false, reason: "fromTheFuture" };
  if (seconds < elapsed - (options.maxAgeSeconds ?? 10) - skew) return { ok: false, reason: "stale" };
  return { ok: true, qrStartToken, seconds };
}
