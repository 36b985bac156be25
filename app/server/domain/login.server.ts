import type { Db } from "../db/kysely.server";
import type { LoginOrder } from "../db/schema.server";
import {
  isBankIdError,
  qrData,
  qrSecondsSince,
  rfaFor,
  type BankIdClient,
  type RfaCode,
} from "../integrations/bankid/index.server";
import type { UseCaseContext } from "./core/context.server";

export type LoginDevice = "ThisDevice" | "OtherDevice";

export interface LoginState {
  id: string;
  device: LoginDevice;
  status: "pending" | "failed" | "complete" | "consumed" | "cancelled";
  hintCode: string | null;
  /** The user message to show (locales/sv/bankid.json), null once complete. */
  rfa: RfaCode | null;
  /** The current animated QR content, only while the order waits for an app (other device). */
  qr: string | null;
  autoStartToken: string;
  returnTo: string;
}

/** BankID asks relying parties never to collect more often than once a second. */
const MIN_COLLECT_INTERVAL_MS = 1000;

export class LoginStartError extends Error {
  constructor(
    readonly rfa: RfaCode,
    cause?: unknown,
  ) {
    super(`BankID order could not start (${rfa})`, { cause });
  }
}

/** What sign-in needs: the database, BankID and the clock. */
type LoginContext = Pick<UseCaseContext, "db" | "bankid" | "now">;

export async function startLogin(
  ctx: LoginContext,
  input: {
    tenantId: string;
    returnTo: string;
    device: LoginDevice;
    endUserIp: string;
    userAgent?: string | null;
  },
): Promise<string> {
  const { db, bankid } = ctx;
  const now = ctx.now ?? new Date();
  let order;
  try {
    order = await bankid.auth({
      endUserIp: input.endUserIp,
      ...(input.userAgent
        ? { web: { userAgent: input.userAgent.slice(0, 256), referringDomain: "localhost" } }
        : {}),
    });
  } catch (error) {
    throw new LoginStartError(isBankIdError(error) ? error.rfa : "RFA5", error);
  }
  await pruneLoginOrders(db, now);
  const id = crypto.randomUUID();
  await db
    .insertInto("login_orders")
    .values({
      id,
      order_ref: order.orderRef,
      auto_start_token: order.autoStartToken,
      qr_start_token: order.qrStartToken,
      qr_start_secret: order.qrStartSecret,
      device: input.device,
      tenant_id: input.tenantId,
      return_to: input.returnTo,
      status: "pending",
      started_at: now.toISOString(),
    })
    .execute();
  return id;
}

export async function getLoginOrder(db: Db, id: string | undefined | null): Promise<LoginOrder | null> {
  if (!id) return null;
  return (await db.selectFrom("login_orders").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/**
 * Collects the order (at most once a second) and answers what the waiting page shows. `mobile`: the page is
 * shown on a phone or tablet, which picks BankID's wording for the same device.
 */
export async function pollLogin(
  ctx: LoginContext,
  id: string,
  { mobile = false }: { mobile?: boolean } = {},
): Promise<LoginState | null> {
  const { db, bankid } = ctx;
  const now = ctx.now ?? new Date();
  let order = await getLoginOrder(db, id);
  if (!order) return null;
  const due =
    !order.last_collected_at ||
    now.getTime() - Date.parse(order.last_collected_at) >= MIN_COLLECT_INTERVAL_MS;
  if (order.status === "pending" && due) {
    order = await collectOnce(db, bankid, order, now);
  }
  return stateOf(order, now, mobile);
}

async function collectOnce(db: Db, bankid: BankIdClient, order: LoginOrder, now: Date): Promise<LoginOrder> {
  const stamp = now.toISOString();
  try {
    const answer = await bankid.collect(order.order_ref);
    if (answer.status === "pending") {
      await db
        .updateTable("login_orders")
        .set({ hint_code: answer.hintCode, last_collected_at: stamp })
        .where("id", "=", order.id)
        .execute();
      return { ...order, hint_code: answer.hintCode, last_collected_at: stamp };
    }
    if (answer.status === "failed") {
      await db
        .updateTable("login_orders")
        .set({ status: "failed", hint_code: answer.hintCode, last_collected_at: stamp, finished_at: stamp })
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .execute();
      return { ...order, status: "failed", hint_code: answer.hintCode, last_collected_at: stamp };
    }
    const user = answer.completionData.user;
    await db
      .updateTable("login_orders")
      .set({
        status: "complete",
        hint_code: null,
        personal_number: user.personalNumber,
        given_name: user.givenName,
        surname: user.surname,
        last_collected_at: stamp,
        finished_at: stamp,
      })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .execute();
    return (await getLoginOrder(db, order.id)) ?? order;
  } catch (error) {
    // BankID unreachable or refusing: the order cannot go on; the page shows RFA5/RFA22 and offers a new try.
    const hint = isBankIdError(error) ? `error:${error.errorCode}` : "error:unknown";
    await db
      .updateTable("login_orders")
      .set({ status: "failed", hint_code: hint, last_collected_at: stamp, finished_at: stamp })
      .where("id", "=", order.id)
      .execute();
    return { ...order, status: "failed", hint_code: hint };
  }
}

/** The animated QR content of an order at this moment (BankID: seconds since the order started). */
export function currentQrData(order: LoginOrder, now: Date): string {
  return qrData(
    order.qr_start_token,
    order.qr_start_secret,
    qrSecondsSince(Date.parse(order.started_at), now.getTime()),
  );
}

function stateOf(order: LoginOrder, now: Date, mobile: boolean): LoginState {
  const sameDevice = order.device === "ThisDevice";
  let rfa: RfaCode | null = null;
  if (order.status === "pending")
    rfa = rfaFor({
      status: "pending",
      hintCode: order.hint_code ?? "outstandingTransaction",
      sameDevice,
      mobile,
    });
  else if (order.status === "failed")
    rfa = order.hint_code?.startsWith("error:")
      ? "RFA5"
      : rfaFor({ status: "failed", hintCode: order.hint_code ?? "", sameDevice, mobile });
  else if (order.status === "cancelled") rfa = "RFA3";
  const waitingForApp =
    order.status === "pending" && (order.hint_code === null || order.hint_code === "outstandingTransaction");
  return {
    id: order.id,
    device: order.device,
    status: order.status,
    hintCode: order.hint_code,
    rfa,
    qr: !sameDevice && waitingForApp ? currentQrData(order, now) : null,
    autoStartToken: order.auto_start_token,
    returnTo: order.return_to,
  };
}

export async function cancelLogin(ctx: LoginContext, id: string): Promise<void> {
  const { db, bankid } = ctx;
  const now = ctx.now ?? new Date();
  const order = await getLoginOrder(db, id);
  if (!order || order.status !== "pending") return;
  await db
    .updateTable("login_orders")
    .set({ status: "cancelled", finished_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
  try {
    await bankid.cancel(order.order_ref);
  } catch {
    // The order may already have finished at BankID; ours is cancelled either way.
  }
}

/** Takes a completed order exactly once (a second tab or a replayed request finds nothing). */
export async function consumeCompletedLogin(db: Db, id: string, now = new Date()) {
  const result = await db
    .updateTable("login_orders")
    .set({ status: "consumed", finished_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "complete")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const order = await getLoginOrder(db, id);
  if (!order?.personal_number) return null;
  return {
    personalNumber: order.personal_number,
    givenName: order.given_name ?? "",
    surname: order.surname ?? "",
    tenantId: order.tenant_id,
    returnTo: order.return_to,
  };
}

/** Old orders hold QR secrets; they are of no use after ten minutes. */
export async function pruneLoginOrders(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - 10 * 60_000).toISOString();
  await db.deleteFrom("login_orders").where("started_at", "<", cutoff).execute();
}
