import { getDb } from "../db/db.server";
import { getUserById, type User } from "../domain/users.server";
import { getSession } from "../session.server";

export type { User };

// Remix hands every loader of one request the same Request: the root and the page share one user lookup.
const loaded = new WeakMap<Request, Promise<User | null>>();

/** The one server function through which the shell and the guards read the signed-in user. */
export function getOptionalUser(request: Request): Promise<User | null> {
  let user = loaded.get(request);
  if (!user) {
    user = load(request);
    loaded.set(request, user);
  }
  return user;
}

async function load(request: Request): Promise<User | null> {
  const userId = (await getSession(request)).get("userId");
  return userId ? getUserById(getDb(), userId) : null;
}
