import { destroySession, getSession } from "../session.server";

/** Ends the session; the headers clear the session cookie. */
export async function endSession(request: Request): Promise<Headers> {
  const session = await getSession(request);
  return new Headers({ "Set-Cookie": await destroySession(session) });
}
