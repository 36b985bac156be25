import { getDb } from "../db/db.server";
import { getUserById, type User } from "../domain/users.server";
import { perRequest } from "../request-memo.server";
import { getSession } from "../session.server";

export type { User };

/**
 * The one server function through which the shell and the guards read the signed-in user; the root and the
 * page loader of one request share one lookup (request-memo.server).
 */
export function getOptionalUser(request: Request): Promise<User | null> {
  return perRequest(request, "user", () => load(request));
}

async function load(request: Request): Promise<User | null> {
  const userId = (await getSession(request)).get("userId");
  return userId ? getUserById(getDb(), userId) : null;
}
