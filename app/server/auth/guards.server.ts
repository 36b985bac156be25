import { redirect } from "@remix-run/node";
import type { UserRole } from "../db/schema.server";
import { isBoardMember } from "../domain/board.server";
import type { Feature, User } from "../domain/users.server";
import { INDIVIDUALS_TENANT_ID } from "../domain/tenants.server";
import type { MenuEntry } from "~/lib/shell";
import { redirectToLogin } from "../web/api.server";
import { pathWithQuery } from "../platform/http.server";
import { getOptionalUser } from "./user.server";
import { getEnv } from "../platform/env.server";

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

/**
 * An operator (OPERATORS): may see and retry background jobs. Anyone else gets the answer of a page that does not
 * exist, so the page's existence tells them nothing.
 */
export async function requireOperator(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!getEnv().operators.includes(user.personalNumber)) throw new Response("Not found", { status: 404 });
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

/**
 * The main menu entries a user can use (spec 01 §2 and "Roles"). Överlåtelser is the board's or the property
 * manager's list: a private party (a user of the individuals tenant, who belongs to no association's board)
 * would only find it empty, so it is left out; Mina överlåtelser needs private_agreement.
 */
export function menuOf(user: Pick<User, "role" | "features" | "tenantId">): MenuEntry[] {
  const manager = user.role === "PropertyManager";
  const board = isBoardMember(user);
  const privateParty = user.tenantId === INDIVIDUALS_TENANT_ID && !user.features.includes("board_member");
  const menu: MenuEntry[] = [];
  if (manager || (board && !privateParty)) menu.push("transfers");
  if (board && user.features.includes("private_agreement")) menu.push("myTransfers");
  if (manager) menu.push("completedTransfers");
  return menu;
}
