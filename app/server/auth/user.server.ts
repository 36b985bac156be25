import { getDb } from "../db/db.server";
import { getUserById, type User } from "../domain/users.server";
import { perRequest } from "../platform/request-memo.server";
import { getSession } from "../platform/session.server";
import { noteUser } from "../platform/request-context.server";

export type { User };

/**
 * The one server function through which the shell and the guards read the signed-in user; the root and the
 * page loader of one request share one lookup (request-memo.server).
 */
export function getOptionalUser(request: Request): Promise<User | null> {
  // The cookie is part of the key: should a load context ever be shared between requests, a memo still
  // never hands one session's user to another.
  return perRequest(request, `user:${request.headers.get("Cookie") ?? ""}`, () => load(request));
}

async function load(request: Request): Promise<User | null> {
  const userId = (await getSession(request)).get("userId");
  const user = userId ? await getUserById(getDb(), userId) : null;
  // The request's log lines and error reports name the user (by id) from here on.
  if (user) noteUser(user);
  return user;
}
