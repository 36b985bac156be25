import { redirect } from "@remix-run/node";
import { cancelLogin } from "../domain/login.server";
import { destroySession, getSession } from "../platform/session.server";
import { comesFromElsewhere, headersOf } from "../platform/security.server";
import { getEnv } from "../platform/env.server";
import { requestContext } from "../context/request.server";

/** Ends the session and cancels a BankID sign-in still in progress; the headers clear the session cookie. */
export async function endSession(request: Request): Promise<Headers> {
  const session = await getSession(request);
  const orderId = session.get("loginOrderId");
  if (orderId) await cancelLogin(requestContext("system"), orderId);
  return new Headers({ "Set-Cookie": await destroySession(session) });
}

/**
 * The log-out link (GET api/logout, spec 01 §7): a link or a typed address of our own ends the session; a link,
 * image or frame of another site only reaches the log-out page, which asks (and posts) before it ends anything, so
 * that no other site can sign a user out (decision 002).
 */
export async function logOutByLink(request: Request): Promise<Response> {
  if (comesFromElsewhere(headersOf(request), { trustProxy: getEnv().trustProxy }))
    return redirect("/logout", 303);
  return redirect("/login", { headers: await endSession(request) });
}
