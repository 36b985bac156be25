import { getSession } from "../session.server";

/** The signed-in user as the shell and guards see it. */
export interface ShellUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: "PropertyManager" | "BoardMember";
  status: "Pending" | "Inactive" | "Active";
  features: string[];
  actions: string[];
  tenantId: string;
  tenantDisplayName: string;
}

/**
 * The one server function through which the shell reads the signed-in user. Until users exist (the sign-in
 * issue) no session names one, so it finds none.
 */
export async function getOptionalUser(request: Request): Promise<ShellUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  return null;
}
