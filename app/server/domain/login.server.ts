import type { Db } from "../db/kysely.server";
import type { LoginOrder } from "../db/schema.server";
import type { BankIdClient } from "../integrations/bankid/index.server";
import {
  BankIdStartError,
  cancelAtBankId,
  collectDue,
  collectErrorHint,
  fromLoginOrder,
  orderColumns,
  orderView,
  type BankIdOrderView,
} from "./bankid-orders.server";
import type { UseCaseContext } from "./core/context.server";

export type LoginDevice = "ThisDevice" | "OtherDevice";

/** What the waiting page shows of the browser's sign-in order (the order's view, bankid-orders.server.ts). */
export interface LoginState extends BankIdOrderView {
  id: string;
  device: LoginDevice;
  status: LoginOrder["status"];
  returnTo: string;
}

export class LoginStartError extends BankIdStartError {
  constructor(cause: unknown) {
    super("order", cause);
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
    throw new LoginStartError(error);
  }
  await pruneLoginOrders(db, now);
  const id = crypto.randomUUID();
  await db
    .insertInto("login_orders")
    .values({
      id,
      ...orderColumns(order),
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
  if (order.status === "pending" && collectDue(fromLoginOrder(order), now)) {
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
    const hint = collectErrorHint(error);
    await db
      .updateTable("login_orders")
      .set({ status: "failed", hint_code: hint, last_collected_at: stamp, finished_at: stamp })
      .where("id", "=", order.id)
      .execute();
    return { ...order, status: "failed", hint_code: hint };
  }
}

function stateOf(order: LoginOrder, now: Date, mobile: boolean): LoginState {
  return {
    ...orderView(fromLoginOrder(order), now, mobile),
    id: order.id,
    device: order.device,
    status: order.status,
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
  await cancelAtBankId(bankid, order.order_ref);
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
