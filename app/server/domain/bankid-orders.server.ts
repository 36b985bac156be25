import type { LoginOrder, SignSessionsTable } from "../db/schema.server";
import {
  isBankIdError,
  launchUrl,
  qrData,
  qrSecondsSince,
  rfaFor,
  type BankIdClient,
  type OrderResponse,
  type RfaCode,
} from "../integrations/bankid/index.server";

/**
 * A BankID order as we keep it, for sign-in (login_orders, decision 006) and for the membership decision's signing
 * (sign_sessions, decision 028), and what their waiting pages show of it. Both tables hold the same order state
 * under their own column names and status spellings; the mappings below are the one place that knows both, so the
 * user message, the QR frame, the app link and the collect rhythm are decided once for both.
 */

/** BankID asks relying parties never to collect an order more often than once a second. */
export const COLLECT_INTERVAL_MS = 1000;

export type OrderStatus = "pending" | "complete" | "failed" | "cancelled" | "consumed";

/** An order's persisted state: the columns login_orders and sign_sessions share, mapped. */
export interface BankIdOrder {
  orderRef: string | null;
  autoStartToken: string | null;
  qrStartToken: string | null;
  qrStartSecret: string | null;
  /** The app is launched on the device showing the page, not by scanning the QR code on another. */
  sameDevice: boolean;
  status: OrderStatus;
  hintCode: string | null;
  startedAt: string;
  /** The app link made when the order started, when one was kept; else it is made for the device asking. */
  launchUrl: string | null;
  /** Not before this time may BankID be asked about the order again; null: now. */
  collectDueAt: string | null;
}

/** What a waiting page shows of an order at a moment. */
export interface BankIdOrderView {
  status: OrderStatus;
  hintCode: string | null;
  /** BankID's user message for the state (locales/sv/bankid.json), null once complete. */
  rfa: RfaCode | null;
  /** The animated QR content of this moment, only while an app on another device is awaited. */
  qrData: string | null;
  /** The link that opens the app on this device, only while such an order is pending. */
  launchUrl: string | null;
  startedAt: string;
}

export function fromLoginOrder(row: LoginOrder): BankIdOrder {
  return {
    orderRef: row.order_ref,
    autoStartToken: row.auto_start_token,
    qrStartToken: row.qr_start_token,
    qrStartSecret: row.qr_start_secret,
    sameDevice: row.device === "ThisDevice",
    status: row.status,
    hintCode: row.hint_code,
    startedAt: row.started_at,
    // Sign-in makes the app link for the device that asks, each time (the page knows whether it is a phone).
    launchUrl: null,
    collectDueAt: row.last_collected_at
      ? new Date(Date.parse(row.last_collected_at) + COLLECT_INTERVAL_MS).toISOString()
      : null,
  };
}

export function fromSignSession(
  row: Pick<
    SignSessionsTable,
    | "order_ref"
    | "auto_start_token"
    | "qr_start_token"
    | "qr_start_secret"
    | "sign_device"
    | "status"
    | "hint_code"
    | "started_at"
    | "launch_url"
    | "collect_lease_until"
  >,
): BankIdOrder {
  return {
    orderRef: row.order_ref,
    autoStartToken: row.auto_start_token,
    qrStartToken: row.qr_start_token,
    qrStartSecret: row.qr_start_secret,
    sameDevice: row.sign_device === "ThisDevice",
    status: row.status === "Pending" ? "pending" : row.status,
    hintCode: row.hint_code,
    startedAt: row.started_at,
    launchUrl: row.launch_url,
    // A collector's lease, or the second after the last collect (one collector at a time, decision 028).
    collectDueAt: row.collect_lease_until,
  };
}

/** The order's columns of a newly started order, named alike in both tables. */
export function orderColumns(order: OrderResponse) {
  return {
    order_ref: order.orderRef,
    auto_start_token: order.autoStartToken,
    qr_start_token: order.qrStartToken,
    qr_start_secret: order.qrStartSecret,
  };
}

/** Whether BankID may be asked about the order now (at most once a second). */
export function collectDue(order: Pick<BankIdOrder, "collectDueAt">, now: Date): boolean {
  return !order.collectDueAt || Date.parse(order.collectDueAt) <= now.getTime();
}

/** The animated QR content of this moment (BankID: the seconds since the order started), if the order has one. */
export function currentQrData(order: BankIdOrder, now: Date): string | null {
  if (!order.qrStartToken || !order.qrStartSecret) return null;
  return qrData(
    order.qrStartToken,
    order.qrStartSecret,
    qrSecondsSince(Date.parse(order.startedAt), now.getTime()),
  );
}

/** The user message of an order's state; `mobile`: the page is on a phone or tablet (BankID's wording differs). */
function messageOf(order: BankIdOrder, mobile: boolean): RfaCode | null {
  const { sameDevice, hintCode } = order;
  switch (order.status) {
    case "pending":
      return rfaFor({
        status: "pending",
        hintCode: hintCode ?? "outstandingTransaction",
        sameDevice,
        mobile,
      });
    case "failed":
      // An "error:" hint is our note that BankID could not be reached or refused the call.
      return hintCode?.startsWith("error:")
        ? "RFA5"
        : rfaFor({ status: "failed", hintCode: hintCode ?? "", sameDevice, mobile });
    case "cancelled":
      return "RFA3";
    default:
      return null;
  }
}

/** What a waiting page shows of the order now. */
export function orderView(order: BankIdOrder, now: Date, mobile = false): BankIdOrderView {
  const pending = order.status === "pending";
  const waitingForApp = pending && (order.hintCode === null || order.hintCode === "outstandingTransaction");
  const appLink =
    order.launchUrl ??
    (order.autoStartToken ? launchUrl({ autoStartToken: order.autoStartToken, mobile }) : null);
  return {
    status: order.status,
    hintCode: order.hintCode,
    rfa: messageOf(order, mobile),
    qrData: !order.sameDevice && waitingForApp ? currentQrData(order, now) : null,
    launchUrl: order.sameDevice && pending ? appLink : null,
    startedAt: order.startedAt,
  };
}

/** Whether the page is shown on a phone or tablet, which picks BankID's wording and the app link. */
export function onMobileDevice(userAgent: string | null | undefined): boolean {
  return /Android|iPhone|iPad|Mobile/i.test(userAgent ?? "");
}

/** The hint kept when a collect could not reach BankID or was refused: the page shows RFA5 or our reason. */
export function collectErrorHint(error: unknown): string {
  return isBankIdError(error) ? `error:${error.errorCode}` : "error:unknown";
}

/** Cancels the order at BankID; it may already have finished there, and ours is ended either way. */
export async function cancelAtBankId(bankid: BankIdClient, orderRef: string | null): Promise<void> {
  if (!orderRef) return;
  try {
    await bankid.cancel(orderRef);
  } catch {
    // Already finished at BankID (failed, expired, collected).
  }
}

/** BankID would not start an order; `rfa` is the message the user is shown (RFA5 when BankID gave none). */
export class BankIdStartError extends Error {
  readonly rfa: RfaCode;
  constructor(what: string, cause: unknown) {
    const rfa: RfaCode = isBankIdError(cause) ? cause.rfa : "RFA5";
    super(`BankID ${what} could not start (${rfa})`, { cause });
    this.rfa = rfa;
  }
}
