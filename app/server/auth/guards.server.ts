import { redirect } from "@remix-run/node";
import type { UserRole } from "../db/schema.server";
import { isBoardMember } from "../domain/board.server";
import type { Feature, User } from "../domain/users.server";
import { redirectToLogin } from "../api.server";
import { pathWithQuery } from "../http.server";
import { getOptionalUser } from "./user.server";

export interface Requirements {
  role?: UserRole | UserRole[];
  feature?: Feature;
  action?: string;
  /** Where a user who does not meet the requirements goes; "/" by default. */
  redirectTo?: string;
}

/**
 * The route guard of spec 01: a loaded, Active user meeting role, feature and action requirements.
 * No session -> /login?r=; Pending and unregistered -> /user/register?r=; other non-Active -> /user/pending?r=.
 */
export async function requireUser(request: Request, requirements: Requirements = {}): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) throw redirectToLogin(request);
  pointerGuard(user, pathWithQuery(request));
  if (!meets(user, requirements)) throw redirect(requirements.redirectTo ?? "/");
  return user;
}

/** The pointer guard: a Pending, unregistered user registers; any other non-Active user waits. Both carry r. */
export function pointerGuard(user: User, r: string): void {
  const back = encodeURIComponent(r);
  if (user.status === "Pending" && !user.registered) throw redirect(`/user/register?r=${back}`);
  if (user.status !== "Active") throw redirect(`/user/pending?r=${back}`);
}

export function meets(user: User, { role, feature, action }: Requirements): boolean {
  if (role !== undefined) {
    const roles = Array.isArray(role) ? role : [role];
    const ok = roles.some((r) => (r === "BoardMember" ? isBoardMember(user) : user.role === r));
    if (!ok) return false;
  }
  if (feature !== undefined && !user.features.includes(feature)) return false;
  if (action !== undefined && !user.actions.includes(action)) return false;
  return true;
}

/** Where a signed-in Active user starts (spec 01 "Login / start page"). */
export function homeOf(user: Pick<User, "role" | "features">): string {
  if (user.role === "PropertyManager" || user.features.includes("board_member")) return "/transfers";
  if (user.features.includes("private_agreement")) return "/transfers/private";
  return "/noPermissions";
}
