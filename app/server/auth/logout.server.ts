import { cancelLogin } from "../domain/login.server";
import { destroySession, getSession } from "../platform/session.server";
import { requestContext } from "../context/request.server";

/** Ends the session and cancels a BankID sign-in still in progress; the headers clear the session cookie. */
export async function endSession(request: Request): Promise<Headers> {
  const session = await getSession(request);
  const orderId = session.get("loginOrderId");
  if (orderId) await cancelLogin(requestContext("system"), orderId);
  return new Headers({ "Set-Cookie": await destroySession(session) });
}
