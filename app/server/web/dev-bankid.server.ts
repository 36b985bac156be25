import { createCookie } from "@remix-run/node";
import { getOptionalUser } from "../auth/user.server";
import { getDb } from "../db/db.server";
import { pendingSigningOrders } from "../domain/decision/sessions.server";
import { getLoginOrder } from "../domain/login.server";
import { getEnv } from "../platform/env.server";
import { getSession } from "../platform/session.server";

/**
 * Which BankID orders the test BankID app (/dev/bankid) shows and answers in a browser (docs/spec-choices.md). The
 * page is played before its user is signed in, so it cannot ask for a session; instead it knows only what a phone
 * could know: the sign-in this browser started (its session's login order), the signings its signed-in user started,
 * and the orders it was given the code of (QR data or autostart link, as BankID's app is), remembered in a cookie of
 * its own. Anybody else's orders are neither listed nor answered.
 */

const MAX_REMEMBERED = 20;

function phoneCookie() {
  const env = getEnv();
  return createCookie("__bankid_phone", {
    httpOnly: true,
    sameSite: "lax",
    path: "/dev/bankid",
    secure: env.secureCookies,
    secrets: env.sessionSecrets,
    maxAge: 60 * 60,
  });
}

async function openedHere(request: Request): Promise<string[]> {
  const value: unknown = await phoneCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((ref): ref is string => typeof ref === "string") : [];
}

/** The order references this browser may see and answer in the test app. */
export async function ordersOfThisBrowser(request: Request): Promise<Set<string>> {
  const known = new Set(await openedHere(request));
  const db = getDb();
  const login = await getLoginOrder(db, (await getSession(request)).get("loginOrderId"));
  if (login?.order_ref) known.add(login.order_ref);
  const user = await getOptionalUser(request);
  if (user) for (const orderRef of await pendingSigningOrders(db, user.id)) known.add(orderRef);
  return known;
}

/** The Set-Cookie that adds an order this browser opened by its code to the ones it knows. */
export async function rememberOpened(request: Request, orderRef: string): Promise<string> {
  const remembered = [orderRef, ...(await openedHere(request)).filter((ref) => ref !== orderRef)];
  return phoneCookie().serialize(remembered.slice(0, MAX_REMEMBERED));
}
