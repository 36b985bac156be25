import { getDb } from "../db/db.server";
import { getUserById, type User } from "../domain/users.server";
import { getSession } from "../session.server";

export type { User };

/** The one server function through which the shell and the guards read the signed-in user. */
export async function getOptionalUser(request: Request): Promise<User | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  return getUserById(getDb(), userId);
}
